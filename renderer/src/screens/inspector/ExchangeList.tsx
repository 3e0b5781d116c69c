import type { KeyboardEvent } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { InspectorRow } from '../../state/inspector';
import { formatDuration, httpStatusClass, statusInWords } from '../../widgets/http-status';
import { VerdictBadge } from './VerdictBadge';

interface Props {
  rows: InspectorRow[];
  selectedId: number | null;
  onSelect(id: number): void;
  onOpen(): void;
  /** Ticked for the diff. */
  picked: readonly number[];
  onPick(id: number): void;
  /** There are older matches than the last row: scrolling near the end asks for them. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder(): void;
  /** Changes with each new search: the list goes back to its top. */
  searchKey: string;
}

/**
 * Rows have fixed heights (inspector.css: .exchange-row, .exchange-row.has-failure), so the list draws only
 * the rows in view and a few around them: the DOM stays the same size however many rows are loaded.
 */
const ROW_PX = 56;
const FAILURE_ROW_PX = 74;
/** The "Load older exchanges" button's place at the end. */
const OLDER_PX = 48;
/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const OVERSCAN = 12;
/** How close to the end of the list (in pixels) the next older page is asked for. */
const NEAR_END_PX = 400;

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

/** The first index whose row ends below `y`, in `tops` (each row's top, then the end). */
function rowAt(tops: readonly number[], y: number): number {
  let low = 0;
  let high = tops.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((tops[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

export function ExchangeList({ rows, selectedId, onSelect, onOpen, picked, onPick, hasOlder, loadingOlder, onOlder, searchKey }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  /** The part of the list in view, in the rows' own pixels (not the zoomed ones the text size makes). */
  const [view, setView] = useState({ top: 0, height: 800 });

  const failures = useMemo(() => rows.map((row) => row.summary.failure), [rows]);
  const tops = useMemo(() => {
    const out = new Array<number>(rows.length + 1);
    let y = 0;
    for (let i = 0; i < rows.length; i++) {
      out[i] = y;
      y += failures[i] ? FAILURE_ROW_PX : ROW_PX;
    }
    out[rows.length] = y;
    return out;
  }, [rows, failures]);
  const rowsHeight = tops[rows.length] ?? 0;
  const height = rowsHeight + (hasOlder ? OLDER_PX : 0);

  // The text size zooms the app: scrollTop and clientHeight are then in other pixels than the rows'. Their
  // share of scrollHeight is the same in both, so the view is read as shares of the whole.
  const measure = useCallback((): void => {
    const el = listRef.current;
    if (el === null || el.scrollHeight === 0) return;
    const scale = height / el.scrollHeight;
    setView({ top: el.scrollTop * scale, height: el.clientHeight * scale || 800 });
    if (hasOlder && !loadingOlder && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) onOlder();
  }, [height, hasOlder, loadingOlder, onOlder]);

  useLayoutEffect(measure, [measure, rows.length]);

  useEffect(() => {
    const el = listRef.current;
    if (el === null) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  useLayoutEffect(() => {
    listRef.current?.scrollTo(0, 0);
  }, [searchKey]);

  // The selected row brought into view, drawn or not (arrow keys, or an exchange opened from elsewhere, whose
  // place changes as the rows of the Inspector's first page come in above it), until the person moves the
  // list themselves: from then on rows arriving do not pull it back.
  const toShow = useRef<number | null>(null);
  const letGo = (): void => {
    toShow.current = null;
  };
  useEffect(() => {
    toShow.current = selectedId;
  }, [selectedId]);
  useEffect(() => {
    const el = listRef.current;
    const index = rows.findIndex((r) => r.summary.id === toShow.current);
    if (el === null || index < 0 || height === 0) return;
    const scale = el.scrollHeight / height;
    const top = (tops[index] ?? 0) * scale;
    const bottom = (tops[index + 1] ?? 0) * scale;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight;
  }, [selectedId, rows, tops, height]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    letGo();
    if (rows.length === 0) return;
    const index = rows.findIndex((r) => r.summary.id === selectedId);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = event.key === 'ArrowDown' ? Math.min(rows.length - 1, index + 1) : Math.max(0, index < 0 ? 0 : index - 1);
      const row = rows[next];
      if (row) onSelect(row.summary.id);
    } else if (event.key === 'Enter' && index >= 0) {
      event.preventDefault();
      onOpen();
    }
  };

  const first = Math.max(0, rowAt(tops, view.top) - OVERSCAN);
  const last = Math.min(rows.length, rowAt(tops, view.top + view.height) + 1 + OVERSCAN);

  return (
    <div
      ref={listRef}
      className="exchange-list"
      role="listbox"
      aria-label="Exchanges"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onScroll={measure}
      onWheel={letGo}
      onMouseDown={letGo}
      onTouchStart={letGo}
    >
      <div className="exchange-list-space" style={{ height }}>
        {rows.slice(first, last).map(({ summary }, offset) => {
          const index = first + offset;
          const failure = failures[index];
          return (
            <div
              key={summary.id}
              role="option"
              aria-selected={summary.id === selectedId}
              aria-setsize={rows.length}
              aria-posinset={index + 1}
              className={`exchange-row${failure ? ' has-failure' : ''}`}
              style={{ top: tops[index], height: failure ? FAILURE_ROW_PX : ROW_PX }}
              data-testid="exchange-row"
              data-id={summary.id}
              onClick={() => onSelect(summary.id)}
              onDoubleClick={onOpen}
            >
              <input
                type="checkbox"
                className="exchange-pick"
                checked={picked.includes(summary.id)}
                onChange={() => onPick(summary.id)}
                onClick={(e) => e.stopPropagation()}
                aria-label={`Compare exchange ${summary.id}`}
                title="Tick two exchanges to compare them"
              />
              <span className="exchange-method">{summary.method}</span>
              <span className="exchange-path wire-plain" title={summary.url}>
                {summary.url}
              </span>
              <span className={httpStatusClass(summary.status)}>{statusInWords(summary.status)}</span>
              <span className="exchange-meta">
                {summary.pinned && (
                  <span className="exchange-kept" data-testid="exchange-kept" title="Kept: never discarded from the log">
                    Kept
                  </span>
                )}
                <span title={summary.startedAt}>{time.format(new Date(summary.startedAt))}</span>
                <span>{formatDuration(summary.durationMs)}</span>
                {summary.institution && <span>{summary.institution}</span>}
                {summary.tppId && (
                  <span className="exchange-tpp" title={`TPP ${summary.tppId}`}>
                    {summary.tppId}
                  </span>
                )}
                {summary.verdict && <VerdictBadge verdict={summary.verdict} />}
              </span>
              {failure && (
                <span className="exchange-failure" data-testid="exchange-failure" title={failure.text}>
                  <span className="wire-plain">{failure.code}</span> {failure.text}
                </span>
              )}
            </div>
          );
        })}
        {hasOlder && (
          <button type="button" className="exchange-older" style={{ top: rowsHeight }} onClick={onOlder} disabled={loadingOlder}>
            {loadingOlder ? 'Loading older exchanges…' : 'Load older exchanges'}
          </button>
        )}
      </div>
    </div>
  );
}
