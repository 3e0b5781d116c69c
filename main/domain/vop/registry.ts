// The payee registry as a list of demonstrations: for each registered payee, the creditor names
// that show an outcome (its registered name, and the names its `demonstrates` note quotes), each with
// the outcome the payee's PSP really answers for it. Pure: the payment editor fills its templates
// with these to show a chosen VoP outcome (GET /simulator/v1/vop-registry).
import type { Payee, VopOutcome } from '../dataset/types';
import { payeeAnswer } from './verify';

export interface PayeeDemonstration {
  iban: string;
  registeredName: string;
  /** The creditor name (Cdtr/Nm) to write in the pain.001. */
  creditorName: string;
  outcome: VopOutcome;
  demonstrates: string;
}

/** "…" and "…" quoted in a note; straight and typographic quotes. */
const QUOTED = /["“]([^"”]{2,70})["”]/g;

export function payeeDemonstrations(payees: readonly Payee[]): PayeeDemonstration[] {
  const out: PayeeDemonstration[] = [];
  for (const payee of payees) {
    const names = [payee.registeredName, ...[...payee.demonstrates.matchAll(QUOTED)].map((m) => (m[1] ?? '').trim())];
    const seen = new Set<VopOutcome>();
    for (const creditorName of names) {
      const answer = payeeAnswer(payee, creditorName);
      const outcome: VopOutcome = answer === undefined ? 'timeout' : answer.outcome;
      if (creditorName === '' || seen.has(outcome)) continue;
      seen.add(outcome);
      out.push({ iban: payee.iban, registeredName: payee.registeredName, creditorName, outcome, demonstrates: payee.demonstrates });
    }
  }
  return out;
}
