// The one vocabulary of plain words for what the wire carries as codes: the phone, the sequence diagram and
// a lesson's captions all say a status, a Verification of Payee result, a refusal or a wait with these, in
// words a bank clerk understands; the codes stay in small print for trainers (docs/teaching.md).
import type { FlowPending, JourneyStatus, PaymentSummary, VopSummary } from '../../../preload/api/workbench-api';

const JOURNEY_WORDS: Record<JourneyStatus, string> = {
  started: 'Link not opened yet',
  opened: 'Waiting for you',
  finalised: 'Approved',
  failed: 'Not approved',
};

export function journeyStatusWords(status: JourneyStatus): string {
  return JOURNEY_WORDS[status];
}

const PAYMENT_WORDS: Record<PaymentSummary['status'], string> = {
  PATC: 'Waiting for approvals',
  PDNG: 'Approved, the bank is processing it',
  ACCP: 'Processed by the bank',
  RJCT: 'Rejected',
};

export function paymentStatusWords(status: PaymentSummary['status']): string {
  return PAYMENT_WORDS[status];
}

/** Approvals done and needed, as the PSU counts them: "1 of 2 approvals". */
export function approvalsText(done: number, needed: number): string {
  return `${done} of ${needed} approval${needed === 1 ? '' : 's'}`;
}

const PERMISSION_WORDS: Record<string, string> = {
  ais: 'see balances and transactions',
  paymentCreation: 'create payments',
  paymentAuthorisation: 'approve payments',
};

/** What an account's permissions let the consent do, in words; an unknown one as the dataset names it. */
export function permissionWords(permissions: readonly string[]): string {
  return permissions.map((p) => PERMISSION_WORDS[p] ?? p).join(', ');
}

/** Who waits, by name: the PSU's name from the dataset when known, else the psuId as a last resort. */
export type PsuName = (psuId: string) => string;

/** What a run waits for the PSU to do, as a sentence's end: "to approve", "to decide" (the choice is theirs). */
export function awaitedDecisionVerb(pending: Extract<FlowPending, { kind: 'psu' }>): string {
  return pending.either === true ? 'decide' : pending.expected;
}

/** The line a lesson shows while the PSU decides: "Waiting for Andreas Richter to decide on the phone". */
export function waitingWords(pending: Extract<FlowPending, { kind: 'psu' }>, name: PsuName): string {
  return `Waiting for ${name(pending.psuId)} to ${awaitedDecisionVerb(pending)} on the phone`;
}

type VopOutcome = VopSummary['outcome'];

interface VopWords {
  /** A word or two, the phone banner's title and a list's badge. */
  label: string;
  /** What the PSU must take in at a glance, as the EPC VoP rulebook has the bank's app show it. */
  headline: string;
  /** What the payee's bank said, after "The payee's bank says: ". */
  said: string;
  /** The same, short, for the diagram's answer arrow. */
  short: string;
}

const VOP_WORDS: Record<VopOutcome, VopWords> = {
  match: { label: 'Name checked', headline: 'The name matches the account holder.', said: 'match — the name is right', short: 'match' },
  closeMatch: {
    label: 'Close match',
    headline: 'The name is close to the account holder’s name.',
    said: 'close match — the name is almost right',
    short: 'close match',
  },
  noMatch: {
    label: 'No match',
    headline: 'The name does not match the account holder.',
    said: 'no match — the name is not the account holder’s',
    short: 'no match',
  },
  inProgress: {
    label: 'Checking',
    headline: 'The bank is checking the payee’s name…',
    said: 'nothing yet — the bank is still checking the payee’s name',
    short: 'no answer yet',
  },
  notApplicable: {
    label: 'Not checked',
    headline: 'The payee could not be checked.',
    said: 'the name cannot be checked for this account',
    short: 'cannot be checked',
  },
  serviceUnavailable: {
    label: 'Not checked',
    headline: 'The payee could not be checked.',
    said: 'its name check is out of service — the name could not be checked',
    short: 'out of service',
  },
  timeout: {
    label: 'Not checked',
    headline: 'The payee could not be checked.',
    said: 'no answer in time — the name could not be checked',
    short: 'no answer in time',
  },
};

/** The words of a Verification of Payee outcome: the phone's banner, the captions and the diagram use these. */
export function vopWords(outcome: VopOutcome): VopWords {
  return VOP_WORDS[outcome];
}

/**
 * What the name check gave a payment, as a sentence for the class: "The payee's bank says: close match —
 * the name is almost right. The account holder's name is Müller Logistik GmbH."
 */
