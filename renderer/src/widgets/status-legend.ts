// The one status vocabulary (docs/architecture.md#look-and-feel): each value has one colour,
// defined in styles.css as .status-<value>, and one explanation for the legend.
export const STATUS_LEGEND: readonly { value: string; meaning: string }[] = [
  { value: 'PATC', meaning: 'Payment: partially accepted, waiting for further authorisations' },
  { value: 'PDNG', meaning: 'Payment: pending, the bank is processing it' },
  { value: 'ACCP', meaning: 'Payment: accepted by the bank' },
  { value: 'ACTC', meaning: 'Accepted after technical validation' },
  { value: 'RJCT', meaning: 'Rejected' },
  { value: 'started', meaning: 'SCA: started, the PSU has not opened the link yet' },
  { value: 'opened', meaning: 'SCA: the PSU opened the link and can approve or reject' },
  { value: 'finalised', meaning: 'SCA: completed successfully' },
  { value: 'failed', meaning: 'SCA: rejected or failed' },
  { value: 'received', meaning: 'Consent: received, SCA not done yet' },
  { value: 'valid', meaning: 'Consent: valid, or a signature that passed every check' },
  { value: 'unchecked', meaning: 'Signature: the checks made passed, but not all could be made (Diagnose: the calling TPP not identified)' },
  { value: 'rejected', meaning: 'Consent: rejected' },
  { value: 'expired', meaning: 'Consent: expired (validUntil passed)' },
  { value: 'revokedByPsu', meaning: 'Consent: revoked by the PSU' },
  { value: 'terminatedByTpp', meaning: 'Consent: deleted by the TPP' },
  { value: 'match', meaning: 'Verification of Payee: the name matches the account holder' },
  { value: 'CMTC', meaning: 'Verification of Payee: close match; the account holder’s name is given' },
  { value: 'NMTC', meaning: 'Verification of Payee: no match' },
  { value: 'RECI', meaning: 'Verification of Payee: in progress; authorisation waits for the result' },
  { value: 'NOAP', meaning: 'Verification of Payee: not applicable or not possible (unavailable, timeout)' },
];

const MEANING = new Map(STATUS_LEGEND.map((s) => [s.value, s.meaning]));

export function statusMeaning(value: string): string {
  return MEANING.get(value) ?? value;
}
