// What the PSU's phone shows during a lesson: the subject of the step the class sees (the decision it
// waits for; the approval the step started, opened, decided or let run out; the payment it created or
// reads), or nothing (a neutral screen), never a finished card of an earlier step. Pure: the run as the
// host reports it and the bank's journeys, so it is tested without a browser.
import type { FlowExchange, FlowRunState, ScaJourney } from '../../../preload/api/workbench-api';
import { lessonStep } from './lesson-step';

/**
 * A payment `created` in the step shown is still being checked as the class sees it: its name check's answer
 * is the next step's news, so the phone says the bank is checking the payee's name.
 */
export type PhoneSubject = { kind: 'journey'; journeyId: string } | { kind: 'payment'; paymentId: string; created?: boolean };

// An SCA journey by its link (the browser opens /sca/{id}, the bank's app decides at /simulator/v1/sca/{id})
// or by the link an answer gives (`_links.scaRedirect`); a payment by its path or the id its creation answers.
const JOURNEY_PATH = /^(?:\/simulator\/v1)?\/sca\/([0-9a-f-]{36})(?:[/?]|$)/i;
const SCA_REDIRECT = /"scaRedirect"\s*:\s*\{\s*"href"\s*:\s*"[^"]*\/sca\/([0-9a-f-]{36})"/i;
const PAYMENT_PATH = /\/berlingroup\/v1\/(?:payments|bulk-payments|periodic-payments)\/[^/?]+\/([^/?]+)/;
const PAYMENT_ID = /^\s*\{[^]*?"paymentId"\s*:\s*"([^"]+)"/;
/** The bank's app reading its approvals (a flow's scaJourney step): about the journey the lesson is on. */
const APP_READS = /^\/simulator\/v1\/sca(?:\?|$)/;

/** What one exchange is about, in the order it tells: its path, then its answer. */
function subjectsOf(exchange: FlowExchange): PhoneSubject[] {
  const path = exchange.url.replace(/^https?:\/\/[^/]+/, '');
  const found: PhoneSubject[] = [];
  const journeyPath = JOURNEY_PATH.exec(path)?.[1];
  if (journeyPath) found.push({ kind: 'journey', journeyId: journeyPath.toLowerCase() });
  const paymentPath = PAYMENT_PATH.exec(path)?.[1];
  if (paymentPath) found.push({ kind: 'payment', paymentId: paymentPath });
  if (exchange.status >= 200 && exchange.status < 300) {
    const created = exchange.method === 'POST' && !paymentPath ? PAYMENT_ID.exec(exchange.responseBody)?.[1] : undefined;
    if (created) found.push({ kind: 'payment', paymentId: created, created: true });
    const link = SCA_REDIRECT.exec(exchange.responseBody)?.[1];
    if (link) found.push({ kind: 'journey', journeyId: link.toLowerCase() });
  }
  return found;
}

const lastSubject = (exchanges: readonly FlowExchange[]): PhoneSubject | undefined => exchanges.flatMap(subjectsOf).at(-1);

const isWaiting = (journey: ScaJourney): boolean => journey.status === 'started' || journey.status === 'opened';

/**
 * The subject of the step the lesson shows (lessonStep's): the journey the run waits for; else what the
 * step's own exchanges were last about; else what the steps before were last about, as long as it is still
 * news: a payment, an approval still waiting, or one that ended during this step (the clock moved past its
 * time limit) or that the bank's app reads in it. null: a neutral screen.
 */
export function phoneSubject(run: FlowRunState, journeys: readonly ScaJourney[]): PhoneSubject | null {
  if (run.pending?.kind === 'psu') return { kind: 'journey', journeyId: run.pending.journeyId };
  const step = lessonStep(run);
  if (!step || step.state === 'next') return null;
  const own = lastSubject(step.exchanges);
  if (own) return own;
  // Carried over from an earlier step, a payment is no longer new: its check's answer is known.
  const before = run.steps.slice(0, step.number - 1);
  const carried = lastSubject(before.flatMap((s) => s.exchanges));
  if (!carried) return null;
  if (carried.kind === 'payment') return { kind: 'payment', paymentId: carried.paymentId };
  const journey = journeys.find((j) => j.journeyId === carried.journeyId);
  if (!journey || isWaiting(journey)) return carried;
  if (step.exchanges.some((e) => APP_READS.test(e.url))) return carried;
  // Ended: news only if it ended while this step ran (on the simulated clock, which the step moved).
  const ran = step.state === 'done' ? run.steps[step.number - 1] : undefined;
  const from = ran?.startedAt ?? run.steps.at(-1)?.finishedAt;
  const to = ran?.finishedAt;
  const ended = journey.finishedAt === null ? NaN : Date.parse(journey.finishedAt);
  const endedHere = from !== undefined && ended > Date.parse(from) && (to === undefined || ended <= Date.parse(to));
  return endedHere ? carried : null;
}
