import { useMemo } from 'react';
import { bodyBytes } from '../../../../shared/body-bytes';
import { HEX_LIMIT, hexLines } from '../../lib/hex';
import { visibleLines } from '../../lib/visible';

/** The body as sent, line by line, with CR, LF, tabs, trailing spaces and non-ASCII characters marked. */
export function AsSentText({ text, testId = 'body-as-sent' }: { text: string; testId?: string }) {
  const lines = useMemo(() => visibleLines(text), [text]);
  return (
    <pre className="wire-block as-sent" data-testid={testId}>
      {lines.map((parts, i) => (
        <span key={i} className="as-sent-line">
          {parts.map((part, j) =>
            part.kind === 'plain' ? (
              <span key={j}>{part.text}</span>
            ) : (
              <mark key={j} className={`invisible invisible-${part.kind}`} title={part.title}>
                {part.text}
              </mark>
            ),
          )}
          {i < lines.length - 1 ? '\n' : ''}
        </span>
      ))}
    </pre>
  );
}

/** Offset, 16 bytes in hex, the printable ASCII: the first 64 KB, with a note of what is left out. */
export function HexDump({ body, bodyBase64 }: { body: string | null; bodyBase64: string | undefined }) {
  const bytes = useMemo(() => bodyBytes({ body, bodyBase64 }) ?? new Uint8Array(), [body, bodyBase64]);
  const lines = useMemo(() => hexLines(bytes), [bytes]);
  return (
    <>
      {bytes.length > HEX_LIMIT && (
        <p className="note">
          The first {HEX_LIMIT.toLocaleString('en')} of {bytes.length.toLocaleString('en')} bytes.
        </p>
      )}
      <pre className="wire-block hex-dump" data-testid="body-hex">
        {lines.join('\n')}
      </pre>
    </>
  );
}
