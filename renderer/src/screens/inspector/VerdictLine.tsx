import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';
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
            HTTP {v.status}: {v.text}
            {failing && (
              <>
                {' '}
                (check <code className="wire-plain">{failing.id}</code>
                {failing.rule !== null ? `, rule ${failing.rule}` : ''})
              </>
            )}
          </>
        )}
      </span>
      <span className="muted">operation {signature.operation}</span>
    </section>
  );
}
