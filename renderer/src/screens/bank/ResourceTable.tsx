import type { KeyboardEvent, ReactNode } from 'react';

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
}

/** A list of one kind of bank resource; a click or Enter opens a row's detail, arrows move between rows. */
export function ResourceTable<T>({ title, testId, rows, columns, rowKey, selectedKey, onOpen, empty }: Props<T>) {
  return (
    <section className="bank-section" data-testid={testId} aria-label={title}>
      <h2>
        {title} <span className="muted">{rows.length}</span>
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
