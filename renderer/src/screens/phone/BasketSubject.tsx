import type { BasketSummary, PaymentSummary, ScaJourney } from '../../../../preload/api/workbench-api';
import { formatAmount, productLabel, shortId } from '../../widgets/format';
import { ProviderFact } from './ProviderFact';

interface Props {
  basketId: string;
  basket: BasketSummary | undefined;
  payments: readonly PaymentSummary[];
  tpp: ScaJourney['tpp'];
}

/** One approval covers every payment in the basket, so each is listed. */
export function BasketSubject({ basketId, basket, payments, tpp }: Props) {
  if (!basket) {
    return (
      <div className="journey-subject">
        <p className="muted">
          Basket <span className="wire">{basketId}</span> is not in the bank&rsquo;s list yet.
        </p>
      </div>
    );
  }
  return (
    <div className="journey-subject">
      <p className="journey-lead">
        {basket.paymentIds.length} payment{basket.paymentIds.length === 1 ? '' : 's'} in one approval
      </p>
      <ul className="basket-list" aria-label="Payments in this basket">
        {basket.paymentIds.map((id) => {
          const payment = payments.find((p) => p.paymentId === id);
          return (
            <li key={id}>
              <span className="wire" title={id}>
                {shortId(id)}
              </span>
              {payment ? (
                <>
                  <span title={payment.product}>{productLabel(payment.product)}</span>
                  <strong>{formatAmount(payment.totalAmount, payment.currency)}</strong>
                </>
              ) : (
                <span className="muted">unknown payment</span>
              )}
            </li>
          );
        })}
      </ul>
      {tpp && (
        <dl className="phone-facts">
          <ProviderFact tpp={tpp} />
        </dl>
      )}
    </div>
  );
}
