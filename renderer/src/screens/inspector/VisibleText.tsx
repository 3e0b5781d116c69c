import { visibleParts } from '../../lib/visible';

/** Wire text with trailing spaces, CRs, tabs and non-ASCII characters made visible. */
export function VisibleText({ value }: { value: string }) {
  return (
    <>
      {visibleParts(value).map((part, i) =>
        part.kind === 'plain' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <mark key={i} className={`invisible invisible-${part.kind}`} title={part.title}>
            {part.text}
          </mark>
        ),
      )}
    </>
  );
}
