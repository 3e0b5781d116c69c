import { useBank } from '../../state/bank';
import { useResources } from '../../state/resources';
import { CreditorTable } from './CreditorTable';
import { FieldList } from './FieldList';
import { PaymentStateDiagram } from './PaymentStateDiagram';
import { ResourceExchanges } from './ResourceExchanges';
import { StatusBadge } from '../../widgets/StatusBadge';
import { useShell } from '../../state/shell';
import { useEditor } from '../editor/editor-state';

/** The selected consent, payment or basket with all its fields and its exchanges; payments also show their lifecycle. */
export function DetailPane() {
  const selection = useBank((s) => s.selection);
  const consent = useResources((s) => (selection?.kind === 'consent' ? s.consents.find((c) => c.consentId === selection.id) : undefined));
  const payment = useResources((s) => (selection?.kind === 'payment' ? s.payments.find((p) => p.paymentId === selection.id) : undefined));
  const basket = useResources((s) => (selection?.kind === 'basket' ? s.baskets.find((b) => b.basketId === selection.id) : undefined));
  const select = useBank((s) => s.select);

  if (!selection) {
    return (
      <aside className="bank-detail bank-detail-empty" aria-label="Detail">
        <p>Select a consent, payment or basket to see all its fields, its exchanges and, for payments, where it is in its lifecycle.</p>
      </aside>
    );
  }
  const record = consent ?? payment ?? basket;
  return (
    <aside className="bank-detail" aria-label="Detail" data-testid="bank-detail">
      <header className="bank-detail-header">
        <h2>
          <span className="bank-detail-kind">{selection.kind}</span> <span className="wire">{selection.id}</span>
        </h2>
        <button type="button" aria-label="Close detail" onClick={() => select(null)}>
          Close
        </button>
      </header>
      {!record && <p className="muted">This {selection.kind} is no longer in the bank (was the simulator reset?).</p>}
      {consent && (
        <p className="bank-detail-status">
          <StatusBadge value={consent.consentStatus} />
        </p>
      )}
      {basket && (
        <p className="bank-detail-status">
          <StatusBadge value={basket.transactionStatus} />
        </p>
      )}
      {payment && (
        <p className="bank-detail-actions">
          <button
            type="button"
            data-testid="open-pain001"
            title="The pain.001 exactly as the TPP sent it, read-only, with its pain.002 explained beside it"
            onClick={() => {
              void useEditor.getState().openPayment(payment);
              useShell.getState().setScreen('editor');
            }}
          >
            Open pain.001 in the editor
          </button>
        </p>
      )}
      {payment && <PaymentStateDiagram payment={payment} />}
      {payment && <CreditorTable payment={payment} />}
      {record && <FieldList record={withoutCreditors(record)} />}
      {record && <ResourceExchanges selection={selection} />}
    </aside>
  );
}

/** A payment's creditors have their own table above; the rest of the record is listed as returned. */
function withoutCreditors(record: object): object {
  if (!('creditors' in record)) return record;
  const { creditors: _shown, ...rest } = record as { creditors: unknown };
  return rest;
}
