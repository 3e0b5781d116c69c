import { type KeyboardEvent, type RefObject } from 'react';
import type { CallArrow, SequenceLayout } from './layout';

interface Props {
  layout: SequenceLayout;
  onOpen(call: CallArrow): void;
  /** Opens or folds a setup group (by its first step). */
  onToggleSetup(step: number): void;
  /** The lifelines' headers and the drawing under them: two pictures, one file when exported (export.ts). */
  headsRef: RefObject<SVGSVGElement | null>;
  bodyRef: RefObject<SVGSVGElement | null>;
}

const ARROW = 'seq-head';
const ARROW_FAILED = 'seq-head-failed';

const activate =
  (run: () => void) =>
  (e: KeyboardEvent<SVGGElement>): void => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      run();
    }
  };

/**
 * Draws a laid-out run: the lifelines' headers in a picture of their own that stays at the top while the
 * drawing scrolls under it (sequence.css), then the lifelines, each exchange's call (in words, the HTTP
 * line under them) and return, the name check with the payee's bank, and a lesson's setup folded.
 */
export function SequenceDiagram({ layout, onOpen, onToggleSetup, headsRef, bodyRef }: Props) {
  const bottom = layout.height - 8;
  const top = layout.headerHeight;
  const pending = layout.pending;
  const pendingLeftward = pending !== null && pending.fromX > pending.toX;
  const pendingX = pending === null ? 0 : pendingLeftward ? pending.fromX - 6 : pending.fromX + 6;
  const pendingAnchor = pendingLeftward ? 'end' : 'start';
  return (
    <>
      <svg
        ref={headsRef}
        className="seq seq-heads"
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 0 ${layout.width} ${top}`}
        width={layout.width}
        height={top}
        role="img"
        aria-label="Who takes part"
        data-testid="seq-heads"
      >
        <rect className="seq-bg" x="0" y="0" width={layout.width} height={top} />
        {layout.lifelines.map((l) => (
          <g key={l.id} className="seq-lifeline" data-testid="seq-lifeline" data-lifeline={l.id}>
            <line x1={l.x} x2={l.x} y1={top - 8} y2={top} />
            <rect x={l.x - 62} y={8} width={124} height={top - 16} rx={6} />
            <text x={l.x} y={top / 2 + 4} textAnchor="middle">
              {l.title}
            </text>
          </g>
        ))}
      </svg>
      <svg
        ref={bodyRef}
        className="seq"
        xmlns="http://www.w3.org/2000/svg"
        viewBox={`0 ${top} ${layout.width} ${layout.height - top}`}
        width={layout.width}
        height={layout.height - top}
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
        <rect className="seq-bg" x="0" y={top} width={layout.width} height={layout.height - top} />
        {layout.setups
          .filter((g) => g.open)
          .map((g) => (
            <rect key={`box${g.step}`} className="seq-setup-box" x={g.x} y={g.y} width={g.width} height={g.bottom - g.y} rx={8} />
          ))}
        {layout.lifelines.map((l) => (
          <g key={l.id} className="seq-lifeline">
            <line x1={l.x} x2={l.x} y1={top} y2={bottom} />
          </g>
        ))}
        {layout.setups.map((g) => (
          <g
            key={g.step}
            className={`seq-setup${g.open ? ' seq-setup-open' : ''}`}
            role="button"
            tabIndex={0}
            aria-expanded={g.open}
            aria-label={g.words.slice(2)}
            data-testid="seq-setup"
            data-step={g.step}
            onClick={() => onToggleSetup(g.step)}
            onKeyDown={activate(() => onToggleSetup(g.step))}
          >
            <title>{g.open ? 'Fold the setup into one row' : 'Show the setup’s exchanges'}</title>
            <rect x={g.x} y={g.y} width={g.width} height={g.rowHeight} rx={8} />
            <text className="seq-setup-words" x={g.x + 14} y={g.y + g.rowHeight / 2 + 5}>
              {g.words}
            </text>
          </g>
        ))}
        {layout.checks.map((c, i) => (
          <g key={`c${i}`} className={c.className} data-testid="seq-check" data-kind={c.kind}>
            {c.kind === 'none' ? (
              <path d={`M${c.fromX - 6} ${c.y - 6} l12 12 M${c.fromX + 6} ${c.y - 6} l-12 12`} />
            ) : (
              <line x1={c.fromX} x2={c.toX} y1={c.y} y2={c.y} markerEnd={`url(#${ARROW})`} />
            )}
            <text className="seq-words" x={c.wordsX} y={c.wordsY}>
              {c.words}
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
              onKeyDown={activate(() => onOpen(c))}
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
    </>
  );
}
