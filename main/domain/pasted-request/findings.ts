import type { EarlyRefusal } from '../signing/refused-before';
import type { SignatureDiagnosis } from '../signing/verify';

/**
 * Who the bank took for the calling TPP of a pasted request, which came over no connection: the TPP its
 * bearer token was issued to, the TPP picked by its certificate on request, or (a registration) the one its
 * QSEAL names; none when the token is unknown to this bank or absent.
 */
export interface PastedCaller {
  tppId: string | null;
  by: 'token' | 'certificate' | 'qseal' | null;
  /** The bearer token, as this bank knows it. */
  token: 'known' | 'unknown' | 'absent';
  /** The TPP registered at this bank whose organisation the certificate carries, when it chains to the bank's CAs: whom "by certificate" checks as. */
  certificateTpp: string | null;
}

/** What Diagnose found: errors decide the answer, warnings say what could not be checked. */
export interface PastedFinding {
  severity: 'error' | 'warning';
  /** An error's code and HTTP status, as the bank would answer. */
  code?: string;
  status?: number;
  text: string;
}

export const TPP_NOT_IDENTIFIED = "calling TPP not identified: the certificate's organisation and the token were not checked";

const TOKEN_WORDS = {
  unknown: 'this bank does not know the bearer token',
  absent: 'the request carries no bearer token',
} as const;

/**
 * The findings of a pasted request, worst first: a refusal the route makes before the signature check (what
 * the bank answers live), the signature's verdict, then what could not be checked because the calling TPP is
 * not this bank's to tell. Never none with a TPP unidentified: a green "every check passed" would claim the
 * organisation check the bank could not make.
 */
export function pastedFindings(diagnosis: SignatureDiagnosis, refusal: EarlyRefusal | null, caller: PastedCaller): PastedFinding[] {
  const findings: PastedFinding[] = [];
  if (refusal !== null)
    findings.push({ severity: 'error', code: refusal.code, status: refusal.status, text: `refused before the signature was checked: ${refusal.text}` });
  const { verdict } = diagnosis;
  if (!verdict.valid) findings.push({ severity: 'error', code: verdict.code, status: verdict.status, text: verdict.text });
  if (caller.token !== 'known' && caller.by !== 'qseal') {
    const token = `${TOKEN_WORDS[caller.token]} (sent here, the request is refused 401 TOKEN_INVALID)`;
    findings.push({
      severity: 'warning',
      text:
        caller.by === 'certificate'
          ? `the token was not checked: ${token}; the certificate's organisation was checked as TPP ${caller.tppId ?? '?'}, picked by its certificate`
          : `${TPP_NOT_IDENTIFIED}; ${token}`,
    });
  }
  return findings;
}
