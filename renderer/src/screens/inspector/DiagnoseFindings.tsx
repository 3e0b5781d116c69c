import type { PastedDiagnosis } from '../../../../preload/api/workbench-api';
import { useDiagnose } from '../../state/diagnose';
import { StatusBadge } from '../../widgets/StatusBadge';

type Finding = PastedDiagnosis['findings'][number];

/** What could not be checked (the first warning), for the verdict line: then a valid signature is not "every check passed". */
export const uncheckedOf = (result: PastedDiagnosis): string | undefined => result.findings.find((f) => f.severity === 'warning')?.text;

/** The worst finding as one badge: an error's code, a warning's "TPP not checked" (or the token, with a TPP picked), none: the signature valid. */
function WorstBadge({ worst, caller }: { worst: Finding | undefined; caller: PastedDiagnosis['caller'] }) {
  if (worst === undefined) return <StatusBadge value="valid" label="signature valid" />;
  if (worst.severity === 'warning') return <StatusBadge value="unchecked" label={caller.by === 'certificate' ? 'token not checked' : 'TPP not checked'} />;
  return (
    <span className="status status-rejected" title={`${worst.code ?? 'refused'}: ${worst.text}`} data-status="rejected">
      {worst.code ?? 'refused'}
    </span>
  );
}

/**
 * What Diagnose found, worst first (the bank's answer live where it refuses, then what it could not check), and
 * whom it checked as. A pasted request comes over no connection: when the bank does not know its token, it
 * offers to check as the registered TPP the certificate names.
 */
export function DiagnoseFindings({ result }: { result: PastedDiagnosis }) {
  const { findings } = result;
  return (
    <section className="diagnose-findings" aria-label="Findings" data-testid="diagnose-findings">
      <p className="diagnose-findings-head" data-testid="diagnose-badge">
        <WorstBadge worst={findings[0]} caller={result.caller} />
        <strong>
          {findings.length === 0 ? 'Every check was made and passed.' : findings.length === 1 ? 'One finding' : `${findings.length} findings, worst first`}
        </strong>
      </p>
      {findings.length > 0 && (
        <ol className="diagnose-finding-list">
          {findings.map((f) => (
            <li key={f.text} className={`diagnose-finding finding-${f.severity}`} data-testid="diagnose-finding" data-severity={f.severity}>
              <span className="check-mark" aria-label={f.severity === 'error' ? 'refused' : 'not checked'}>
                {f.severity === 'error' ? '✗' : '!'}
              </span>
              <span>
                {f.code !== undefined && <code className="wire-plain">{`${f.code} ${f.status ?? ''} `}</code>}
                {f.text}
              </span>
            </li>
          ))}
        </ol>
      )}
      <CallerLine result={result} />
    </section>
  );
}

/** Whom the checks were made as, and the control to check as the TPP the certificate names. */
function CallerLine({ result }: { result: PastedDiagnosis }) {
  const diagnose = useDiagnose((s) => s.diagnose);
  const busy = useDiagnose((s) => s.busy);
  const { caller } = result;
  const certificate = result.signature.certificate;
  if (caller.by === 'token')
    return (
      <p className="muted small-text" data-testid="diagnose-caller">
        Checked as TPP {caller.tppId}, to whom this bank issued the bearer token.
      </p>
    );
  if (caller.by === 'qseal')
    return (
      <p className="muted small-text" data-testid="diagnose-caller">
        A registration: the TPP is the one its QSEAL names{caller.tppId ? `, ${caller.tppId}` : ''}.
      </p>
    );
  if (caller.by === 'certificate')
    return (
      <p className="muted small-text" data-testid="diagnose-caller">
        Checked as TPP {caller.tppId}, picked by its certificate; the token was not checked.{' '}
        <button type="button" className="small" onClick={() => void diagnose('token')} disabled={busy}>
          Check without a calling TPP
        </button>
      </p>
    );
  return (
    <p className="muted small-text" data-testid="diagnose-caller">
      {caller.certificateTpp !== null ? (
        <>
          The certificate names TPP {caller.certificateTpp}, registered at this bank.{' '}
          <button type="button" className="small" onClick={() => void diagnose('certificate')} disabled={busy} data-testid="diagnose-pick-tpp">
            Check as TPP {caller.certificateTpp}, picked by its certificate
          </button>
        </>
      ) : (
        `No TPP can be picked by the certificate: ${whyNoTpp(certificate)}.`
      )}
    </p>
  );
}

function whyNoTpp(certificate: PastedDiagnosis['signature']['certificate']): string {
  if (certificate === null || !certificate.parsed) return 'it could not be read';
  if (certificate.trustProblem !== null) return 'this bank does not trust it';
  if (certificate.organizationId === undefined) return 'it carries no organizationIdentifier';
  return `no TPP registered at this bank has its organisation ${certificate.organizationId}`;
}
