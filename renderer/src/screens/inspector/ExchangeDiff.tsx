import { useMemo, type ReactNode } from 'react';
import type { Exchange, ExchangeMessage } from '../../../../preload/api/workbench-api';
import { factDifferences, type FactRow } from '../../lib/byte-diff';
import { alignPairs, diffLines, diffWords, type AlignedPair, type DiffRow, type WordPart } from '../../lib/diff';
import { bodyKind, prettyBody } from '../../lib/pretty';
import { responseHeaderValue, httpStatusClass } from '../../widgets/http-status';
import { VerdictBadge } from './VerdictBadge';
import { VisibleText } from './VisibleText';
import { headerLinesOf } from '../../../../shared/header-lines';

/** Bodies above this are compared as they are, not pretty-printed (formatting would hold the window). */
const PRETTY_DIFF_LIMIT = 256 * 1024;

interface Props {
  left: Exchange;
  right: Exchange;
  onClose(): void;
}

/** Two exchanges side by side: request line, headers aligned by name, bodies line by line, the signing strings; what differs marked. */
export function ExchangeDiff({ left, right, onClose }: Props) {
  const sections = useMemo(() => diffSections(left, right), [left, right]);
  const differing = sections.filter((s) => s.differences > 0).length;
  return (
    <section className="exchange-diff" aria-label="Compare two exchanges" data-testid="exchange-diff">
      <header className="diff-header">
        <h2>
          Compare #{left.id} with #{right.id}
        </h2>
        <span className="muted">{differing === 0 ? 'identical, byte for byte' : `${differing} of ${sections.length} parts differ`}</span>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </header>
      <div className="diff-sides">
        <ExchangeTitle exchange={left} side="Left" />
        <ExchangeTitle exchange={right} side="Right" />
      </div>
      {sections.map((s) => (
        <details key={s.title} className="diff-section" open={s.differences > 0} data-testid="diff-section" data-identical={s.differences === 0}>
          <summary>
            <span className="diff-section-title">{s.title}</span>{' '}
            <span className={s.differences === 0 ? 'muted' : 'diff-count'}>
              {s.differences === 0 ? 'identical' : `${s.differences} difference${s.differences > 1 ? 's' : ''}`}
            </span>
          </summary>
          {s.content}
        </details>
      ))}
    </section>
  );
}

function ExchangeTitle({ exchange, side }: { exchange: Exchange; side: string }) {
  return (
    <div className="diff-side-title">
      <span className="muted">{side}</span> <span className="wire-plain">#{exchange.id}</span> <span className="exchange-method">{exchange.method}</span>{' '}
      <span className={httpStatusClass(exchange.response.status)}>{exchange.response.status}</span>{' '}
      {exchange.signature && <VerdictBadge verdict={exchange.signature.verdict} />}
      <div className="wire-plain diff-side-url" title={exchange.url}>
        {exchange.url}
      </div>
    </div>
  );
}

interface Section {
  title: string;
  differences: number;
  content: ReactNode;
}

function diffSections(left: Exchange, right: Exchange): Section[] {
  const sections = [
    lineSection('Request line', `${left.method} ${left.url}`, `${right.method} ${right.url}`),
    pairSection('Request headers', alignPairs(headerLinesOf(left.request), headerLinesOf(right.request))),
    bodySection('Request body', left.request, right.request),
    lineSection('Status line', `HTTP/1.1 ${left.response.status}`, `HTTP/1.1 ${right.response.status}`),
    pairSection('Response headers', alignPairs(headerLinesOf(left.response), headerLinesOf(right.response))),
    bodySection('Response body', left.response, right.response),
  ];
  const signing = (e: Exchange): [string, string | null][] => e.signature?.signingString?.lines.map((l): [string, string | null] => [l.name, l.value]) ?? [];
  if (left.signature?.signingString || right.signature?.signingString) sections.push(pairSection('Signing string', alignPairs(signing(left), signing(right))));
  return sections;
}

function lineSection(title: string, left: string, right: string): Section {
  return rowsSection(title, diffLines(left, right));
}

/**
 * Bodies compared by their bytes: the readable lines, and where the bytes differ what a text view
 * hides (size, Content-Length, line endings, BOM, trailing spaces, encoding). When the readable
 * forms agree though the bytes do not, the lines are compared as sent, each CR shown.
 */
function bodySection(title: string, left: ExchangeMessage, right: ExchangeMessage): Section {
  const facts = factDifferences(left, right);
  const readableRows = diffLines(readable(left), readable(right));
  if (facts.length === 0) return rowsSection(title, readableRows);
  const rows = readableRows.every((r) => r.kind === 'same') ? diffLines(left.body ?? '', right.body ?? '') : readableRows;
  const lines = rowsSection(title, rows);
  // The first differing byte only locates the others; bytes that differ are always at least one difference.
  const differences = Math.max(1, lines.differences + facts.length - 1);
  return {
    title,
    differences,
    content: (
      <>
        <FactsTable facts={facts} />
        {lines.content}
      </>
    ),
  };
}

