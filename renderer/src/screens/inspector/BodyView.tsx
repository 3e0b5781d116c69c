import { useEffect, useMemo, useState } from 'react';
import { bodyKind } from '../../lib/pretty';
import { prettyBodyAsync, prettyBodyNow } from '../../lib/pretty-async';

/** Beyond this the view shows the start and a "Show all": rendering megabytes of text freezes the window. */
export const SHOW_LIMIT = 200 * 1024;

interface Props {
  body: string | null;
  contentType: string | undefined;
  bodySize: number;
  truncatedByLog: boolean;
}

export function BodyView({ body, contentType, bodySize, truncatedByLog }: Props) {
  const [raw, setRaw] = useState(false);
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
        {kind !== 'text' && (
          <button type="button" className="small" onClick={() => setRaw(!raw)}>
            {raw ? 'Pretty' : 'Raw'}
          </button>
        )}
      </div>
      {truncatedByLog && <p className="note">The simulator keeps bodies over 1 MB truncated in its traffic log; this is the start.</p>}
      <pre className="wire-block" data-testid="body" data-formatted={pretty === undefined ? 'pending' : raw ? 'raw' : 'pretty'}>
        {cut ? text.slice(0, SHOW_LIMIT) : text}
      </pre>
      {cut && (
        <button type="button" onClick={() => setShowAll(true)}>
          Show all ({Math.round(text.length / 1024).toLocaleString()} KB)
        </button>
      )}
    </div>
  );
}