export function payeeCheckWords(vop: Pick<VopSummary, 'outcome' | 'additionalInfo'>): string {
  if (vop.outcome === 'inProgress') return `${VOP_WORDS.inProgress.headline} The payee’s bank has not answered yet.`;
  const named = vop.outcome === 'closeMatch' && vop.additionalInfo ? ` The account holder’s name is ${vop.additionalInfo}.` : '';
  return `The payee’s bank says: ${VOP_WORDS[vop.outcome].said}.${named}`;
}

/** A pain.002 status reason of Verification of Payee as its outcome; NOAP's additional information says which. */
export function vopOutcomeOfReason(code: string, additionalInfo: string | null): VopOutcome | null {
  switch (code) {
    case 'CMTC':
      return 'closeMatch';
    case 'NMTC':
      return 'noMatch';
    case 'RECI':
      return 'inProgress';
    case 'NOAP':
      if (additionalInfo && /no response/i.test(additionalInfo)) return 'timeout';
      if (additionalInfo && /unavailable/i.test(additionalInfo)) return 'serviceUnavailable';
      return 'notApplicable';
    default:
      return null;
  }
}

// What the bank's answers say, as the diagram's answer arrows put it after "Bank answers: ".
const TRANSACTION_ANSWERS: Record<string, string> = {
  RCVD: 'the payment is received',
  ACTC: 'accepted',
  PATC: 'the payment waits for approval',
  PDNG: 'approved, the bank is processing the payment',
  ACCP: 'the payment is processed',
  ACSC: 'the payment is settled',
  ACSP: 'the payment is being settled',
  RJCT: 'the payment is rejected',
  CANC: 'the payment is cancelled',
};
const CONSENT_ANSWERS: Record<string, string> = {
  received: 'the consent waits for the customer',
  valid: 'the consent is valid',
  rejected: 'the consent is rejected',
  expired: 'the consent has expired',
  revokedByPsu: 'the customer revoked the consent',
  terminatedByTpp: 'the provider ended the consent',
  partiallyAuthorised: 'the consent is partly approved',
};
const SCA_ANSWERS: Record<string, string> = {
  received: 'the approval is received',
  started: 'here is the approval link',
  psuIdentified: 'the customer is identified',
  psuAuthenticated: 'the customer is authenticated',
  scaMethodSelected: 'the approval method is chosen',
  finalised: 'approved',
  failed: 'not approved',
  exempted: 'no approval needed',
};

/** A status the bank answered (a payment's, a consent's, an approval's) in words; an unknown one as sent. */
export function answerWords(kind: 'transaction' | 'consent' | 'sca', status: string): string {
  const table = kind === 'transaction' ? TRANSACTION_ANSWERS : kind === 'consent' ? CONSENT_ANSWERS : SCA_ANSWERS;
  return table[status] ?? status;
}

// Why the bank refused, where the error code alone would say little: the message's cause first.
const REFUSAL_CAUSES: readonly [RegExp, string][] = [
  [/Verification of Payee is still in progress/i, 'the name check is still running'],
  [/active authorisation attempt/i, 'an approval is already under way'],
  [/authorisation is possible only while PATC/i, 'the payment no longer waits for approval'],
];
const REFUSAL_CODES: Record<string, string> = {
  STATUS_INVALID: 'not possible in this state',
  CANCELLATION_INVALID: 'the payment can no longer be cancelled',
  SERVICE_BLOCKED: 'the service is blocked',
  ACCESS_EXCEEDED: 'too many reads today',
};

/** "SIGNATURE_INVALID" and "invalid_grant" as words: "signature invalid", "invalid grant". */
export function codeWords(code: string): string {
  return code.toLowerCase().replace(/_/g, ' ');
}

/** Why the bank refused a request, from its error code and message: "the name check is still running". */
export function refusalReasonWords(code: string, message: string | null): string {
  const cause = message === null ? undefined : REFUSAL_CAUSES.find(([pattern]) => pattern.test(message));
  return cause?.[1] ?? REFUSAL_CODES[code] ?? codeWords(code);
}

const HTTP_STATUS_WORDS: Record<number, string> = {
  400: 'wrong request',
  401: 'not authorised',
  403: 'not allowed',
  404: 'not found',
  405: 'not allowed here',
  409: 'not possible in this state',
  429: 'too many requests',
  500: 'an error inside the bank',
  502: 'the bank cannot reach its system',
  503: 'unavailable for a moment',
  504: 'no answer in time',
};

/** An HTTP status as a person says it: 503 is "unavailable for a moment"; the number stays in the HTTP line. */
export function httpStatusWords(status: number): string {
  if (status === 0) return 'no answer at all';
  return HTTP_STATUS_WORDS[status] ?? (status >= 500 ? 'an error inside the bank' : 'refused');
}
