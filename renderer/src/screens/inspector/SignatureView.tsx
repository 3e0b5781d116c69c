import type { SignatureCheck, SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { CertificateView } from './CertificateView';
import { RuleLegend, RuleRef, withoutRule } from './RuleLegend';
import { SigningStringView } from './SigningStringView';
import { VerdictLine } from './VerdictLine';
import './inspector-tools.css';

/** The failing checks first, each group in the order the bank made them. */
function failingFirst(checks: readonly SignatureCheck[]): SignatureCheck[] {
  return [...checks.filter((c) => !c.passed), ...checks.filter((c) => c.passed)];
}

/** The bank's diagnosis of a signed request, as the host reports it (no rule is evaluated here). */
export function SignatureView({ signature }: { signature: SignatureDiagnosis }) {
  const digestMatches = signature.digest.sent === signature.digest.computed;
  const rules = signature.rules;

  return (
    <div className="signature-view" data-testid="signature-view">
      <VerdictLine signature={signature} />

      <h3>Checks</h3>
      <ol className="checks">
        {failingFirst(signature.checks).map((c) => (
          <li key={c.id} className={c.passed ? 'check-passed' : 'check-failed'} data-check={c.id}>
            <span className="check-mark" aria-label={c.passed ? 'passed' : 'failed'}>
              {c.passed ? '✓' : '✗'}
            </span>
            <span className="check-rule">{c.rule !== null && <RuleRef rule={c.rule} rules={rules} />}</span>
            <span>{withoutRule(c.text, c.rule)}</span>
          </li>
        ))}
      </ol>
      <RuleLegend rules={rules} />

      <h3>Digest</h3>
      <table className="headers-table">
        <tbody>
          <tr>
            <th>sent</th>
            <td className="wire-plain">{signature.digest.sent ?? '(no Digest header)'}</td>
          </tr>
          <tr className={digestMatches ? undefined : 'signing-line-failed'}>
            <th>computed by the bank</th>
            <td className="wire-plain">{signature.digest.computed}</td>
          </tr>
        </tbody>
      </table>

      <h3>Signing string</h3>
      <p className="muted small-text">
        keyId <code className="wire-plain">{signature.keyId ?? '—'}</code> · algorithm <code className="wire-plain">{signature.algorithm ?? '—'}</code>
      </p>
      <SigningStringView signature={signature} />

      <h3>Certificate</h3>
      <CertificateView certificate={signature.certificate} />
    </div>
  );
}
