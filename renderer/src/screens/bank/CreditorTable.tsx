import type { PaymentSummary } from '../../../../preload/api/workbench-api';
import { StatusBadge } from '../../widgets/StatusBadge';
import { accountLabel } from '../../widgets/account-number';
import { formatAmount } from '../../widgets/format';
import { vopStatusValue } from '../../widgets/vop';

/** Whom the payment pays, each transfer with its Verification of Payee result and what the payee's PSP said. */
export function CreditorTable({ payment }: { payment: PaymentSummary }) {
  const hidden = payment.transactionCount - payment.creditors.length;
  return (
    <section className="bank-creditors" aria-label="Creditors">
      <h3>
        Creditors <span className="bank-exchanges-count">{payment.transactionCount}</span>
      </h3>
      <div className="bank-subtable-scroll">
        <table className="bank-subtable" data-testid="creditor-table">
          <thead>
            <tr>
              <th>Name</th>
              <th>Account</th>
              <th>Amount</th>
              <th>VoP</th>
            </tr>
          </thead>
          <tbody>
            {payment.creditors.map((c, i) => (
              <tr key={i}>
                <td>{c.name}</td>
                <td className="wire-plain">{accountLabel(c) ?? ''}</td>
                <td>{formatAmount(c.amount, c.currency)}</td>
                <td>
                  {c.vop ? (
                    <>
                      <StatusBadge value={vopStatusValue(c.vop)} />
                      {c.vop.additionalInfo && <span className="muted"> {c.vop.additionalInfo}</span>}
                    </>
                  ) : (
                    <span className="muted">n/a</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hidden > 0 && <p className="muted">and {hidden.toLocaleString()} more in the pain.001 (GET the payment for all of them)</p>}
    </section>
  );
}
