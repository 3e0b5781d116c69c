import type { KeyboardEvent } from 'react';
import { useEffect, useRef } from 'react';
import type { InspectorRow } from '../../state/inspector';
import { formatDuration, httpStatusClass } from '../../widgets/http-status';
import { SignatureVerdict } from './SignatureVerdict';

interface Props {
  rows: InspectorRow[];
  selectedId: number | null;
  onSelect(id: number): void;
  onOpen(): void;
}

const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

export function ExchangeList({ rows, selectedId, onSelect, onOpen }: Props) {
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

  return (
    <div ref={listRef} className="exchange-list" role="listbox" aria-label="Exchanges" tabIndex={0} onKeyDown={onKeyDown}>
      {rows.map(({ summary, full }) => (
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
        </div>
      ))}
    </div>
  );
}
