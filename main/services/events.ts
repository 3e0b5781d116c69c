import { EventEmitter } from 'node:events';
import type { ConsentStatus } from '../domain/consent/consent';
import type { TransactionStatus } from '../domain/payment/payment';
import type { ScaJourneyKind, ScaJourneyStatus } from '../domain/sca/journey';
import type { ExchangeRecord } from '../store/repositories/exchanges';
import type { SimulatorMode } from '../domain/simulator-mode';
import type { RunPhase } from '../flows/run-record';

/** What the engine tells its hosts; main/http/contract.ts turns each into the workbench contract's event. */
export type SimulatorEvent =
  | { type: 'exchange'; exchange: ExchangeRecord }
  | { type: 'consent'; consentId: string; institution: string; status: ConsentStatus }
  | { type: 'sca'; journeyId: string; kind: ScaJourneyKind; psuId: string; status: ScaJourneyStatus }
  | { type: 'payment'; paymentId: string; institution: string; status: TransactionStatus }
  | { type: 'clock'; now: Date; paused: boolean }
  | { type: 'mode'; mode: SimulatorMode }
  /** Back to the dataset's state; `log` and `runs`: the traffic log and the kept runs were cleared too (New class). */
  | { type: 'reset'; log: boolean; runs: boolean }
  /** The operator changed a setting of the bank: the rate limit, a service block, or what is prepared for lessons. */
  | { type: 'operator-settings' }
  /** A flow run was saved: a step started or ended, a request was sent, a PSU is awaited, it finished. */
  | { type: 'flow-run'; runId: string; phase: RunPhase };

/**
 * The engine's event bus. Inside a transaction events are held and published only once it commits
 * (a listener that reads the store must see what the event announces), and dropped when it rolls back.
 */
export class SimulatorEvents extends EventEmitter<{ event: [SimulatorEvent] }> {
  private held: SimulatorEvent[] | null = null;

  emitEvent(event: SimulatorEvent): void {
    if (this.held) this.held.push(event);
    else this.emit('event', event);
  }

  /**
   * Runs `work` as a transaction through `transaction` (better-sqlite3's, which nests as savepoints),
   * publishing the events it emitted after the outermost commit.
   */
  inTransaction<T>(transaction: (work: () => T) => T, work: () => T): T {
    if (this.held) {
      const mark = this.held.length;
      try {
        return transaction(work);
      } catch (err) {
        this.held.length = mark;
        throw err;
      }
    }
    const held: SimulatorEvent[] = [];
    this.held = held;
    let result: T;
    try {
      result = transaction(work);
    } finally {
      this.held = null;
    }
    for (const event of held) this.emit('event', event);
    return result;
  }
}
