import { forwardRef, type KeyboardEvent } from 'react';
import type { CallArrow, SequenceLayout } from './layout';

interface Props {
  layout: SequenceLayout;
  onOpen(call: CallArrow): void;
}

const ARROW = 'seq-head';
const ARROW_FAILED = 'seq-head-failed';

/** Draws a laid-out run: lifelines with their headers, each exchange's call (in words, the HTTP line under them) and return. */
export const SequenceDiagram = forwardRef<SVGSVGElement, Props>(function SequenceDiagram({ layout, onOpen }, ref) {
  const bottom = layout.height - 8;
  const pending = layout.pending;
  const pendingLeftward = pending !== null && pending.fromX > pending.toX;
  const pendingX = pending === null ? 0 : pendingLeftward ? pending.fromX - 6 : pending.fromX + 6;
  const pendingAnchor = pendingLeftward ? 'end' : 'start';
  const onKey = (call: CallArrow) => (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(call);
    }
  };
  return (
    <svg
      ref={ref}
      className="seq"
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role="img"
      aria-label="Sequence diagram of the run"
      data-testid="sequence-diagram"
    >
      <defs>
        <marker id={ARROW} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="10" markerHeight="10" markerUnits="userSpaceOnUse" orient="auto-start-reverse">
          <path d="M0 0L10 5L0 10z" className="seq-head" />
        </marker>
        <marker
          id={ARROW_FAILED}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="10"
          markerHeight="10"
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path d="M0 0L10 5L0 10z" className="seq-head seq-failed" />
        </marker>
      </defs>
      <rect className="seq-bg" x="0" y="0" width={layout.width} height={layout.height} />
      {layout.lifelines.map((l) => (
        <g key={l.id} className="seq-lifeline">
          <line x1={l.x} x2={l.x} y1={layout.headerHeight - 8} y2={bottom} />
          <rect x={l.x - 62} y={8} width={124} height={layout.headerHeight - 16} rx={6} />
          <text x={l.x} y={layout.headerHeight / 2 + 4} textAnchor="middle">
            {l.title}
          </text>
        </g>
      ))}
      {layout.notes.map((n, i) => (
        <g key={i} className={`seq-note seq-note-${n.kind}`}>
          <text x={n.x} y={n.y} textAnchor={n.kind === 'pending' ? 'end' : 'start'}>
            {n.text}
          </text>
        </g>
      ))}
      {layout.returns.map((r, i) => (
        <g key={`r${i}`} className={r.className}>
          {r.fromX === r.toX ? (
            <path d={`M${r.fromX} ${r.y - 6} h28 v10 h-28`} markerEnd={`url(#${r.failed ? ARROW_FAILED : ARROW})`} />
          ) : (
            <line x1={r.fromX} x2={r.toX} y1={r.y} y2={r.y} markerEnd={`url(#${r.failed ? ARROW_FAILED : ARROW})`} />
          )}
          <text
            data-testid="seq-answer"
            x={r.fromX === r.toX ? r.fromX + 34 : r.labelAside ? r.fromX - 8 : (r.fromX + r.toX) / 2}
            y={r.labelAside ? r.y + 4 : r.y - 3}
            textAnchor={r.fromX === r.toX ? 'start' : r.labelAside ? 'end' : 'middle'}
          >
            {r.label}
          </text>
        </g>
      ))}
      {layout.calls.map((c) => {
        const leftward = c.fromX > c.toX;
        const textX = c.self ? c.toX + 34 : leftward ? c.fromX - 6 : c.fromX + 6;
        const anchor = c.self || !leftward ? 'start' : 'end';
        return (
          <g
            key={c.seq}
            className={`${c.className}${c.exchangeId !== null ? ' seq-clickable' : ''}`}
            role="button"
            tabIndex={0}
            aria-label={c.ariaLabel}
            data-testid="seq-arrow"
            data-seq={c.seq}
            data-failed={c.failed ? 'true' : 'false'}
            data-count={c.seqs.length}
            onClick={() => onOpen(c)}
            onKeyDown={onKey(c)}
          >
            <title>{c.fullLabel}</title>
            {c.self ? (
              <path d={`M${c.fromX} ${c.y - 8} h28 v10 h-26`} markerEnd={`url(#${c.failed ? ARROW_FAILED : ARROW})`} />
            ) : (
              <line x1={c.fromX} x2={c.toX} y1={c.y} y2={c.y} markerEnd={`url(#${c.failed ? ARROW_FAILED : ARROW})`} />
            )}
            {/* A wide, invisible stroke: the arrow is easy to hit with the mouse. */}
            <line className="seq-hit" x1={c.self ? c.fromX : c.fromX} x2={c.self ? c.fromX + 28 : c.toX} y1={c.y} y2={c.y} />
            <text className="seq-words" x={textX} y={c.wordsY} textAnchor={anchor}>
              {c.words}
            </text>
            {layout.http && (
              <text className="seq-http" x={textX} y={c.httpY} textAnchor={anchor} data-testid="seq-http">
                {c.label}
              </text>
            )}
          </g>
        );
      })}
      {pending && (
        <g className="seq-pending" data-testid="seq-pending">
          <title>{pending.fullLabel}</title>
          <line x1={pending.fromX} x2={pending.toX} y1={pending.y} y2={pending.y} markerEnd={`url(#${ARROW})`} />
          <text className="seq-words" x={pendingX} y={pending.wordsY} textAnchor={pendingAnchor}>
            {pending.words}
          </text>
          {layout.http && (
            <text className="seq-http" x={pendingX} y={pending.httpY} textAnchor={pendingAnchor}>
              {pending.label}
            </text>
          )}
        </g>
      )}
    </svg>
  );
});
