import type { BasketSummary, ConsentSummary, PaymentSummary } from '../../../../preload/api/workbench-api';
import { formatAmount, formatDate, formatInstant, productLabel, shortId } from '../../widgets/format';
import { SimTime } from '../../widgets/SimTime';
import { accountLabel } from '../../widgets/account-number';
import { mostSevereVop, vopStatusValue } from '../../widgets/vop';
import type { Column } from './ResourceTable';
import { StatusBadge } from '../../widgets/StatusBadge';

const Id = ({ id }: { id: string }) => (
  <span className="wire" title={id}>
    {shortId(id)}
  </span>
);

/** The first creditor names the payment; a bulk says how many more there are. */
const Creditor = ({ payment }: { payment: PaymentSummary }) => {
  const [first] = payment.creditors;
  if (!first) return <span className="muted">none</span>;
  return (
    <span title={[first.name, accountLabel(first)].filter(Boolean).join(' · ')}>
      {first.name}
      {payment.transactionCount > 1 && <span className="muted"> and {payment.transactionCount - 1} more</span>}
    </span>
  );
};

/** The result needing most attention, with how many listed transfers share it; empty where VoP does not apply. */
const VopCell = ({ payment }: { payment: PaymentSummary }) => {
  const severe = mostSevereVop(payment);
  if (!severe)
    return (
      <span className="muted" title="Verification of Payee applies to SEPA credit transfers only">
        n/a
      </span>
    );
  const value = vopStatusValue(severe.vop);
  return (
    <span data-testid="payment-vop">
      <StatusBadge value={value} label={severe.count > 1 ? `${value} ×${severe.count}` : value} />
    </span>
  );
};

// Priorities (ResourceTable): the identifier, status and what a person checks stay; where and
// when give way first on a narrow table.
export const CONSENT_COLUMNS: readonly Column<ConsentSummary>[] = [
  { header: 'Consent', cell: (c) => <Id id={c.consentId} /> },
  { header: 'Institution', cell: (c) => c.institution, priority: 3 },
  { header: 'PSU', cell: (c) => c.psuId, priority: 2 },
  { header: 'TPP', cell: (c) => <span title={c.tppId}>{c.tppId}</span>, grow: true },
  {
    header: 'Status',
    cell: (c) => (
      <span data-testid="consent-status">
        <StatusBadge value={c.consentStatus} />
      </span>
    ),
  },
  {
    header: 'Valid until',
    cell: (c) => <span title={`Expires ${formatInstant(c.expiresAt)} (${c.validUntil})`}>{formatDate(c.validUntil)}</span>,
    priority: 2,
  },
  { header: 'Created', cell: (c) => <SimTime instant={c.createdAt} />, priority: 3 },
];

export const PAYMENT_COLUMNS: readonly Column<PaymentSummary>[] = [
  { header: 'Payment', cell: (p) => <Id id={p.paymentId} />, priority: 2 },
  { header: 'Product', cell: (p) => <span title={p.product}>{productLabel(p.product)}</span>, priority: 3 },
  { header: 'Institution', cell: (p) => p.institution, priority: 3 },
  { header: 'Amount', cell: (p) => formatAmount(p.totalAmount, p.currency) },
  {
    header: 'Status',
    cell: (p) => (
      <span data-testid="payment-status">
        <StatusBadge value={p.status} />
      </span>
    ),
  },
  {
    header: 'Approvals',
    priority: 2,
    cell: (p) => (
      // Who authorised is one hover away and in the detail: the column stays narrow so VoP and the creditor fit.
      <span title={p.authorisations.map((a) => a.psuId).join(', ') || 'none yet'}>
        {p.authorisations.length}/{p.authorisationsRequired}
      </span>
    ),
  },
  { header: 'VoP', cell: (p) => <VopCell payment={p} /> },
  // Last, so the status stays in view when the detail pane narrows the table.
  { header: 'Creditor', cell: (p) => <Creditor payment={p} />, grow: true },
  { header: 'Created', cell: (p) => <SimTime instant={p.createdAt} />, priority: 3 },
];

export const BASKET_COLUMNS: readonly Column<BasketSummary>[] = [
  { header: 'Basket', cell: (b) => <Id id={b.basketId} /> },
  { header: 'Institution', cell: (b) => b.institution, priority: 3 },
  { header: 'PSU', cell: (b) => b.psuId, priority: 2, grow: true },
  {
    header: 'Status',
    cell: (b) => (
      <span data-testid="basket-status">
        <StatusBadge value={b.transactionStatus} />
      </span>
    ),
  },
  { header: 'Payments', cell: (b) => b.paymentIds.length },
  { header: 'Created', cell: (b) => <SimTime instant={b.createdAt} />, priority: 3 },
];
