import type { PastedRequestKind } from '../../../../preload/api/workbench-api';
import { useDiagnose } from '../../state/diagnose';
import { SignatureVerdict } from './SignatureVerdict';
import { SignatureView } from './SignatureView';
import './inspector-tools.css';

const KINDS: { id: PastedRequestKind; label: string }[] = [
  { id: 'http', label: 'Raw HTTP' },
  { id: 'curl', label: 'cURL' },
  { id: 'har', label: 'HAR entry' },
];

/** Paste a request from a TPP's log and read the bank's full diagnosis of it; nothing is sent to the bank. */
export function DiagnosePanel() {
  const state = useDiagnose();
  const result = state.result;
  return (
    <section className="diagnose exchange-detail" aria-label="Diagnose a request" data-testid="diagnose-panel">
      <header className="detail-header">
        <div className="detail-title">
          <strong>Diagnose a request</strong>
          {result && <SignatureVerdict signature={result.signature} />}
          <button type="button" className="small diagnose-close" onClick={state.close}>
            Close
          </button>
        </div>
        <p className="muted small-text">
          Paste a signed request from a TPP’s log: the bank checks it as its route would for that operation and says what held and what did not. Nothing is sent to the bank.
        </p>
      </header>
      <div className="diagnose-form">
        <fieldset className="diagnose-kinds">
          <legend>The paste is</legend>
          {KINDS.map((k) => (
            <label key={k.id}>
              <input type="radio" name="diagnose-kind" checked={state.kind === k.id} onChange={() => state.setKind(k.id)} />
              {k.label}
            </label>
          ))}
        </fieldset>
        <textarea
          className="wire-block"
          value={state.text}
          onChange={(e) => state.setText(e.target.value)}
          rows={10}
          spellCheck={false}
          aria-label="The pasted request"
          placeholder={'POST /frankfurt/berlingroup/v1/payments/sepa-credit-transfers HTTP/1.1\nDigest: SHA-256=…\nSignature: keyId="…",algorithm="rsa-sha256",headers="…",signature="…"\n…\n\n<Document>…'}
          data-testid="diagnose-text"
        />
        <div>
          <button type="button" className="primary" onClick={() => void state.diagnose()} disabled={state.busy || state.text.trim() === ''}>
            {state.busy ? 'Diagnosing…' : 'Diagnose'}
          </button>
        </div>
        {state.error && (
          <p className="note" role="alert" data-testid="diagnose-error">
            {state.error}
          </p>
        )}
      </div>
      {result && (
        <div className="diagnose-result" data-testid="diagnose-result">
          <p className="muted small-text">
            Read as <code className="wire-plain">{`${result.request.method} ${result.request.url}`}</code> with {Object.keys(result.request.headers).length} headers and a body of {result.request.bodySize} bytes.
          </p>
          <SignatureView signature={result.signature} />
        </div>
      )}
    </section>
  );
}
