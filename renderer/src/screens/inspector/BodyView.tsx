import { useEffect, useMemo, useState } from 'react';
import { bodyKind } from '../../lib/pretty';
import { prettyBodyAsync, prettyBodyNow } from '../../lib/pretty-async';
import { AsSentText, HexDump } from './ExactBytes';

/** What the body view shows: formatted for reading, the text as sent with invisibles marked, or the bytes in hex. */
type BodyMode = 'pretty' | 'sent' | 'hex';

const MODE_LABELS: Record<BodyMode, string> = { pretty: 'Pretty-printed', sent: 'As sent', hex: 'Hex' };

/** Beyond this the view shows the start and a "Show all": rendering megabytes of text freezes the window. */
export const SHOW_LIMIT = 200 * 1024;

interface Props {
  body: string | null;
  /** The exact bytes when the text is not them (not UTF-8). */
  bodyBase64?: string | undefined;
  contentType: string | undefined;
  bodySize: number;
  truncatedByLog: boolean;
}

export function BodyView({ body, bodyBase64, contentType, bodySize, truncatedByLog }: Props) {
  const [mode, setMode] = useState<BodyMode>('pretty');
  const raw = mode !== 'pretty';
  const [showAll, setShowAll] = useState(false);
  const kind = body === null ? 'text' : bodyKind(contentType, body);
  const immediate = useMemo(() => (body === null || raw ? body : prettyBodyNow(kind, body)), [body, kind, raw]);
  const [formatted, setFormatted] = useState<{ body: string; text: string } | null>(null);

  useEffect(() => {
    if (body === null || immediate !== undefined) return;
    let current = true;
    void prettyBodyAsync(kind, body).then((text) => {
      if (current) setFormatted({ body, text });
    });
    return () => {
      current = false;
    };
  }, [body, kind, immediate]);

  if (body === null || body === '') return <p className="muted">No body.</p>;
  const pretty = immediate ?? (formatted?.body === body ? formatted.text : undefined);
  // Until the worker answers, the body as sent: something to read at once.
  const text = pretty ?? body;
  const cut = !showAll && text.length > SHOW_LIMIT;

  return (
    <div className="body-view">
      <div className="body-toolbar">
        <span className="muted">
          {kind.toUpperCase()} · {bodySize.toLocaleString()} bytes
        </span>
        {pretty === undefined && (
          <span className="muted" role="status" data-testid="body-formatting">
            Formatting {Math.round(body.length / 1024).toLocaleString()} KB…
          </span>
        )}
        <span className="body-modes" role="group" aria-label="Show the body">
          {(Object.keys(MODE_LABELS) as BodyMode[]).map((m) => (
            <button key={m} type="button" className="small" aria-pressed={mode === m} onClick={() => setMode(m)}>
              {MODE_LABELS[m]}
            </button>
          ))}
        </span>
      </div>
      {truncatedByLog && <p className="note">The simulator keeps bodies over 1 MB truncated in its traffic log; this is the start.</p>}
      <p className="muted small-text body-shown" data-testid="body-shown">
        {mode === 'pretty'
          ? kind === 'text' || pretty === body
            ? 'Shown as sent (nothing to format).'
            : `Pretty-printed ${kind.toUpperCase()}: line breaks and indentation are the viewer's, not the wire's.`
          : mode === 'sent'
            ? `As sent: CR ␍, LF ␊, tabs ⇥, trailing spaces · and non-ASCII characters marked.${bodyBase64 !== undefined ? ' The body is not UTF-8: see Hex for its bytes.' : ''}`
            : 'The bytes as sent, in hex.'}
      </p>
      {mode === 'pretty' && (
        <pre className="wire-block" data-testid="body" data-formatted={pretty === undefined ? 'pending' : 'pretty'}>
          {cut ? text.slice(0, SHOW_LIMIT) : text}
        </pre>
      )}
      {mode === 'sent' && <AsSentText text={cut ? body.slice(0, SHOW_LIMIT) : body} />}
      {mode === 'hex' && <HexDump body={body} bodyBase64={bodyBase64} />}
      {cut && mode !== 'hex' && (
        <button type="button" onClick={() => setShowAll(true)}>
          Show all ({Math.round(text.length / 1024).toLocaleString()} KB)
        </button>
      )}
    </div>
  );
}