function FactsTable({ facts }: { facts: FactRow[] }) {
  return (
    <table className="diff-table diff-facts" data-testid="diff-facts">
      <tbody>
        {facts.map((f) => (
          <tr key={f.label} className="diff-changed" data-testid="diff-fact" data-fact={f.label}>
            <th className="diff-name">{f.label}</th>
            <td className="diff-cell diff-left">{f.left}</td>
            <td className="diff-cell diff-right">{f.right}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A body as compared: pretty-printed where it is JSON, XML or a form (so a changed field is one line), else as sent. */
function readable(m: ExchangeMessage): string {
  if (m.body === null || m.body === '') return '';
  if (m.body.length > PRETTY_DIFF_LIMIT) return m.body;
  return prettyBody(bodyKind(responseHeaderValue(m.headers, 'content-type'), m.body), m.body);
}

const ROW_MARKS: Record<DiffRow['kind'], string> = { same: '', changed: '≠', removed: 'only left', added: 'only right' };

/** A section of rows (one per line, header or signing-string line) of which those not `same` are differences. */
function tableSection<R extends { kind: string }>(
  title: string,
  items: R[],
  tableClass: string,
  empty: string,
  row: (item: R, i: number) => ReactNode,
): Section {
  const differences = items.filter((r) => r.kind !== 'same').length;
  const content =
    items.length === 0 ? (
      <p className="muted">{empty}</p>
    ) : (
      <table className={`diff-table ${tableClass}`}>
        <tbody>{items.map(row)}</tbody>
      </table>
    );
  return { title, differences, content };
}

function rowsSection(title: string, rows: DiffRow[]): Section {
  return tableSection(title, rows, 'diff-lines', 'Neither has one.', (row, i) => (
    <tr key={i} className={`diff-${row.kind}`} data-diff={row.kind}>
      <th className="diff-name diff-gutter" aria-label={row.kind === 'same' ? undefined : row.kind}>
        {ROW_MARKS[row.kind]}
      </th>
      <td className="diff-cell diff-left">{row.left ? <Parts parts={row.left} /> : null}</td>
      <td className="diff-cell diff-right">{row.right ? <Parts parts={row.right} /> : null}</td>
    </tr>
  ));
}

function Parts({ parts }: { parts: WordPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        p.changed ? (
          <mark key={i} className="diff-word">
            <VisibleText value={p.text} />
          </mark>
        ) : (
          <VisibleText key={i} value={p.text} />
        ),
      )}
    </>
  );
}

const PAIR_LABELS: Record<AlignedPair['kind'], string> = {
  same: '',
  changed: 'differs',
  'left-only': 'only left',
  'right-only': 'only right',
  'left-repeated': 'sent twice',
  'right-repeated': 'sent twice',
};

/** The tag of a row: a repeated line says how many times its side (the one with the value) sent the header. */
function pairLabel(p: AlignedPair): string {
  if ((p.kind !== 'left-repeated' && p.kind !== 'right-repeated') || p.times === undefined || p.times === 2) return PAIR_LABELS[p.kind];
  return `sent ${p.times} times`;
}

function pairSection(title: string, pairs: AlignedPair[]): Section {
  return tableSection(title, pairs, 'diff-pairs', 'Neither has any.', (p, i) => {
    const words = p.kind === 'changed' ? diffWords(p.left ?? '', p.right ?? '') : null;
    const repeat = p.kind === 'left-repeated' || p.kind === 'right-repeated';
    const cell = (value: string | null, parts: WordPart[] | undefined): ReactNode =>
      value === null ? (
        <span className="diff-absent">{repeat ? 'not sent again' : 'absent'}</span>
      ) : parts ? (
        <Parts parts={parts} />
      ) : (
        <VisibleText value={value} />
      );
    return (
      <tr key={`${p.name}-${i}`} className={`diff-${p.kind}`} data-diff={p.kind}>
        <th className="wire-plain diff-name">
          {p.name}
          {p.kind !== 'same' && (
            <span className="diff-tag" data-testid="diff-tag">
              {pairLabel(p)}
            </span>
          )}
        </th>
        <td className="diff-cell diff-left" title={p.kind === 'same' ? (p.left ?? undefined) : undefined}>
          {cell(p.left, words?.left)}
        </td>
        <td className="diff-cell diff-right" title={p.kind === 'same' ? (p.right ?? undefined) : undefined}>
          {cell(p.right, words?.right)}
        </td>
      </tr>
    );
  });
}
