import { BankControl } from '../../tpp/control';
import type { BankTransport } from '../../tpp/transport';
import type { HttpRequest, TppResponse } from '../../tpp/types';
import type { Actor } from '../library/actors';
import type { RunExchange } from '../run-record';
import { keptByBank } from './bank-retry';
import type { LiveRunState } from './live-run-state';
import { requestBodyText } from './request-gate';
import { loggedExchangeOf, type LoggedExchange } from './traffic-log';

/** How often, and how far apart, the bank's log is read for an exchange just made. */
export const LOG_TRIES = 10;
export const LOG_RETRY_MS = 15;

/** The exchanges of a live run's step under way, each with the bank's log entry and diagnosis, stamped with the bank's simulated time. */
export class StepExchangeRecorder {
  private readonly loggedIds = new Set<number>();
  private readonly clock: BankControl;

  constructor(
    private readonly bank: BankTransport,
    private readonly state: LiveRunState,
  ) {
    this.clock = new BankControl(bank);
  }

  /** Records an exchange of the step under way, with the bank's log entry and diagnosis when the bank logged it. */
  async observe(request: HttpRequest, response: TppResponse, actor: Actor, at?: string): Promise<void> {
    const logged = request.path.startsWith('/simulator/') ? null : await this.logged(request, response.status);
    if (logged !== null) this.loggedIds.add(logged.id);
    const record = this.state.record;
    const exchange: RunExchange = {
      seq: record.steps.reduce((n, s) => n + s.exchanges.length, 0) + record.current.length + 1,
      actor,
      method: request.method,
      url: request.path,
      ...(request.browserOrigin === undefined ? {} : { origin: request.browserOrigin }),
      requestHeaders: { ...request.headers },
      requestBody: requestBodyText(request.body),
      status: response.status,
      responseHeaders: response.headers,
      responseBody: response.text,
      durationMs: Math.round(response.durationMs),
      at: at ?? logged?.simulatedAt ?? (await this.now()),
      exchangeId: logged?.id ?? null,
      signature: logged?.signature ?? null,
      failed: response.status >= 400 || logged?.signature?.verdict.valid === false,
    };
    record.current.push(exchange);
    this.state.save();
  }

  /** The bank's simulated time now: what steps and exchanges are stamped with. */
  async now(): Promise<string> {
    return (await this.clock.now()).toISOString();
  }

  private logged(request: HttpRequest, status: number): Promise<LoggedExchange | null> {
    return keptByBank(LOG_TRIES, LOG_RETRY_MS, () => loggedExchangeOf(this.bank, request, status, this.loggedIds));
  }
}
