import { useMemo, useState } from 'react';
import { bodyKind, prettyBody } from '../../lib/pretty';

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
  const text = useMemo(() => (body === null ? '' : raw ? body : prettyBody(kind, body)), [body, kind, raw]);

  if (body === null || body === '') return <p className="muted">No body.</p>;
  const cut = !showAll && text.length > SHOW_LIMIT;

  return (
    <div className="body-view">
      <div className="body-toolbar">
        <span className="muted">
          {kind.toUpperCase()} · {bodySize.toLocaleString()} bytes
        </span>
        {kind !== 'text' && (
          <button type="button" className="small" onClick={() => setRaw(!raw)}>
            {raw ? 'Pretty' : 'Raw'}
          </button>
        )}
      </div>
      {truncatedByLog && <p className="note">The simulator keeps bodies over 1 MB truncated in its traffic log; this is the start.</p>}
      <pre className="wire-block" data-testid="body">
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
