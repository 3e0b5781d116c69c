import { useState } from 'react';
import { workbench } from '../../api';
import type { Exchange, FlowRequest, HeaderLine } from '../../../../preload/api/workbench-api';
import { headerLinesOf } from '../../../../shared/header-lines';
import { useInspector } from '../../state/inspector';
import { useResends } from '../../state/resends';
import { bodyEdited, bodyToSend, draftOf, lineEndingOf, type RequestDraft } from '../../state/request-draft';
import { LineEndingChoice } from '../../widgets/LineEndingChoice';
import './inspector-tools.css';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** Recomputed by the HTTP client for the edited request. */
const DROPPED = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/** The logged request's header lines as sent (a header sent twice is two lines), one per text line, without those the client recomputes. */
function headersToText(lines: readonly HeaderLine[]): string {
  return lines
    .filter(([name]) => !DROPPED.has(name.toLowerCase()))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** Each text line a header line, in order: a name written twice is sent twice. */
function textToHeaders(text: string): HeaderLine[] {
  const lines: HeaderLine[] = [];
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    lines.push([line.slice(0, colon).trim(), line.slice(colon + 1).replace(/^ /, '')]);
  }
  return lines;
}

/** The logged request as the draft helpers of the Flows screen read it (the one byte-exact editor logic). */
function asFlowRequest(exchange: Exchange): FlowRequest {
  const headers = Object.fromEntries(
    Object.entries(exchange.request.headers)
      .filter(([name]) => !DROPPED.has(name.toLowerCase()))
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]),
  );
  return {
    method: exchange.method,
    url: exchange.url,
    headers,
    body: exchange.request.body,
    operation: '',
    signed: exchange.signature !== null,
    signedHeaders: null,
    signingString: null,
    faults: [],
  };
}

/**
 * Send again as the built-in TPP, with explicit choices: the signature kept as is or signed again with
 * the demo TPP's QSEAL, a new X-Request-ID, a fresh token. The body goes byte for byte as logged until
 * it is edited (a textarea shows CRLF as LF); the answer opens as its own exchange with its diagnosis.
 */
export function ResendPanel({ exchange }: { exchange: Exchange }) {
  const [original] = useState(() => asFlowRequest(exchange));
  const [draft, setDraft] = useState<RequestDraft>(() => draftOf(original));
  const [headers, setHeaders] = useState(() => headersToText(headerLinesOf(exchange.request)));
  const [signature, setSignature] = useState<'keep' | 'resign'>('keep');
  const [newRequestId, setNewRequestId] = useState(false);
  const [freshToken, setFreshToken] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const edit = (part: Partial<RequestDraft>): void => setDraft((d) => ({ ...d, ...part }));
  const originalEnding = original.body === null ? 'none' : lineEndingOf(original.body);
  const edited = bodyEdited(original, draft);
  const truncated = exchange.request.truncated;

  const send = async (): Promise<void> => {
    setSending(true);
    setError(null);
    try {
      const sent = await workbench.resendExchange(exchange.id, {
        method: draft.method,
        url: draft.url,
        headers: textToHeaders(headers),
        body: bodyToSend(original, draft),
        // Bytes that are not UTF-8 go as logged, from the log's own bytes: the text shows them as U+FFFD.
        ...(edited || exchange.request.bodyBase64 === undefined ? {} : { bodyBase64: exchange.request.bodyBase64 }),
        signature,
        newRequestId,
        freshToken,
      });
      const inspector = useInspector.getState();
      useResends.getState().add(exchange, sent);
      inspector.show(sent);
      inspector.setTab(sent.signature ? 'signature' : 'response');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setSending(false);
    }
  };

  return (
    <div className="resend" data-testid="resend">
      <div className="resend-line">
        <select value={draft.method} onChange={(e) => edit({ method: e.target.value })} aria-label="Method">
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input className="wire-plain" value={draft.url} onChange={(e) => edit({ url: e.target.value })} aria-label="Path" spellCheck={false} />
        <button type="button" className="primary" onClick={() => void send()} disabled={sending || !draft.url.startsWith('/') || truncated}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <fieldset className="resend-choices" data-testid="resend-choices">
        <legend>Send as the built-in TPP</legend>
        <label>
          <input type="radio" name="resend-signature" checked={signature === 'keep'} onChange={() => setSignature('keep')} />
          Keep the signature as is (Digest, Signature and certificate sent as they stand)
        </label>
        <label>
          <input type="radio" name="resend-signature" checked={signature === 'resign'} onChange={() => setSignature('resign')} disabled={!original.signed} />
          Re-sign with the demo TPP’s QSEAL {original.signed ? '(over the request as sent now)' : '(this request is not signed)'}
        </label>
        <label>
          <input type="checkbox" checked={newRequestId} onChange={(e) => setNewRequestId(e.target.checked)} />
          New X-Request-ID
        </label>
        <label>
          <input type="checkbox" checked={freshToken} onChange={(e) => setFreshToken(e.target.checked)} />
          Fresh token from the bank (the TPP’s, or the PSU’s for the consent)
        </label>
      </fieldset>
      <label className="field">
        <span>Headers (one per line)</span>
        <textarea className="wire-block" value={headers} onChange={(e) => setHeaders(e.target.value)} rows={8} spellCheck={false} />
      </label>
      {draft.bodyText !== null && (
        <>
          <label className="field">
            <span>Body</span>
            <textarea
              className="wire-block"
              value={draft.bodyText}
              onChange={(e) => edit({ bodyText: e.target.value })}
              rows={8}
              spellCheck={false}
              data-testid="resend-body"
            />
          </label>
          <LineEndingChoice
            name="resend-line-ending"
            chosen={draft.lineEnding}
            onChoose={(lineEnding) => edit({ lineEnding })}
            original={originalEnding}
            source="logged"
            edited={edited}
            unedited="byte for byte as logged"
            testId="resend-body-state"
          />
        </>
      )}
      {exchange.request.bodyBase64 !== undefined && !truncated && (
        <p className="note" data-testid="resend-bytes-note">
          This body is not UTF-8: unedited, its bytes go exactly as logged; an edit sends the text as UTF-8, each byte shown as � replaced.
        </p>
      )}
      {truncated && <p className="note">The traffic log kept this body truncated, so it cannot be sent again as it was.</p>}
      {error && (
        <p className="note" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
