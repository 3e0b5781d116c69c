import type { ClipboardEvent } from 'react';
import type { PastedRequestKind } from '../../../../preload/api/workbench-api';
import { useDiagnose } from '../../state/diagnose';
import { lineEndingOf } from '../../state/request-draft';
import { AsSentText } from './ExactBytes';
import { SignatureView } from './SignatureView';
import { DiagnoseFindings, uncheckedOf } from './DiagnoseFindings';
import './inspector-tools.css';

const KINDS: { id: PastedRequestKind; label: string }[] = [
  { id: 'http', label: 'Raw HTTP' },
  { id: 'curl', label: 'cURL' },
  { id: 'har', label: 'HAR entry' },
];

const ENDING_WORDS = { CRLF: 'CRLF (\\r\\n)', LF: 'LF (\\n)', mixed: 'mixed CRLF and LF', none: 'no' } as const;

const PLACEHOLDER =
  'Paste here (Ctrl+V): the exact characters are kept, CR LF line endings too.\n\nPOST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers HTTP/1.1\nDigest: SHA-256=…\nSignature: keyId="…",algorithm="rsa-sha256",headers="…",signature="…"\n…\n\n<Document>…';

/** Paste a request from a TPP's log and read the bank's full diagnosis of it; nothing is sent to the bank. */
export function DiagnosePanel() {
  const state = useDiagnose();
  const result = state.result;
  // The clipboard's text keeps CR LF; the box's value would not, so a paste replacing the box's whole text is kept as it came.
  const onPaste = (e: ClipboardEvent<HTMLElement>): void => {
    const target = e.currentTarget;
    const replacesAll =
      !(target instanceof HTMLTextAreaElement) || target.value === '' || (target.selectionStart === 0 && target.selectionEnd === target.value.length);
    if (!replacesAll) return;
    e.preventDefault();
    state.paste(e.clipboardData.getData('text/plain'));
  };
  return (
    <section className="diagnose exchange-detail" aria-label="Diagnose a request" data-testid="diagnose-panel">
      <header className="detail-header">
        <div className="detail-title">
          {/* No verdict badge up here: what does not add up in the paste (a lost CR) stands above any verdict, in the result. */}
          <strong>Diagnose a request</strong>
          <button type="button" className="small diagnose-close" onClick={state.close}>
            Close
          </button>
        </div>
        <p className="muted small-text">
          Paste a signed request from a TPP’s log: the bank checks it as its route would for that operation and says what held and what did not. Nothing is sent
          to the bank.
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
        {state.source === 'pasted' ? (
          <PastedExactly text={state.text} onPaste={onPaste} />
        ) : (
          <>
            <textarea
              className="wire-block"
              value={state.text}
              onChange={(e) => state.setText(e.target.value)}
              onPaste={onPaste}
              rows={10}
              spellCheck={false}
              aria-label="The pasted request"
              placeholder={PLACEHOLDER}
              data-testid="diagnose-text"
            />
            {state.kind === 'http' && state.text.trim() !== '' && <TypedLineEndings />}
          </>
        )}
        <HashedBody />
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
          {result.warnings.map((w) => (
            <p key={w} className="note" role="status" data-testid="diagnose-warning">
              {w}
            </p>
          ))}
          <p className="muted small-text">
            Read as <code className="wire-plain">{`${result.request.method} ${result.request.url}`}</code> with {Object.keys(result.request.headers).length}{' '}
            headers and a body of {result.request.bodySize} bytes
            {result.request.body !== null && ` with ${ENDING_WORDS[lineEndingOf(result.request.body)]} line endings`}.
          </p>
          <DiagnoseFindings result={result} />
          <SignatureView signature={result.signature} unchecked={uncheckedOf(result)} />
        </div>
      )}
    </section>
  );
}

/** The paste as it came, every CR and LF shown; a new paste here replaces it. */
function PastedExactly({ text, onPaste }: { text: string; onPaste(e: ClipboardEvent<HTMLElement>): void }) {
  const state = useDiagnose();
  return (
    <div
      className="diagnose-pasted"
      tabIndex={0}
      onPaste={onPaste}
      role="textbox"
      aria-readonly="true"
      aria-label="The pasted request"
      data-testid="diagnose-pasted"
    >
      <p className="muted small-text diagnose-pasted-bar">
        <span data-testid="diagnose-paste-facts">
          Pasted exactly: {text.length.toLocaleString('en')} characters, {ENDING_WORDS[lineEndingOf(text)]} line endings; each carriage return is marked CR,
          each line feed LF.
        </span>
        <button type="button" className="small" onClick={state.editAsText}>
          Edit as text
        </button>
        <button type="button" className="small" onClick={() => state.setText('')}>
          Clear
        </button>
      </p>
      <AsSentText text={text} testId="diagnose-exact" />
    </div>
  );
}

/** Typed text has LF only (a text box holds no CR): the line endings it is read with, chosen explicitly. */
function TypedLineEndings() {
  const state = useDiagnose();
  return (
    <fieldset className="line-endings" data-testid="diagnose-line-endings">
      <legend>Line endings</legend>
      {(['CRLF', 'LF'] as const).map((ending) => (
        <label key={ending}>
          <input type="radio" name="diagnose-line-ending" checked={state.lineEnding === ending} onChange={() => state.setLineEnding(ending)} />
          {ENDING_WORDS[ending]}
        </label>
      ))}
      <span className="muted small-text">
        A text box keeps no carriage returns: typed or edited text is read with the line endings chosen here. A paste into the empty box is kept exactly.
      </span>
    </fieldset>
  );
}

/**
 * The body the client computed its Digest over, from the client's own log: when no usual change explains a
 * Digest that does not match, the finding names the first byte where the two differ. A paste is kept exactly
 * (a text box would drop its carriage returns, and a CR is a byte that differs).
 */
function HashedBody() {
  const state = useDiagnose();
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>): void => {
    const box = e.currentTarget;
    if (box.value !== '' && !(box.selectionStart === 0 && box.selectionEnd === box.value.length)) return;
    e.preventDefault();
    state.setHashedBody(e.clipboardData.getData('text/plain'));
  };
  return (
    <details className="diagnose-hashed" open={state.hashedBody !== ''}>
      <summary>The body your client hashed (optional)</summary>
      <p className="muted small-text">
        When the Digest does not match and no usual change (line endings, a BOM, re-serialisation) explains it, paste the body your client computed its Digest
        over, from its own log: the bank names the first byte where the body sent differs from it.
      </p>
      <textarea
        className="wire-block"
        value={state.hashedBody}
        onChange={(e) => state.setHashedBody(e.target.value)}
        onPaste={onPaste}
        rows={5}
        spellCheck={false}
        aria-label="The body your client hashed"
        data-testid="diagnose-hashed-body"
      />
    </details>
  );
}
