import type { KeyboardEvent, UIEvent } from 'react';
import { useEffect, useRef } from 'react';
import type { InspectorRow } from '../../state/inspector';
import { formatDuration, httpStatusClass } from '../../widgets/http-status';
import { failureOf } from '../../lib/failure';
import { SignatureVerdict } from './SignatureVerdict';

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
}

/** How close to the end of the list (in pixels) the next older page is asked for. */
const NEAR_END_PX = 400;

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export function ExchangeList({ rows, selectedId, onSelect, onOpen, picked, onPick, hasOlder, loadingOlder, onOlder }: Props) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
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

  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    const el = event.currentTarget;
    if (hasOlder && !loadingOlder && el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_END_PX) onOlder();
  };

  return (
    <div ref={listRef} className="exchange-list" role="listbox" aria-label="Exchanges" tabIndex={0} onKeyDown={onKeyDown} onScroll={onScroll}>
      {rows.map(({ summary, full }) => {
        const failure = full ? failureOf(full.response.status, full.response.body) : null;
        return (
        <div
          key={summary.id}
          role="option"
          aria-selected={summary.id === selectedId}
          className="exchange-row"
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
          <span className={httpStatusClass(summary.status)}>{summary.status}</span>
          <span className="exchange-meta">
            <span title={summary.startedAt}>{time.format(new Date(summary.startedAt))}</span>
            <span>{formatDuration(summary.durationMs)}</span>
            {summary.institution && <span>{summary.institution}</span>}
            {summary.tppId && (
              <span className="exchange-tpp" title={`TPP ${summary.tppId}`}>
                {summary.tppId}
              </span>
            )}
            {full?.signature && <SignatureVerdict signature={full.signature} />}
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
        <button type="button" className="exchange-older" onClick={onOlder} disabled={loadingOlder}>
          {loadingOlder ? 'Loading older exchanges…' : 'Load older exchanges'}
        </button>
      )}
    </div>
  );
}
