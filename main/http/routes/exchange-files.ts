import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Exchange } from '../../../preload/api/workbench-api';
import type { Services } from '../../services';
import type { ExchangeQueryInput } from '../../services/logs/exchange-log';
import { toExchange } from '../contract';

/**
 * The one HAR builder and the one cURL builder (shared/har.ts, shared/curl.ts), which the Inspector runs in the
 * page too; the host hands them in, as it hands in the flow runs, so the routes only read the log and write.
 */
export interface ExchangeFileBuilders {
  /** HAR 1.2 of the exchanges, oldest first, as pieces of JSON text; it ends saying how many entries it holds. */
  har(exchanges: Iterable<Exchange>, simulatorUrl: string, what: string): Iterable<string>;
  /** The command that sends the exchange's request again, byte for byte, from bash or zsh. */
  curl(exchange: Exchange, simulatorUrl: string): string;
}

/** What the export holds, in its own comment: the query as asked. */
function whatOf(request: FastifyRequest): string {
  const query = new URLSearchParams(request.query as Record<string, string>).toString();
  return query === '' ? 'the whole traffic log of PSD2 Workbench' : `the matches of ${query} in the traffic log of PSD2 Workbench`;
}

/**
 * `GET exchanges/har`: HAR 1.2 of every match of the search `GET exchanges` takes (not a page), streamed a few
 * exchanges at a time (services/logs/exchange-log.ts `matches`); X-Total-Count says how many matched when it
 * began. `GET exchanges/{id}/curl`: the cURL command of one exchange, as text.
 */
export function exchangeFileRoutes(control: FastifyInstance, services: Services, builders: ExchangeFileBuilders): void {
  const origin = (): string => services.ctx.apiOrigin();
  control.get('/exchanges/har', async (request, reply) => {
    const { count, records } = services.exchangeLog.matches(request.query as ExchangeQueryInput);
    const exchanges = (function* () {
      for (const record of records) yield toExchange(record);
    })();
    return reply
      .header('x-total-count', String(count))
      .header('content-disposition', 'attachment; filename="psd2-workbench.har"')
      .type('application/json; charset=utf-8')
      .send(Readable.from(builders.har(exchanges, origin(), whatOf(request)), { objectMode: false }));
  });
  control.get('/exchanges/:exchangeId/curl', async (request, reply) => {
    const exchange = toExchange(services.exchangeLog.get((request.params as { exchangeId?: unknown }).exchangeId));
    return reply.type('text/plain; charset=utf-8').send(`${builders.curl(exchange, origin())}\n`);
  });
}
