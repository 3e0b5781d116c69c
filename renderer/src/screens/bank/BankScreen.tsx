import { useEffect } from 'react';
import { workbench } from '../../api';
import { useBank } from '../../state/bank';
import { bankApiBase, useShell } from '../../state/shell';
import { retainResources, showMore, useResources } from '../../state/resources';
import { SplitPane } from '../../widgets/SplitPane';
import { ClockControls } from './ClockControls';
import { ResetButton } from './ResetButton';
import { NewClassButton } from './NewClassButton';
import { DetailPane } from './DetailPane';
import { ModeSwitch } from './ModeSwitch';
import { OperatorSettings } from './OperatorSettings';
import { FaultsPanel } from './FaultsPanel';
import { LessonsPreparedPanel } from './LessonsPreparedPanel';
import { ResourceTable } from './ResourceTable';
import { BASKET_COLUMNS, CONSENT_COLUMNS, PAYMENT_COLUMNS } from './tables';
import './bank.css';

/** Screen 5: the bank's view of its resources, its clock and its behaviour. */
export function BankScreen() {
  const { selection, busy, select, reset, error: commandError } = useBank();
  const { consents, payments, baskets, totals, loaded, error: listError } = useResources();
  const error = commandError ?? listError;
  const selected = (kind: string) => (selection?.kind === kind ? selection.id : null);
  const base = bankApiBase(
    useShell((s) => s.simulatorUrl),
    useShell((s) => s.info?.institutions),
  );

  useEffect(retainResources, []);
  useEffect(() => {
    // The selection outlives the screen; its exchanges may have grown while another was shown.
    void useBank.getState().loadExchanges();
    return workbench.subscribe(
      (events) => useBank.getState().onEvents(events),
      () => void useBank.getState().loadExchanges(),
    );
  }, []);

  return (
    <div className="bank-screen" data-testid="bank-screen">
      <div className="bank-toolbar">
        <ClockControls />
        <div className="bank-actions">
          <ModeSwitch />
          <ResetButton busy={busy} onReset={() => void reset()} />
          <NewClassButton />
        </div>
      </div>
      {error && (
        <p className="bank-error" role="alert">
          {error}
        </p>
      )}
      <SplitPane className="bank-panes" persistAs="bank" label="Resize the resource tables and the detail" defaultPercent={67} minStartPx={360} minEndPx={300}>
        <div className="bank-lists">
          {!loaded && <p className="muted">Loading the bank&rsquo;s resources&hellip;</p>}
          <ResourceTable
            title="Consents"
            testId="consents"
            rows={consents}
            total={totals.consents}
            onMore={() => void showMore('consents')}
            columns={CONSENT_COLUMNS}
            rowKey={(c) => c.consentId}
            selectedKey={selected('consent')}
            onOpen={(id) => select({ kind: 'consent', id })}
            empty={`No consents yet. Start “AIS consent and account reading” in Flows (key 1), or POST ${base}/consents from your TPP and approve it on the Phone.`}
          />
          <ResourceTable
            title="Payments"
            testId="payments"
            rows={payments}
            total={totals.payments}
            onMore={() => void showMore('payments')}
            columns={PAYMENT_COLUMNS}
            rowKey={(p) => p.paymentId}
            selectedKey={selected('payment')}
            onOpen={(id) => select({ kind: 'payment', id })}
            empty={`No payments yet. Start “Single SEPA payment with VoP and two authorisations” in Flows (key 1), or POST a pain.001 to ${base}/payments/{product} from your TPP.`}
          />
          <ResourceTable
            title="Signing baskets"
            testId="baskets"
            rows={baskets}
            total={totals.baskets}
            onMore={() => void showMore('baskets')}
            columns={BASKET_COLUMNS}
            rowKey={(b) => b.basketId}
            selectedKey={selected('basket')}
            onOpen={(id) => select({ kind: 'basket', id })}
            empty={`No signing baskets yet. Start “Signing basket” in Flows (key 1), or POST the paymentIds of payments to ${base}/signing-baskets.`}
          />
          <OperatorSettings />
          <FaultsPanel />
          <LessonsPreparedPanel />
        </div>
        <DetailPane />
      </SplitPane>
    </div>
  );
}
