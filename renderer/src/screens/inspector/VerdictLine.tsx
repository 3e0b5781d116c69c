import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { RuleRef, withoutRule } from './RuleLegend';
import { SignatureVerdict } from './SignatureVerdict';

/** The bank's verdict in one line: valid, or the status, the text and the check that failed with its rule. */
export function VerdictLine({ signature }: { signature: SignatureDiagnosis }) {
  const v = signature.verdict;
  const failing = v.valid ? undefined : signature.checks.find((c) => c.id === v.checkId);
  return (
    <section className={`verdict ${v.valid ? 'verdict-valid' : 'verdict-invalid'}`} data-testid="signature-verdict">
      <SignatureVerdict signature={signature} />
      <span>
        {v.valid ? (
          'Every check passed.'
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
