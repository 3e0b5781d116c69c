import type { PaymentSummary, PsuSummary, ScaJourney } from '../../../../preload/api/workbench-api';
import { StatusBadge } from '../../widgets/StatusBadge';
import { accountLabel } from '../../widgets/account-number';
import { formatAmount, formatDate, productLabel } from '../../widgets/format';
import { approvalsText, paymentStatusWords } from '../../widgets/plain-words';
import { Creditors } from './Creditors';
import { ProviderFact } from './ProviderFact';
import { TrainerCode } from './TrainerCode';

interface Props {
  paymentId: string;
  payment: PaymentSummary | undefined;
  psu: PsuSummary | undefined;
  tpp: ScaJourney['tpp'];
}

/** The payment being authorised, amount and creditor first: they are what the PSU must check before approving. */
export function PaymentSubject({ paymentId, payment, psu, tpp }: Props) {
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
  const from = (debtor && accountLabel({ iban: debtor.iban, otherId: debtor.bban })) ?? payment.debtorAccountId;
  const [first] = payment.creditors;
  const to = payment.transactionCount === 1 && first ? first.name : `${payment.transactionCount} payees`;
  const done = payment.authorisations.length;
  return (
    <div className="journey-subject">
      {/* Who pays whom, in a line; how much and the payee's details follow in large type. */}
      <p className="journey-summary" data-testid="journey-summary">
        Your account <span className="wire-plain">{from}</span> pays {to}
      </p>
      <p className="amount" data-testid="journey-amount">
        {formatAmount(payment.totalAmount, payment.currency)}
      </p>
      <Creditors payment={payment} />
      <p className="journey-approvals" data-testid="journey-approvals">
        <strong>{approvalsText(done, payment.authorisationsRequired)}</strong>
        {done > 0 && <span className="muted"> · approved by {payment.authorisations.map((a) => a.psuId).join(', ')}</span>}
      </p>
      <dl className="phone-facts">
        <ProviderFact tpp={tpp} />
        <dt>Type</dt>
        <dd>{productLabel(payment.product)} transfer</dd>
        <dt>Execution</dt>
        <dd>{formatDate(payment.executionDate)}</dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge value={payment.status} label={paymentStatusWords(payment.status)} />
        </dd>
      </dl>
      <TrainerCode>
        {payment.product} · {payment.status} · {paymentId}
      </TrainerCode>
    </div>
  );
}
