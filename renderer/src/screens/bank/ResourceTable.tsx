import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /**
   * Which columns give way when the table is narrow (bank.css): 1 always shows (the default), 2 hides
   * below a narrow width, 3 below a medium one. What hides stays in the row's detail.
   */
  priority?: 1 | 2 | 3;
  /** The one column that takes the room left and shortens its text with an ellipsis, the whole text on hover. */
  grow?: boolean;
}

function columnClass(column: Column<unknown>): string | undefined {
  const classes = [column.priority && column.priority > 1 ? `col-p${column.priority}` : '', column.grow ? 'col-grow' : ''].filter(Boolean);
  return classes.length > 0 ? classes.join(' ') : undefined;
}

interface Props<T> {
  title: string;
  testId: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  selectedKey: string | null;
  onOpen(key: string): void;
  /** Shown instead of the table: what to do so that rows appear. */
  empty: ReactNode;
  /** How many rows the whole list has; more than `rows` when the list comes a page at a time. */
  total?: number;
  /** Asks for the next page: when the end of the rows scrolls into view, or on the button. */
  onMore?(): void;
}

/** A list of one kind of bank resource; a click or Enter opens a row's detail, arrows move between rows. */
export function ResourceTable<T>({ title, testId, rows, columns, rowKey, selectedKey, onOpen, empty, total = rows.length, onMore }: Props<T>) {
  const cut = total > rows.length;
  return (
    <section className="bank-section" data-testid={testId} aria-label={title}>
      <h2>
        {title}{' '}
        <span className="muted" data-testid={`${testId}-count`}>
          {cut ? `${rows.length.toLocaleString('en')} of ${total.toLocaleString('en')}` : rows.length.toLocaleString('en')}
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="bank-empty">{empty}</p>
      ) : (
        <div className="bank-table-scroll">
          <table className="bank-table">
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={columnClass(c as Column<unknown>)}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const key = rowKey(row);
                return (
                  <tr
                    key={key}
                    data-testid={`${testId}-row`}
                    data-id={key}
                    tabIndex={0}
                    className={key === selectedKey ? 'selected' : undefined}
                    aria-current={key === selectedKey ? 'true' : undefined}
                    onClick={() => onOpen(key)}
                    onKeyDown={(e) => onRowKey(e, () => onOpen(key))}
                  >
                    {columns.map((c) => (
                      <td key={c.header} className={columnClass(c as Column<unknown>)}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {cut && onMore && <MoreRows testId={testId} left={total - rows.length} onMore={onMore} />}
        </div>
      )}
    </section>
  );
}

function onRowKey(e: KeyboardEvent<HTMLTableRowElement>, open: () => void): void {
  const row = e.currentTarget;
  if (e.key === 'Enter') {
    e.preventDefault();
    open();
  } else if (e.key === 'ArrowDown' && row.nextElementSibling instanceof HTMLElement) {
    e.preventDefault();
    row.nextElementSibling.focus();
  } else if (e.key === 'ArrowUp' && row.previousElementSibling instanceof HTMLElement) {
    e.preventDefault();
    row.previousElementSibling.focus();
  }
}

/** The foot of a cut list: the next page comes when it scrolls into view, or on the button. */
function MoreRows({ testId, left, onMore }: { testId: string; left: number; onMore(): void }) {
  const foot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = foot.current;
    if (element === null) return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) onMore();
    });
    seen.observe(element);
    return () => seen.disconnect();
  }, [onMore, left]);
  return (
    <div ref={foot} className="bank-more">
      <button type="button" className="small" onClick={onMore} data-testid={`${testId}-more`}>
        Show {Math.min(left, 500).toLocaleString('en')} more of {left.toLocaleString('en')} not shown
      </button>
    </div>
  );
}
