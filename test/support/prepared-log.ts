// A traffic log filled ahead, without sending its requests: a flood of thousands written in seconds rather than
// answered one request at a time. Written by the log's own code (the repository a running simulator writes
// through), so ids, counts, rows and the search index are what a simulator would have left; the simulator
// started on the folder afterwards, and the real requests sent to it, carry the log over its limit.
import { LOG_BODY_LIMIT } from '../../main/services/context';
import { openDatabase } from '../../main/store/database';
import { ExchangeRepository, type NewExchange, type RetentionLimits } from '../../main/store/repositories/exchanges';

/** As often as a running simulator prunes its log (PRUNE_EVERY, main/services/logs/exchange-log.ts). */
const PRUNE_EVERY = 100;

/** How a copy differs from the exchange it copies: its URL (path and query), its X-Request-ID. */
export interface CopyChange {
  url?: string;
  requestId?: string;
}

/**
 * Appends `count` copies of the newest exchange in the log of `dataDir` (a folder no simulator has open), as if
 * its request had been sent again that many times, each changed by `change`. Pruned to `limits` every
 * PRUNE_EVERY exchanges, as the simulator started with them would have pruned; without `limits`, nothing is
 * discarded. The search index is brought up to the log, as an idle simulator brings it.
 */
export function appendCopiesOfNewest(dataDir: string, count: number, change: (index: number) => CopyChange, limits?: RetentionLimits): void {
  const db = openDatabase(dataDir);
  try {
    const log = new ExchangeRepository(db, LOG_BODY_LIMIT);
    const [model] = log.list(1);
    if (model === undefined) throw new Error(`the log of ${dataDir} is empty: nothing to copy`);
    for (let i = 0; i < count; i++) {
      const { url, requestId } = change(i);
      const copy: NewExchange = {
        timing: model.timing,
        parties: model.parties,
        request: {
          method: model.request.method,
          url: url ?? model.request.url,
          headers: requestId === undefined ? model.request.headers : { ...model.request.headers, 'x-request-id': requestId },
          body: model.request.body,
        },
        response: { status: model.response.status, headers: model.response.headers, body: model.response.body },
        signature: model.signature,
        faultRule: model.faultRule,
      };
      log.insert(copy);
      if (limits !== undefined && (i + 1) % PRUNE_EVERY === 0) log.prune(limits);
      else if (log.pendingCount >= ExchangeRepository.MAX_PENDING) log.flush();
    }
    log.flush();
    while (log.indexNext({ rows: 1_000, ms: 1_000 }));
  } finally {
    db.close();
  }
}
