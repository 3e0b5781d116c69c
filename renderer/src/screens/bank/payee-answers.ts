/** What the payee's bank answers, in a trainer's words, as the registry takes it. */
export const PAYEE_ANSWERS = [
  { outcome: 'match', label: 'Match: the name is right' },
  { outcome: 'closeMatch', label: 'Close match: it suggests the registered name' },
  { outcome: 'noMatch', label: 'No match: the name is someone else’s' },
  { outcome: 'timeout', label: 'No answer: the payee’s bank is silent' },
  { outcome: 'serviceUnavailable', label: 'Unavailable: the payee’s bank is down' },
  { outcome: 'notApplicable', label: 'Cannot be checked for this account' },
] as const;

/** The answer in the few words a list of payees shows: "Close match". */
export const payeeAnswerLabel = (outcome: string): string => PAYEE_ANSWERS.find((a) => a.outcome === outcome)?.label.split(':')[0] ?? outcome;
