import { EventEmitter } from 'node:events';
import type { ConsentStatus } from '../domain/consent/consent';
import type { TransactionStatus } from '../domain/payment/payment';
import type { ScaJourneyKind, ScaJourneyStatus } from '../domain/sca/journey';
import type { ExchangeRecord } from '../store/repositories/exchanges';

/** What the simulator tells its hosts and the UI (server-sent events, IPC). */
export type SimulatorEvent =
  | { type: 'exchange'; exchange: ExchangeSummary }
  | { type: 'consent'; consentId: string; institution: string; status: ConsentStatus }
  | { type: 'sca'; journeyId: string; kind: ScaJourneyKind; psuId: string; status: ScaJourneyStatus }
  | { type: 'payment'; paymentId: string; institution: string; status: TransactionStatus }
  | { type: 'clock'; now: string }
  | { type: 'mode'; mode: 'simulation' | 'sandbox' }
  | { type: 'reset' };

export type ExchangeSummary = Pick<ExchangeRecord, 'id' | 'startedAt' | 'durationMs' | 'method' | 'url' | 'institution' | 'tppId' | 'resourceId'> & {
  status: number;
};

export class SimulatorEvents extends EventEmitter<{ event: [SimulatorEvent] }> {
  emitEvent(event: SimulatorEvent): void {
    this.emit('event', event);
  }
}
