import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { isRefusedBeforeSignature } from '../../lib/signature-verdict';
import { StatusBadge } from '../../widgets/StatusBadge';
import { RuleRef, withoutRule } from './RuleLegend';
import { VerdictBadge } from './VerdictBadge';

/**
 * The bank's verdict in one line: valid, or the status, the text and the check that failed with its rule; for a
 * request refused before its signature was checked, that answer. `unchecked` says what could not be checked
 * (Diagnose without a calling TPP): the checks made passed, but not "every check".
 */
export function VerdictLine({ signature, unchecked }: { signature: SignatureDiagnosis; unchecked?: string | undefined }) {
  const v = signature.verdict;
  const failing = v.valid ? undefined : signature.checks.find((c) => c.id === v.checkId);
  const partly = v.valid && unchecked !== undefined;
  return (
    <section className={`verdict ${partly ? 'verdict-unchecked' : v.valid ? 'verdict-valid' : 'verdict-invalid'}`} data-testid="signature-verdict">
      {partly ? <StatusBadge value="unchecked" label="signature valid, not every check made" /> : <VerdictBadge verdict={signature.verdict} />}
      <span>
        {v.valid ? (
          partly ? (
            <span title={unchecked}>The checks made passed, but not every check could be made: the findings above say which.</span>
          ) : (
            'Every check passed.'
          )
        ) : isRefusedBeforeSignature(v) ? (
          <>
            HTTP {v.status}: refused before the signature was checked: {v.text}
          </>
        ) : (
          <>
            HTTP {v.status}: {withoutRule(v.text, failing?.rule ?? null)}
            {failing && (
              <>
                {' '}
                (check <code className="wire-plain">{failing.id}</code>
                {failing.rule !== null && (
                  <>
                    , <RuleRef rule={failing.rule} rules={signature.rules} />
                  </>
                )}
                )
              </>
            )}
          </>
        )}
      </span>
      <span className="muted">operation {signature.operation}</span>
    </section>
  );
}
