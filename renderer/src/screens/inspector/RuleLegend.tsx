import type { SigningRule } from '../../../../preload/api/workbench-api';

/** A check's or verdict's text without the closing "(rule N)" that the rule reference beside it already names. */
export function withoutRule(text: string, rule: number | null): string {
  return rule === null ? text : text.replace(new RegExp(`\\s*\\(rule ${rule}\\)$`), '');
}

/** "rule 5", its spec sentence one hover away (the diagnosis carries the host's one table of them). */
export function RuleRef({ rule, rules }: { rule: number; rules: readonly SigningRule[] }) {
  const text = rules.find((r) => r.rule === rule)?.text;
  return (
    <a className="rule-ref" href={`#signing-rule-${rule}`} title={text ? `Rule ${rule}: ${text}` : undefined} data-rule={rule}>
      rule {rule}
    </a>
  );
}

/** Each rule the checks cite, once, in the spec's words ("Application-layer signing", Rules). */
export function RuleLegend({ rules }: { rules: readonly SigningRule[] }) {
  if (rules.length === 0) return null;
  return (
    <details className="rule-legend" data-testid="rule-legend">
      <summary>The rules, in the spec’s words</summary>
      <dl>
        {rules.map((r) => (
          <div key={r.rule} id={`signing-rule-${r.rule}`} className="rule-legend-row">
            <dt>rule {r.rule}</dt>
            <dd>{r.text}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small-text">
        From the bank’s interface, “Application-layer signing”. A check without a rule is the certificate and keyId part of rule 10.
      </p>
    </details>
  );
}
