import { checkConduct, type ConductCheck } from '../../domain/conduct/check';
import { observe, type ObservedExchange } from '../../domain/conduct/observed';
import type { JourneyEnd } from '../../domain/conduct/polling';
import { formatError } from '../../domain/errors';
import type { BankContext } from '../context';
import { PARTY, type ExchangeLog } from '../logs/exchange-log';

/** The query of `GET /simulator/v1/conduct`, as the route receives it. */
export interface ConductQueryInput {
  tppId?: unknown;
  since?: unknown;
  until?: unknown;
}

/** The report, and how many exchanges it read. */
export type ConductView = ConductCheck & { exchangeCount: number };

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const PAGE = 2_000;

const instant = (value: unknown, name: string): number | null => {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !DATE_TIME.test(value) || Number.isNaN(Date.parse(value)))
    throw formatError(`${name} must be a date-time with its zone, e.g. 2026-11-29T10:00:00Z`);
  return Date.parse(value);
};

/**
 * The TPPs' conduct (docs/testing-your-tpp.md#conduct): the spec's rules for TPPs checked over the
 * traffic log. `since` and `until` are wall-clock times (when the requests came), as a test run knows them.
 */
export class ConductService {
  constructor(
    private readonly ctx: BankContext,
    private readonly log: ExchangeLog,
  ) {}

  report(query: ConductQueryInput): ConductView {
    const tppId = query.tppId ?? null;
    if (tppId !== null && (typeof tppId !== 'string' || !PARTY.test(tppId)))
      throw formatError('tppId must be a TPP identifier (organizationIdentifier, e.g. PSDDE-BAFIN-123456), given once');
    const since = instant(query.since, 'since') ?? 0;
    const until = instant(query.until, 'until') ?? Number.MAX_SAFE_INTEGER;
    if (until < since) throw formatError('until must not be before since');
    this.log.flush();
    const observed: ObservedExchange[] = [];
    for (let after = 0; ;) {
      const page = this.ctx.repos.exchanges.inWindow({ tppId, since, until }, after, PAGE);
      observed.push(...page.map(observe));
      const last = page.at(-1);
      if (page.length < PAGE || last === undefined) break;
      after = last.id;
    }
    return { ...checkConduct(observed, this.journeyEnds()), exchangeCount: observed.length };
  }

  /** Where each SCA journey ended, by the payments (a basket's every payment) or the consent it was for. */
  private journeyEnds(): JourneyEnd[] {
    return this.ctx.repos.journeys.list().flatMap((journey) => {
      if (journey.finishedAt === null) return [];
      const at = journey.finishedAt.getTime();
      if (journey.kind !== 'signing-basket') return [{ resourceId: journey.resourceId, at }];
      return (this.ctx.repos.baskets.find(journey.resourceId)?.paymentIds ?? []).map((paymentId) => ({ resourceId: paymentId, at }));
    });
  }
}
