import { useEffect, useMemo, useState } from 'react';
import { workbench } from '../../api';
import type { ConductFinding, ConductReport } from '../../../../preload/api/workbench-api';
import { reportIsCurrent, useConduct } from '../../state/conduct';
import { useInspector } from '../../state/inspector';
import { openExchangeInInspector } from '../../state/open-exchange';
import './conduct.css';

/** The findings of one rule, the rule's words first. */
interface RuleGroup {
  rule: ConductFinding['rule'];
  title: string;
  severity: ConductFinding['severity'];
  spec: string;
  findings: ConductFinding[];
}

const SEVERITY_WORDS: Record<ConductFinding['severity'], { mark: string; word: string; meaning: string }> = {
  error: { mark: '✕', word: 'Error', meaning: 'The spec forbids this: a conduct check in CI fails on it (--fail-on error).' },
  warning: { mark: '!', word: 'Warning', meaning: 'The spec advises against this: worth a look, not a breach on its own.' },
};

const wallTime = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const n = (value: number): string => value.toLocaleString('en');
const plural = (count: number, one: string, many = `${one}s`): string => `${n(count)} ${count === 1 ? one : many}`;

/** Errors before warnings; within each, in the order of the rule's first finding (the report's order). */
function groupsOf(findings: readonly ConductFinding[]): RuleGroup[] {
  const groups = new Map<string, RuleGroup>();
  for (const f of findings) {
    const group = groups.get(f.rule);
    if (group) group.findings.push(f);
    else groups.set(f.rule, { rule: f.rule, title: f.title, severity: f.severity, spec: f.spec, findings: [f] });
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.severity === 'error'), ...all.filter((g) => g.severity === 'warning')];
}

/**
 * The Inspector's Conduct view (docs/qa.md#conduct): the spec's rules for TPPs checked over the log, findings
 * grouped by rule with the spec's words, each finding's exchanges one click from their detail.
 */
