// Which step the presentation view tells the class about, and where "back a step" goes. Pure: the
// run as the host reports it in, so it is tested without a browser.
import type { FlowExchange, FlowRunState, VopSummary } from '../../../preload/api/workbench-api';
import { readAnswer, wireCodes } from '../lib/wire-answer';
import { payeeCheckWords, vopOutcomeOfReason, vopWords } from '../widgets/plain-words';

export interface LessonStep {
  /** 1-based. */
  number: number;
  title: string;
  explanation: string;
  spec: string;
  /** next: nothing run yet; underWay: being run, or waiting for a request to go or a PSU; done: just run. */
  state: 'next' | 'underWay' | 'done';
  /** Whether a step run met its expectation; null while it is not done. */
  met: boolean | null;
  /** The step's exchanges so far: what "Show HTTP" shows. */
  exchanges: readonly FlowExchange[];
  /** The codes its answers carried, once each, for the small print under its words: "PATC · CMTC", "409 · STATUS_INVALID". */
  codes: string[];
}

/** The codes of a step's answers, once each, in the order they came. */
function codesOf(exchanges: readonly FlowExchange[]): string[] {
  return [...new Set(exchanges.flatMap((e) => wireCodes(e.status, e.responseBody)))];
}

/**
 * The step under way while one is (prepared, running, or waiting for the PSU); otherwise the step just
 * run, so its words stay beside the arrows it drew; before any, the first step.
 */
export function lessonStep(run: FlowRunState): LessonStep | null {
  const underWay = run.phase === 'running' || run.pending !== null;
  const next = run.nextStep;
  if ((underWay || run.steps.length === 0) && next) {
    return {
      number: run.steps.length + 1,
      title: next.title,
      explanation: next.explanation,
      spec: next.spec,
      state: underWay ? 'underWay' : 'next',
      met: null,
      exchanges: run.current,
      codes: codesOf(run.current),
    };
  }
  const last = run.steps.at(-1);
  if (!last) return null;
  return {
    number: run.steps.length,
    title: last.step.title,
    explanation: last.step.explanation,
    spec: last.step.spec,
    state: 'done',
    met: last.met,
    exchanges: last.exchanges,
    codes: codesOf(last.exchanges),
  };
}

const STATUS_READ = /\/berlingroup\/v1\/(?:payments|bulk-payments|periodic-payments)\/[^/?]+\/([^/?]+)\/status(?:\?|$)/;

type VopOf = (paymentId: string) => VopSummary | undefined;

interface CheckResult {
  paymentId: string;
  /** The results the status report gave, each once; a match has no reason code on the wire, so it comes from the bank's list. */
  results: Pick<VopSummary, 'outcome' | 'additionalInfo'>[];
}

/** The name check's results a successful status read of a payment carried. */
function checkResultOf(exchange: FlowExchange, vopOf: VopOf): CheckResult | null {
  const paymentId = STATUS_READ.exec(exchange.url)?.[1];
  if (exchange.method !== 'GET' || paymentId === undefined || exchange.status !== 200) return null;
  const results = readAnswer(exchange.responseBody).reasons.flatMap((r) => {
    const outcome = vopOutcomeOfReason(r.code, r.info);
    return outcome ? [{ outcome, additionalInfo: r.info }] : [];
  });
  if (results.length > 0) return { paymentId, results };
  const vop = vopOf(paymentId);
  return { paymentId, results: vop?.outcome === 'match' ? [vop] : [] };
}

const lastResult = (exchanges: readonly FlowExchange[], vopOf: VopOf, paymentId?: string): CheckResult | undefined =>
  exchanges
    .map((e) => checkResultOf(e, vopOf))
    .filter((r): r is CheckResult => r !== null && (paymentId === undefined || r.paymentId === paymentId))
    .at(-1);

const sameResults = (a: CheckResult, b: CheckResult): boolean =>
  a.results.map((r) => `${r.outcome}:${r.additionalInfo ?? ''}`).join() === b.results.map((r) => `${r.outcome}:${r.additionalInfo ?? ''}`).join();

/**
 * What the name check gave the payment whose status the step read, in words: "The payee's bank says: close
 * match — the name is almost right. …". Said where the class learns it: the first read of the payment's
 * status (`earlier`: the exchanges of the steps before), or a read that finds it changed (no answer in
 * time after "still checking"). null otherwise, or when the payment had no name check.
 */
export function checkResultWords(exchanges: readonly FlowExchange[], vopOf: VopOf = () => undefined, earlier: readonly FlowExchange[] = []): string | null {
  const read = lastResult(exchanges, vopOf);
  if (!read || read.results.length === 0) return null;
  const before = lastResult(earlier, vopOf, read.paymentId);
  if (before && sameResults(before, read)) return null;
  const [only] = read.results;
  if (read.results.length === 1 && only) return payeeCheckWords(only);
  return `The payees’ banks say: ${[...new Set(read.results.map((r) => vopWords(r.outcome).short))].join(', ')}.`;
}

/**
 * Back a step: the step a replay stops before (`untilStep`) so the run shown is one step earlier, and
 * the step the class then sees as just run (0: none, the lesson's start). null when there is no step before.
 */
export function backTarget(run: FlowRunState): { untilStep: number; shows: number } | null {
  const shown = lessonStep(run);
  if (!shown || shown.state === 'next') return null;
  // Done: run one step fewer. Under way: the steps done stay, the step under way is not started.
  const untilStep = shown.number;
  return { untilStep, shows: untilStep - 1 };
}

/** What the screen says before going back, in plain words. */
export function backWords(shows: number): string {
  return shows === 0 ? 'Going back replays the lesson on fresh data to its start' : `Going back replays the lesson on fresh data up to step ${shows}`;
}
