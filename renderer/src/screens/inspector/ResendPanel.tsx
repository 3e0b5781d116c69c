import { useState } from 'react';
import { workbench } from '../../api';
import type { Exchange, SentResponse } from '../../../../preload/api/workbench-api';
import { BodyView } from './BodyView';
import { httpStatusClass } from '../../widgets/http-status';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** Recomputed by the HTTP client for the edited request. */
const DROPPED = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

function headersToText(headers: Exchange['request']['headers']): string {
  return Object.entries(headers)
    .filter(([name]) => !DROPPED.has(name.toLowerCase()))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`))
    .join('\n');
}

function textToHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).replace(/^ /, '');
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** Edit and resend as the built-in TPP: the new exchange shows up in the list like any other. */
export function ResendPanel({ exchange }: { exchange: Exchange }) {
  const [method, setMethod] = useState(exchange.method);
  const [url, setUrl] = useState(exchange.url);
  const [headers, setHeaders] = useState(() => headersToText(exchange.request.headers));
  const [body, setBody] = useState(exchange.request.body ?? '');
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SentResponse | { error: string } | null>(null);

  const send = async (): Promise<void> => {
    setSending(true);
    try {
      setResult(await workbench.sendRequest({ method, url, headers: textToHeaders(headers), body: body === '' ? null : body }));
    } catch (err) {
      setResult({ error: err instanceof Error ? err.message : String(err) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="resend" data-testid="resend">
      <div className="resend-line">
        <select value={method} onChange={(e) => setMethod(e.target.value)} aria-label="Method">
          {METHODS.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
        <input className="wire-plain" value={url} onChange={(e) => setUrl(e.target.value)} aria-label="Path" spellCheck={false} />
        <button type="button" className="primary" onClick={() => void send()} disabled={sending || !url.startsWith('/')}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <label className="field">
        <span>Headers (one per line)</span>
        <textarea className="wire-block" value={headers} onChange={(e) => setHeaders(e.target.value)} rows={8} spellCheck={false} />
      </label>
      <label className="field">
        <span>Body</span>
        <textarea className="wire-block" value={body} onChange={(e) => setBody(e.target.value)} rows={8} spellCheck={false} />
      </label>
      <p className="muted small-text">A signed request keeps its old Digest and Signature: change the body and the bank will say so.</p>
      {result && 'error' in result && (
        <p className="note" role="alert">
          {result.error}
        </p>
      )}
      {result && !('error' in result) && (
        <section className="resend-result" data-testid="resend-result">
          <h3>
            Response <span className={httpStatusClass(result.status)}>{result.status}</span> <span className="muted">{result.durationMs} ms</span>
          </h3>
          <BodyView body={result.body} contentType={result.headers['content-type']} bodySize={result.body.length} truncatedByLog={false} />
        </section>
      )}
    </div>
  );
}
