// Beside the editor: what the editor sent (the built-in TPP's request, exactly), and the payment's
// pain.002 as the bank would send it now, each transaction's status and reasons in plain words,
// refreshed on every change of the payment (docs/architecture.md#the-payment-editor).
import { useEffect, useMemo } from 'react';
import { workbench } from '../../api';
import type { FlowExchange, WorkbenchEvent } from '../../../../preload/api/workbench-api';
import { useBank } from '../../state/bank';
import { useInspector } from '../../state/inspector';
import { useShell } from '../../state/shell';
import { StatusBadge } from '../../widgets/StatusBadge';
import { overallStatus, readStatusReport, reasonWords, statusWords, VOP_CODES } from './language/pain002';
import { useSubmission } from './submission';

/** A 10,000-transaction bulk lists its first transactions; the raw report below has them all. */
const SHOWN_TRANSACTIONS = 200;

function SentRequest({ request }: { request: FlowExchange }) {
  return (
    <details className="editor-sent" data-testid="editor-sent">
      <summary>
        Request sent by the built-in TPP → <span className={`http-status http-${Math.floor(request.status / 100)}xx`}>{request.status}</span>
        <p className="editor-sent-line wire-plain">
          {request.method} {request.url}
        </p>
      </summary>
      <h4>Headers</h4>
      <dl className="editor-sent-headers">
        {Object.entries(request.requestHeaders).map(([name, value]) => (
          <div key={name}>
            <dt className="wire-plain">{name}</dt>
            <dd className="wire-plain">{value}</dd>
          </div>
        ))}
      </dl>
      <h4>Body</h4>
      <pre className="wire-block editor-sent-body" data-testid="editor-sent-body">
        {request.requestBody ?? ''}
      </pre>
      <h4>Response</h4>
      <pre className="wire-block">{request.responseBody}</pre>
    </details>
  );
}

/** Events after which the payment's report may read differently. */
function concerns(e: WorkbenchEvent, paymentId: string): boolean {
  switch (e.type) {
    case 'payment':
      return e.paymentId === paymentId;
    case 'exchange':
      return e.exchange.resourceId === paymentId;
    // An authorisation given or refused changes the words ("1 of 2 given") without changing the status.
    case 'sca':
      return e.kind !== 'consent' && (e.status === 'finalised' || e.status === 'failed');
    case 'clock':
    case 'reset':
      return true;
    default:
      return false;
  }
}

function openInBank(paymentId: string): void {
  useBank.getState().select({ kind: 'payment', id: paymentId });
  useShell.getState().setScreen('bank');
}

async function openInInspector(paymentId: string, exchangeId: number | null): Promise<void> {
  const inspector = useInspector.getState();
  if (exchangeId !== null) {
    inspector.setFilter('');
    inspector.show(await workbench.getExchange(exchangeId));
  } else inspector.setFilter(paymentId);
  useShell.getState().setScreen('inspector');
}

export function ReportPane() {
  const { sending, last, paymentId, report, payment, reportError } = useSubmission();

  // Every change of the payment (a status, an authorisation, a VoP result settling with the clock) is a new report.
  useEffect(() => {
    if (paymentId === null) return undefined;
    return workbench.subscribe(
      (events) => {
        if (events.some((e) => concerns(e, paymentId))) void useSubmission.getState().refresh();
      },
      () => void useSubmission.getState().refresh(),
    );
  }, [paymentId]);

  const read = useMemo(() => (report === null ? null : readStatusReport(report)), [report]);
  const authorisations = payment ? { given: payment.authorisations.length, required: payment.authorisationsRequired } : null;
  const overall = read?.ok ? overallStatus(read.report) : null;

  return (
    <aside className="editor-report" aria-label="Submission and status report" data-testid="editor-report">
      {sending && <p className="muted">Sending as the PSU through the built-in TPP (consent and token first, when needed)…</p>}
      {last?.error && (
        <p className="editor-report-error" role="alert">
          Not sent: {last.error}
        </p>
      )}
      {last?.request && last.status !== 201 && (
        <p className="editor-report-error" role="alert" data-testid="editor-refused">
          The bank refused the payment ({last.status}); its messages are marked in the text and listed under Problems.
        </p>
      )}
      {last?.request && <SentRequest request={last.request} />}
      {paymentId === null && !sending && !last && (
        <div className="empty-state">
          <p>Submit the pain.001 to see the bank’s status report here.</p>
          <p>Or open a payment’s original from the Bank screen.</p>
        </div>
      )}
      {paymentId !== null && (
        <section className="editor-pain002" data-testid="editor-pain002" aria-label="Status report (pain.002)">
          <header className="editor-pain002-header">
            <h3>
              Payment <span className="wire">{paymentId.slice(0, 8)}</span>
            </h3>
            {overall && <StatusBadge value={overall} />}
          </header>
          {overall && (
            <p className="editor-pain002-summary" data-testid="editor-pain002-summary">
              {statusWords(overall, authorisations)}
              {read?.ok && read.report.groupReasons.map((r) => ` — ${reasonWords(r)}`).join('')}
            </p>
          )}
          <p className="editor-pain002-links">
            <button type="button" className="link-button" onClick={() => openInBank(paymentId)}>
              Show in the Bank screen
            </button>
            <button type="button" className="link-button" onClick={() => void openInInspector(paymentId, last?.request?.exchangeId ?? null)}>
              Exchanges in the Inspector
            </button>
          </p>
          {reportError && <p className="editor-report-error">The report could not be read: {reportError}</p>}
          {read && !read.ok && <p className="editor-report-error">The report could not be read: {read.error}</p>}
          {read?.ok && (
            <>
              <ol className="editor-transactions" data-testid="editor-transactions">
                {read.report.transactions.slice(0, SHOWN_TRANSACTIONS).map((tx) => (
                  <li key={tx.endToEndId} data-status={tx.status ?? ''}>
                    <div className="editor-tx-head">
                      <StatusBadge value={tx.status ?? 'n.a.'} />
                      <span className="editor-tx-creditor">{tx.creditorName ?? 'no creditor name'}</span>
                      <span className="editor-tx-amount">
                        {tx.amount} {tx.currency}
                      </span>
                    </div>
                    {tx.status !== overall && <p className="editor-tx-words">{statusWords(tx.status, authorisations)}</p>}
                    {tx.reasons.map((r, i) => (
                      <p key={i} className="editor-tx-reason" data-code={r.code}>
                        {VOP_CODES.has(r.code) && <StatusBadge value={r.code} label={`VoP ${r.code}`} />} {reasonWords(r)}
                      </p>
                    ))}
                    <p className="muted small-text">
                      EndToEndId <span className="wire-plain">{tx.endToEndId}</span>
                    </p>
                  </li>
                ))}
              </ol>
              {read.report.transactions.length > SHOWN_TRANSACTIONS && (
                <p className="muted small-text">
                  The first {SHOWN_TRANSACTIONS} of {read.report.transactions.length} transactions; the report below has them all.
                </p>
              )}
            </>
          )}
          {report !== null && (
            <details>
              <summary>The pain.002 as the bank sends it</summary>
              <pre className="wire-block">{report}</pre>
            </details>
          )}
        </section>
      )}
    </aside>
  );
}
