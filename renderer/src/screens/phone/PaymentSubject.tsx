import type { PaymentSummary, PsuSummary } from '../../../../preload/api/workbench-api';
import { StatusBadge } from '../../widgets/StatusBadge';
import { accountLabel } from '../../widgets/account-number';
import { formatAmount } from '../../widgets/format';
import { Creditors } from './Creditors';

interface Props {
  paymentId: string;
  payment: PaymentSummary | undefined;
  psu: PsuSummary | undefined;
}

/** The payment being authorised, amount and creditor first: they are what the PSU must check before approving. */
export function PaymentSubject({ paymentId, payment, psu }: Props) {
  if (!payment) {
    return (
      <div className="journey-subject">
        <p className="muted">
          Payment <span className="wire">{paymentId}</span> is not in the bank&rsquo;s list yet.
        </p>
      </div>
    );
  }
  const debtor = psu?.accounts.find((a) => a.resourceId === payment.debtorAccountId);
  return (
    <div className="journey-subject">
      <p className="amount" data-testid="journey-amount">
        {formatAmount(payment.totalAmount, payment.currency)}
      </p>
      <Creditors payment={payment} />
      <dl className="phone-facts">
        <dt>Product</dt>
        <dd>{payment.product}</dd>
        <dt>From</dt>
        <dd className="wire-plain">{(debtor && accountLabel({ iban: debtor.iban, otherId: debtor.bban })) ?? payment.debtorAccountId}</dd>
        <dt>Execution</dt>
        <dd>{payment.executionDate}</dd>
        <dt>Authorisations</dt>
        <dd>
          {payment.authorisations.length} of {payment.authorisationsRequired}
          {payment.authorisations.length > 0 && ` (${payment.authorisations.map((a) => a.psuId).join(', ')})`}
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge value={payment.status} />
        </dd>
      </dl>
    </div>
  );
}
