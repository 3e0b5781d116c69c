import type { PaymentSummary } from '../../../../preload/api/workbench-api';
import { accountLabel } from '../../widgets/account-number';
import { formatAmount } from '../../widgets/format';
import { mostSevereVop, vopLabel, vopStatusValue } from '../../widgets/vop';
import { StatusBadge } from '../../widgets/StatusBadge';
import { VopBanner } from './VopBanner';

// A phone screen has room to check a few payees; the rest are counted, not hidden.
const SHOWN_IN_BULK = 3;

/** Who receives the money: what the PSU must check, beside the amount, before approving. */
export function Creditors({ payment }: { payment: PaymentSummary }) {
  const [first] = payment.creditors;
  if (!first) return null;
  if (payment.transactionCount === 1) {
    const account = accountLabel(first);
    return (
      <div className="creditor" data-testid="journey-creditor">
        {/* First: what the payee's bank said of the name is the PSU's reason to stop, and on a projector the card is short. */}
        {first.vop && <VopBanner vop={first.vop} />}
        <p className="creditor-label">To</p>
        <p className="creditor-name">{first.name}</p>
        {account && (
          <p className="wire-plain creditor-account" data-testid="journey-creditor-account">
            {account}
          </p>
        )}
      </div>
    );
  }
  const shown = payment.creditors.slice(0, SHOWN_IN_BULK);
  const more = payment.transactionCount - shown.length;
  const severe = mostSevereVop(payment);
  return (
    <div className="creditor" data-testid="journey-creditor">
      <p className="journey-lead">{payment.transactionCount} credit transfers</p>
      {severe && (
        <VopBanner
          vop={severe.vop}
          prefix={
            payment.creditors.length > 1
              ? `${severe.count} of ${payment.creditors.length}${payment.transactionCount > payment.creditors.length ? ' listed' : ''}: `
              : undefined
          }
        />
      )}
      <ul className="creditor-list" aria-label="Creditors">
        {shown.map((c, i) => {
          const account = accountLabel(c);
          return (
            <li key={i}>
              <span className="creditor-list-name">{c.name}</span>
              <strong>{formatAmount(c.amount, c.currency)}</strong>
              {c.vop && <StatusBadge value={vopStatusValue(c.vop)} label={vopLabel(c.vop)} />}
              {account && <span className="wire-plain creditor-account">{account}</span>}
            </li>
          );
        })}
      </ul>
      {more > 0 && <p className="creditor-more">and {more} more</p>}
    </div>
  );
}
