import { parseJson, sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { HttpRequest, TppResponse } from '../../tpp/types';
import { keptByBank } from './bank-retry';
import type { LiveRunState } from './live-run-state';
import type { Decide } from './recording';
import { LOG_RETRY_MS, LOG_TRIES, type StepExchangeRecorder } from './step-exchanges';

/** How often the bank's journeys are read while the PSU is awaited. */
const PSU_POLL_MS = 150;
/** The decision is kept once its answer is out, a moment after the journey's event. */
const DECISION_TRIES = 10;
const DECISION_RETRY_MS = 20;

interface Journey {
  journeyId: string;
  psuId: string;
  status: string;
  openedAt: string | null;
}

/** The bank telling that a journey changed (opened, decided, timed out): the run looks at once instead of at its next poll. */
export interface JourneyNews {
  journeyId: string;
  status: string;
}

/** Subscribes to the bank's journey news; answers the unsubscribe. */
export type BankNews = (listener: (news: JourneyNews) => void) => () => void;

/** GET /simulator/v1/sca/{id}/decision: the exchange a PSU decided a journey in, whichever window sent it. */
interface DecisionExchange {
  request: { method: string; url: string; headers: Record<string, string | string[]>; body: string | null };
  response: { status: number; headers: Record<string, string | string[]>; body: string };
  at: string;
  durationMs: number;
}

/** An opening of the SCA page in the bank's log (GET /simulator/v1/exchanges). */
interface LoggedOpening {
  method: string;
  url: string;
  durationMs: number;
  response: { status: number; headers: Record<string, string | string[]>; body: string | null };
}

const oneLine = (headers: Record<string, string | string[]>): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(', ') : value]));

const answerOf = (response: { status: number; headers: Record<string, string | string[]>; body: string | null }, durationMs: number): TppResponse => {
  const text = response.body ?? '';
  return { status: response.status, headers: oneLine(response.headers), text, body: parseJson(text), durationMs };
};

/** The PSU approved or rejected it, or it ended otherwise (its time limit, its payment). */
export const isDecided = (journey: Journey): boolean => journey.status === 'finalised' || journey.status === 'failed';

/** The journey an SCA-page request opens (GET /sca/{id}), or null for any other request. */
export const openedJourneyOf = (request: HttpRequest): string | null =>
  request.method === 'GET' ? (/^\/sca\/([^/?]+)$/.exec(request.path.split('?')[0] ?? '')?.[1] ?? null) : null;

/**
 * A live run and the PSU on the phone (or in any other window): the run waits for the PSU's decision
 * unless it approves itself, and a step the PSU made elsewhere (the link opened, the journey decided)
 * stands in the run as the bank answered it.
 */
export class PsuCoordination {
  private wakeUp: (() => void) | null = null;

  constructor(
    private readonly bank: BankTransport,
    private readonly state: LiveRunState,
    private readonly exchanges: StepExchangeRecorder,
  ) {}

  /** A run waiting for the PSU looks again now rather than at its next poll. */
  wake(): void {
    this.wakeUp?.();
  }

  async journey(journeyId: string): Promise<Journey | undefined> {
    const res = await sendHttp(this.bank, { method: 'GET', path: `/simulator/v1/sca/${encodeURIComponent(journeyId)}`, headers: {}, body: null });
    return res.status === 200 ? (res.body as Journey) : undefined;
  }

  /** Where the step has the PSU decide: the PSU's decision (here or elsewhere), or the run's own when it approves itself. */
  async decides(journeyId: string, expected: 'approve' | 'reject', decide: Decide, either: boolean): Promise<TppResponse> {
    const record = this.state.record;
    const first = await this.journey(journeyId);
    // Decided already, in another window or through the control API: that decision is the step's.
    if (first !== undefined && isDecided(first)) return this.decidedByPsu(first);
    if (record.autoApprove) return decide(expected);
    const psuId = first?.psuId ?? '';
    const role = Object.entries(record.psus).find(([, id]) => id === psuId)?.[0] ?? psuId;
    record.pending = { kind: 'psu', journeyId, psuId, role, expected, ...(either ? { either } : {}) };
    this.state.setPhase('waiting');
    for (;;) {
      await this.pause(PSU_POLL_MS);
      if (this.state.stopped) throw new Error("the run stopped while it waited for the PSU's decision");
      if (record.autoApprove) {
        this.state.resume();
        return decide(expected);
      }
      const journey = await this.journey(journeyId);
      if (journey !== undefined && isDecided(journey)) {
        this.state.resume();
        return this.decidedByPsu(journey);
      }
    }
  }

  /** When the SCA link a request opens was opened already (on the phone): the bank's answer to that opening, from its log. */
  async openedElsewhere(request: HttpRequest): Promise<TppResponse | null> {
    const journeyId = openedJourneyOf(request);
    if (journeyId === null || (await this.journey(journeyId))?.openedAt == null) return null;
    return keptByBank(LOG_TRIES, LOG_RETRY_MS, async () => {
      const res = await sendHttp(this.bank, {
        method: 'GET',
        path: `/simulator/v1/exchanges?limit=20&q=${encodeURIComponent(journeyId)}`,
        headers: {},
        body: null,
      });
      const page = res.body as { exchanges?: LoggedOpening[] } | LoggedOpening[] | null;
      const exchanges = (Array.isArray(page) ? page : page?.exchanges) ?? [];
      // Newest first: the first opening is the last of them.
      const opening = exchanges.filter((e) => e.method === 'GET' && e.url === `/sca/${journeyId}` && e.response.status === 200).at(-1);
      return opening === undefined ? null : answerOf(opening.response, opening.durationMs);
    });
  }

  /**
   * The journey ended without the run deciding: the exchange the PSU decided in (any window, the control
   * API) stands in the step as the app's, as the bank answered it; a journey that ended otherwise (its
   * time limit, its payment) stands as the bank's answer about it now.
   */
  private async decidedByPsu(journey: Journey): Promise<TppResponse> {
    const decision = await this.decision(journey.journeyId);
    if (decision !== null) {
      const { request, response } = decision;
      const answer = answerOf(response, decision.durationMs);
      await this.exchanges.observe(
        { method: request.method, path: request.url, headers: oneLine(request.headers), body: request.body },
        answer,
        'psuApp',
        decision.at,
      );
      return answer;
    }
    const read: HttpRequest = { method: 'GET', path: `/simulator/v1/sca/${journey.journeyId}`, headers: { accept: 'application/json' }, body: null };
    const answer = await sendHttp(this.bank, read);
    await this.exchanges.observe(read, answer, 'psuApp');
    return answer;
  }

  /** The exchange that decided the journey, once the bank has it; null when no PSU decided it. */
  private decision(journeyId: string): Promise<DecisionExchange | null> {
    return keptByBank(DECISION_TRIES, DECISION_RETRY_MS, async () => {
      const res = await sendHttp(this.bank, { method: 'GET', path: `/simulator/v1/sca/${journeyId}/decision`, headers: {}, body: null });
      return res.status === 200 ? (res.body as DecisionExchange) : null;
    });
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
