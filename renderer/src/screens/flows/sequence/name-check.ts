// The name check (Verification of Payee) as the diagram draws it: the bank asks the payee's bank, the
// payee's bank answers. The run has no exchange with the payee's bank, so the check is derived from the
// payment exchanges it has: the payment's initiation asks, and the answer is the first final result a
// status report of that payment carried (or the payment's VoP state now, where the wire says nothing: a
// match has no reason code). A check that stayed "still checking" until the trainer moved time is
// answered after that clock move: "no answer in time".
import type { FlowExchange, VopSummary } from '../../../../../preload/api/workbench-api';
import { readAnswer } from '../../../lib/wire-answer';
import { vopOutcomeOfReason, vopWords } from '../../../widgets/plain-words';

type VopOutcome = VopSummary['outcome'];

/** A payment's VoP state now, from the bank's list of payments (widgets/vop.ts). */
export type VopOf = (paymentId: string) => Pick<VopSummary, 'outcome'> | undefined;

export interface NameCheck {
  /** The payment initiation that asked. */
  askedAt: number;
  /** The final results, each once; empty while the payee's bank has not answered. */
  outcomes: VopOutcome[];
  /** Where the answer is drawn: just after the question, or after / before another exchange of the run. */
  answerAt: { after: number } | { before: number } | null;
}

const INITIATION = /\/berlingroup\/v1\/(?:payments|bulk-payments|periodic-payments)\/[^/?]+(?:\?|$)/;
const CLOCK = /^\/simulator\/v1\/clock(?:\?|$)/;

function paymentIdOf(exchange: FlowExchange): string | null {
  if (exchange.method !== 'POST' || exchange.status !== 201 || !INITIATION.test(exchange.url)) return null;
  try {
    const body = JSON.parse(exchange.responseBody) as { paymentId?: unknown };
    return typeof body.paymentId === 'string' && body.paymentId !== '' ? body.paymentId : null;
  } catch {
    return null;
  }
}

const outcomesOf = (exchange: FlowExchange): VopOutcome[] => [
  ...new Set(readAnswer(exchange.responseBody).reasons.flatMap((r) => vopOutcomeOfReason(r.code, r.info) ?? [])),
];

/** The name check of each payment initiation of the run that had one, by the initiation's seq. */
export function nameChecks(exchanges: readonly FlowExchange[], vopOf: VopOf = () => undefined): Map<number, NameCheck> {
  const sorted = [...exchanges].sort((a, b) => a.seq - b.seq);
  const checks = new Map<number, NameCheck>();
  for (const asked of sorted) {
    const paymentId = paymentIdOf(asked);
    if (paymentId === null) continue;
    const later = sorted.filter((e) => e.seq > asked.seq);
    const reads = later.filter((e) => e.url.includes(paymentId) && e.status < 300).map((e) => ({ seq: e.seq, outcomes: outcomesOf(e) }));
    const now = vopOf(paymentId)?.outcome;
    if (!reads.some((r) => r.outcomes.length > 0) && now === undefined) continue;
    const final = reads.find((r) => r.outcomes.some((o) => o !== 'inProgress'));
    const outcomes = final ? final.outcomes.filter((o) => o !== 'inProgress') : now !== undefined && now !== 'inProgress' ? [now] : [];
    const waited = reads.some((r) => r.outcomes.includes('inProgress') && (!final || r.seq < final.seq)) || outcomes.includes('timeout');
    let answerAt: NameCheck['answerAt'] = null;
    if (outcomes.length > 0 && !waited) answerAt = { after: asked.seq };
    else if (outcomes.length > 0) {
      const moved = later.find((e) => CLOCK.test(e.url) && e.method === 'POST' && (!final || e.seq < final.seq));
      const last = sorted.at(-1) as FlowExchange;
      answerAt = moved ? { after: moved.seq } : final ? { before: final.seq } : { after: last.seq };
    }
    checks.set(asked.seq, { askedAt: asked.seq, outcomes, answerAt });
  }
  return checks;
}

export const QUESTION_WORDS = 'Bank asks the payee’s bank to check the name';

/** The answer in words: "Payee’s bank says: close match — the name is almost right"; no answer in time is the bank's own conclusion. */
export function nameCheckAnswerWords(outcomes: readonly VopOutcome[]): { words: string; answered: boolean } {
  const [only] = outcomes;
  if (outcomes.length === 1 && only === 'timeout') return { words: `No answer in time — the name could not be checked`, answered: false };
  if (outcomes.length === 1 && only) return { words: `Payee’s bank says: ${vopWords(only).said}`, answered: true };
  return { words: `Payee’s banks say: ${outcomes.map((o) => vopWords(o).short).join(', ')}`, answered: true };
}
