import type { Exchange, ExchangeMessage, SignatureCheck, SignatureDiagnosis } from '../../../../preload/api/workbench-api';
import { responseHeaderValue } from '../../widgets/http-status';
import { CertificateView } from './CertificateView';
import { RuleLegend, RuleRef, withoutRule } from './RuleLegend';
import { SigningStringView } from './SigningStringView';
import { VerdictLine } from './VerdictLine';
import { isRefusedBeforeSignature } from '../../lib/signature-verdict';
import './inspector-tools.css';

/** The failing checks first, each group in the order the bank made them. */
function failingFirst(checks: readonly SignatureCheck[]): SignatureCheck[] {
  return [...checks.filter((c) => !c.passed), ...checks.filter((c) => c.passed)];
}

/**
 * The bank's diagnosis of a signed request, as the host reports it (no rule is evaluated here). `unchecked`: what
 * could not be checked (Diagnose without a calling TPP), so a valid verdict is not "every check passed".
 */
export function SignatureView({ signature, unchecked }: { signature: SignatureDiagnosis; unchecked?: string | undefined }) {
  const digestMatches = signature.digest.sent === signature.digest.computed;
  const rules = signature.rules;
  const early = isRefusedBeforeSignature(signature.verdict);

  return (
    <div className="signature-view" data-testid="signature-view">
      <VerdictLine signature={signature} unchecked={unchecked} />

      {early ? (
        <p data-testid="refused-before-signature">
          The bank answered before it looked at the Digest, the Signature or the certificate, so none of its signature checks was made: the signature is checked
          once the request gets that far. What the request carried for its signature follows, as sent.
        </p>
      ) : (
        <h3>Checks</h3>
      )}
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

/** The headers a signed operation carries for its signature (spec "Application-layer signing"), as the spec writes them. */
const SIGNATURE_HEADERS = ['Digest', 'Signature', 'TPP-Signature-Certificate'] as const;

const sentOf = (headers: ExchangeMessage['headers']): string[] =>
  SIGNATURE_HEADERS.filter((name) => responseHeaderValue(headers, name.toLowerCase()) !== undefined);

/** Whether a request came with any of the signature headers. */
export const signatureHeadersSent = (headers: ExchangeMessage['headers']): boolean => sentOf(headers).length > 0;

/**
 * An operation outside the bank's signing profile (e.g. POST /consents) that came with signature
 * headers: the bank did not check them (no diagnosis was made), which is what the spec asks.
 */
export function UnsignedOperationNote({ exchange }: { exchange: Exchange }) {
  const sent = sentOf(exchange.request.headers);
  return (
    <div className="signature-view" data-testid="signature-not-checked">
      <section className="verdict verdict-unsigned">
        <strong>This operation is not signed at this bank: its signature headers are not checked.</strong>
      </section>
      <p>
        {exchange.method} {exchange.url.split('?')[0]} came with {sent.join(', ')}. The bank’s signing profile covers payment initiation, starting an
        authorisation, signing baskets, payment cancellation, funds confirmation and registration; for any other operation it answers without looking at these
        headers, so neither a wrong Digest nor a wrong Signature changes its answer.
      </p>
    </div>
  );
}
