import { useMemo } from 'react';
import type { Exchange, ParserRefusal } from '../../../../preload/api/workbench-api';
import { AsSentText } from './ExactBytes';
import { VisibleText } from './VisibleText';
import './parser-refusal.css';

/** Bytes shown of the refused line on either side of the offending byte. */
const AROUND = 48;

const hex = (code: number): string => `0x${code.toString(16).toUpperCase().padStart(2, '0')}`;

/** The answer's Berlin Group code, as its body says it. */
function answeredCode(exchange: Exchange): string {
  try {
    const body = JSON.parse(exchange.response.body ?? '') as { tppMessages?: { code?: string }[] };
    return body.tppMessages?.[0]?.code ?? 'FORMAT_ERROR';
  } catch {
    return 'FORMAT_ERROR';
  }
}

/**
 * A request Node's HTTP parser refused before any route: the words the bank answered with, the offending byte
 * where it stands in its header line, and every byte the parser read (docs/qa.md#the-inspector).
 */
export function ParserRefusalNote({ exchange, refusal }: { exchange: Exchange; refusal: ParserRefusal }) {
  // One character per byte (atob's binary string, as Node reads header bytes): offsets are the bytes'.
  const text = useMemo(() => atob(refusal.bytesBase64), [refusal.bytesBase64]);
  const at = refusal.offset;
  const line = useMemo(() => {
    if (at === null || at >= text.length) return null;
    const start = text.lastIndexOf('\n', at - 1) + 1;
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    // The line's start (the header's name) always shows; a long value is cut around the byte.
    const nameEnd = Math.min(text.indexOf(':', start) < 0 ? start : text.indexOf(':', start) + 1, at);
    const from = Math.max(nameEnd, at - AROUND);
    return {
      name: text.slice(start, nameEnd),
      cut: from > nameEnd,
      before: text.slice(from, at),
      byte: text.charCodeAt(at),
      after: text.slice(at + 1, Math.min(lineEnd, at + 1 + AROUND)),
      more: at + 1 + AROUND < lineEnd,
    };
  }, [text, at]);
  return (
    <div className="note parser-refusal" role="status" data-testid="parser-refusal">
      <p>
        <strong>Refused by the HTTP parser</strong> before any route, answered{' '}
        <span className="status status-rejected" data-status="rejected">
          {answeredCode(exchange)}
        </span>{' '}
        HTTP {exchange.response.status}: <span data-testid="parser-refusal-text">{refusal.text}</span>
      </p>
      {line !== null && at !== null && (
        <>
          <p className="muted small-text" data-testid="parser-refusal-where">
            The byte {hex(line.byte)} at offset {at.toLocaleString('en')} of the request
            {refusal.header !== null ? `, in the value of ${refusal.header}` : ''}, marked:
          </p>
          <pre className="wire-block parser-refusal-line" data-testid="parser-refusal-line">
            <VisibleText value={line.name} />
            {line.cut && <span className="muted">…</span>}
            <VisibleText value={line.before} />
            <mark className="refused-byte" title={`the byte the parser refused, ${hex(line.byte)}`} data-testid="refused-byte">
              {line.byte === 0x0d ? 'CR' : line.byte === 0x0a ? 'LF' : line.byte < 0x20 || line.byte === 0x7f ? hex(line.byte) : String.fromCharCode(line.byte)}
            </mark>
            <VisibleText value={line.after} />
            {line.more && <span className="muted">…</span>}
          </pre>
        </>
      )}
      <details>
        <summary>The {text.length.toLocaleString('en')} bytes the parser read, each CR and LF shown</summary>
        <AsSentText text={text} testId="parser-refusal-bytes" />
      </details>
    </div>
  );
}