export function InspectorConduct() {
  const { report, loading, error, tppId, since, seenTpps } = useConduct();
  const current = useConduct(reportIsCurrent);
  const rows = useInspector((s) => s.rows);
  const selectedId = useInspector((s) => s.selectedId);
  const [openError, setOpenError] = useState<string | null>(null);

  useEffect(() => {
    void useConduct.getState().load();
    return workbench.subscribe(
      (events) => useConduct.getState().onEvents(events),
      () => void useConduct.getState().load(),
    );
  }, []);

  // The TPPs of the findings and of the log's newest exchanges, and the one chosen.
  const tpps = useMemo(() => {
    const all = new Set(seenTpps);
    for (const row of rows) if (row.summary.tppId) all.add(row.summary.tppId);
    if (tppId !== null) all.add(tppId);
    return [...all].sort();
  }, [seenTpps, rows, tppId]);

  const groups = useMemo(() => groupsOf(report?.findings ?? []), [report]);
  const open = (id: number): void => void openExchangeInInspector(id).then(setOpenError);
  const { setTpp, sinceNow, clearSince, load } = useConduct.getState();

  return (
    <div className="conduct" data-testid="conduct-view">
      <div className="conduct-toolbar">
        <div className="conduct-toolbar-row">
          <label className="conduct-tpp">
            <span className="muted small-text">TPP</span>
            <select value={tppId ?? ''} onChange={(e) => setTpp(e.target.value === '' ? null : e.target.value)} data-testid="conduct-tpp">
              <option value="">Every TPP</option>
              {tpps.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            onClick={() => void load()}
            disabled={loading}
            title="Check the log again now (new traffic is checked by itself)"
            data-testid="conduct-refresh"
          >
            {loading ? 'Checking…' : 'Refresh'}
          </button>
        </div>
        <div className="conduct-toolbar-row small-text">
          {since === null ? (
            <>
              <span className="muted">Checking the whole log.</span>
              <button
                type="button"
                className="small"
                onClick={sinceNow}
                title="Check only what comes from now on: press it, run your test, read the findings"
                data-testid="conduct-since-now"
              >
                Since now
              </button>
            </>
          ) : (
            <>
              <span className="conduct-since" data-testid="conduct-since" title={`Exchanges that came at or after ${since}`}>
                Checking since {wallTime.format(new Date(since))} (your clock).
              </span>
              <button type="button" className="small" onClick={clearSince} title="Check the whole log again" data-testid="conduct-since-clear">
                Whole log
              </button>
            </>
          )}
        </div>
      </div>
      {(error ?? openError) && (
        <p className="note" role="alert" data-testid="conduct-error">
          {error ?? openError}
        </p>
      )}
      <div className={`conduct-body${current ? '' : ' conduct-stale'}`} aria-busy={loading}>
        {report === null ? (
          !error && <p className="muted pad">Checking the log against the TPP rules…</p>
        ) : groups.length === 0 ? (
          <EmptyReport report={report} tppId={tppId} since={since} />
        ) : (
          groups.map((group) => <RuleSection key={group.rule} group={group} selectedId={selectedId} onOpen={open} />)
        )}
      </div>
      {report !== null && (
        <div className="inspector-count muted" data-testid="conduct-count">
          {countText(report, groups)}
        </div>
      )}
    </div>
  );
}

function RuleSection({ group, selectedId, onOpen }: { group: RuleGroup; selectedId: number | null; onOpen(id: number): void }) {
  const severity = SEVERITY_WORDS[group.severity];
  return (
    <section className={`conduct-group conduct-group-${group.severity}`} data-testid="conduct-group" data-rule={group.rule} aria-label={group.title}>
      <header className="conduct-group-head">
        <span className={`conduct-severity conduct-severity-${group.severity}`} title={severity.meaning}>
          <span aria-hidden="true">{severity.mark}</span> {severity.word}
        </span>
        <h3 className="conduct-title">{group.title}</h3>
        <span className="muted small-text conduct-times">{plural(group.findings.length, 'finding')}</span>
      </header>
      <code className="conduct-rule-id" title="The rule's id: CI steps and the conduct command key on it">
        {group.rule}
      </code>
      <SpecWords words={group.spec} />
      <ul className="conduct-findings">
        {group.findings.map((f, i) => (
          <li key={`${f.exchanges.join(',')}-${i}`} className="conduct-finding" data-testid="conduct-finding">
            <p className="conduct-text">{f.text}</p>
            <div className="conduct-finding-meta small-text">
              {(f.tppId ?? f.institution) && (
                <span className="muted">{[f.tppId ?? 'an unknown TPP', f.institution && `at ${f.institution}`].filter(Boolean).join(' ')}</span>
              )}
              <span className="conduct-exchanges" role="group" aria-label="The exchanges that show it">
                {f.exchanges.map((id) => (
                  <button
                    key={id}
                    type="button"
                    className="conduct-exchange"
                    aria-current={id === selectedId ? 'true' : undefined}
                    onClick={() => onOpen(id)}
                    title={`Open exchange #${id} in the detail`}
                    data-testid="conduct-exchange"
                  >
                    #{id}
                  </button>
                ))}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Longer than this, the spec's words show their first lines until asked for in full. */
const LONG_SPEC = 220;

function SpecWords({ words }: { words: string }) {
  const [whole, setWhole] = useState(false);
  const long = words.length > LONG_SPEC;
  return (
    <div className="conduct-spec">
      <span className="conduct-spec-label">The spec says</span>
      <blockquote className={long && !whole ? 'conduct-spec-clamped' : undefined} data-testid="conduct-spec">
        {words}
      </blockquote>
      {long && (
        <button type="button" className="conduct-spec-more" aria-expanded={whole} onClick={() => setWhole(!whole)}>
          {whole ? 'Fewer words' : "All of the spec's words"}
        </button>
      )}
    </div>
  );
}

function EmptyReport({ report, tppId, since }: { report: ConductReport; tppId: string | null; since: string | null }) {
  const whose = tppId === null ? '' : ` from ${tppId}`;
  const when = since === null ? '' : ` since ${wallTime.format(new Date(since))}`;
  const rules = Object.entries(report.checked);
  if (report.exchangeCount === 0) {
    return (
      <div className="empty-state" data-testid="conduct-empty">
        <p>
          No exchange{whose}
          {when} to check yet.
        </p>
        <p className="muted small-text">Run your TPP&apos;s tests or a flow: what it sends is checked against the spec&apos;s rules for TPPs here.</p>
      </div>
    );
  }
  return (
    <div className="empty-state" data-testid="conduct-empty">
      <p>
        No breach of the TPP rules in {plural(report.exchangeCount, 'exchange')}
        {whose}
        {when}.
      </p>
      <p className="muted small-text">
        Checked against {plural(rules.length, 'rule')} of the spec: status polling, duplicates and resubmissions, retries after errors, X-Request-ID, consents
        and signatures.
      </p>
      <details className="conduct-checked">
        <summary className="small-text">What each rule looked at</summary>
        <ul className="small-text">
          {rules.map(([rule, count]) => (
            <li key={rule}>
              <code>{rule}</code>: {n(count)}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/** "2 findings (1 error, 1 warning) in 42 exchanges checked" */
function countText(report: ConductReport, groups: readonly RuleGroup[]): string {
  const findings = report.findings.length;
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const parts =
    findings === 0 ? '' : ` (${[errors && plural(errors, 'error'), findings - errors && plural(findings - errors, 'warning')].filter(Boolean).join(', ')})`;
  const rules = groups.length === 0 ? '' : ` under ${plural(groups.length, 'rule')}`;
  return `${plural(findings, 'finding')}${parts}${rules} in ${plural(report.exchangeCount, 'exchange')} checked`;
}
