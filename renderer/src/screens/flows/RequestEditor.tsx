import type { FlowRequest } from '../../../../preload/api/workbench-api';
import { useFlowRun, type Until } from '../../state/flow-run';
import { bodyEdited, draftEdited, lineEndingOf, type RequestDraft } from '../../state/request-draft';
import { LineEndingChoice } from '../../widgets/LineEndingChoice';

interface Props {
  request: FlowRequest;
  draft: RequestDraft;
  busy: boolean;
}

/** The request about to be sent, every part editable; sent byte-exact unless edited. */
export function RequestEditor({ request, draft, busy }: Props) {
  const edit = useFlowRun((s) => s.editDraft);
  const reset = useFlowRun((s) => s.resetDraft);
  const send = useFlowRun((s) => s.send);
  const setHeader = (i: number, patch: Partial<RequestDraft['headers'][number]>): void =>
    edit({ headers: draft.headers.map((h, j) => (j === i ? { ...h, ...patch } : h)) });
  const original = request.body === null ? 'none' : lineEndingOf(request.body);
  const edited = draftEdited(request, draft);
  const go = (until: Until) => () => void send(until);

  return (
    <section className="request-editor" aria-label="Request to send" data-testid="request-editor">
      <div className="request-line">
        <input
          className="wire-plain request-method"
          aria-label="Method"
          value={draft.method}
          onChange={(e) => edit({ method: e.target.value.toUpperCase() })}
        />
        <input className="wire-plain request-url" aria-label="URL" value={draft.url} onChange={(e) => edit({ url: e.target.value })} />
      </div>
      <h3>Headers</h3>
      <table className="header-rows">
        <tbody>
          {draft.headers.map((h, i) => (
            <tr key={i}>
              <td>
                <input className="wire-plain" aria-label={`Header ${i + 1} name`} value={h.name} onChange={(e) => setHeader(i, { name: e.target.value })} />
              </td>
              <td>
                <input
                  className="wire-plain"
                  aria-label={`Header ${h.name || i + 1} value`}
                  data-header={h.name}
                  value={h.value}
                  onChange={(e) => setHeader(i, { value: e.target.value })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove header ${h.name}`}
                  onClick={() => edit({ headers: draft.headers.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="small" onClick={() => edit({ headers: [...draft.headers, { name: '', value: '' }] })}>
        Add header
      </button>
      {draft.bodyText !== null && (
        <>
          <h3>Body</h3>
          <textarea
            className="wire-block request-body"
            aria-label="Body"
            data-testid="request-body"
            spellCheck={false}
            rows={Math.min(16, draft.bodyText.split('\n').length + 1)}
            value={draft.bodyText}
            onChange={(e) => edit({ bodyText: e.target.value })}
          />
          <LineEndingChoice
            name="line-ending"
            chosen={draft.lineEnding}
            onChoose={(lineEnding) => edit({ lineEnding })}
            original={original}
            source="prepared"
            edited={bodyEdited(request, draft)}
            unedited="exactly as prepared"
          />
        </>
      )}
      <label className="resign">
        <input type="checkbox" checked={draft.resign} onChange={(e) => edit({ resign: e.target.checked })} data-testid="resign" />
        Re-sign on send {request.signed ? '(Digest and Signature recomputed over the request as edited)' : '(this request is not signed)'}
      </label>
      {request.faults.length > 0 && (
        <p className="note" data-testid="fault-note">
          This step signs wrongly on purpose ({request.faults.join(', ')}); re-signing keeps that fault.
        </p>
      )}
      <div className="request-actions">
        <button type="button" className="primary" disabled={busy} onClick={go('request')} data-testid="send">
          Send
        </button>
        <button type="button" disabled={busy} onClick={go('step')} data-testid="run-step">
          Run step
        </button>
        <button type="button" disabled={busy} onClick={go('end')} data-testid="run-to-end">
          Run to end
        </button>
        {edited && (
          <button type="button" className="small" disabled={busy} onClick={reset}>
            Undo edits
          </button>
        )}
      </div>
    </section>
  );
}
