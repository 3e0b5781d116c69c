import type { VopCheck } from '../../../domain/vop/verify';
import type { ParsedPayment } from '../../../domain/iso20022/pain001/types';
import type { Pain002Parts } from '../../../domain/iso20022/pain002/build';
import type { Payment, TransactionState } from '../../../domain/payment/payment';
import type { Db } from '../../database';
import { ReadCache } from '../../read-cache';

/**
 * A payment's status report and the moments (ms) between which time alone does not change it: a PATC
 * payment expires, VoP results settle (see PaymentService.report).
 */
export interface KeptReport {
  parts: Pain002Parts;
  validFrom: number;
  validUntil: number;
}

/**
 * What a status request reads, kept once read (see ReadCache), shared by the repositories that write what
 * it shows: the resource and its transaction states are dropped by every write that changes them (the
 * payment's own, and an attempt's end, which adds an authorisation); the message and its VoP checks never change.
 */
export class PaymentReadCaches {
  readonly payments: ReadCache<Payment>;
  readonly states: ReadCache<TransactionState[]>;
  readonly messages: ReadCache<ParsedPayment>;
  readonly checks: ReadCache<(VopCheck | null)[]>;
  readonly reports: ReadCache<KeptReport>;

  constructor(db: Db) {
    // The payments being asked about at one time (a CI run's, a QA burst's) are a few thousand at most; each
    // entry of these costs a kilobyte or more, and a simulator that made 100,000 payments stays under 200 MB.
    this.payments = new ReadCache(db, 2_000);
    // Weighed by credit transfers, so a 10,000-transaction bulk takes the room of many single payments.
    this.states = new ReadCache(db, 20_000, (states) => 1 + states.length);
    this.messages = new ReadCache(db, 12_000, (parsed) => 1 + parsed.transactions.length);
    this.checks = new ReadCache(db, 20_000, (checks) => 1 + checks.length);
    // Weighed by characters: some 6,000 single payments' reports, or one 10,000-transaction bulk's.
    this.reports = new ReadCache(db, 8 * 1024 * 1024, (kept) => kept.parts.opening.length + kept.parts.rest.length);
  }

  /** The payment's resource changed (its status, its authorisations): so did its report. */
  dropResource(paymentId: string): void {
    this.payments.drop(paymentId);
    this.reports.drop(paymentId);
  }

  /** A credit transfer's state changed: so did the report. */
  dropStates(paymentId: string): void {
    this.states.drop(paymentId);
    this.reports.drop(paymentId);
  }

  dropAll(paymentId: string): void {
    for (const cache of this.all()) cache.drop(paymentId);
  }

  clear(): void {
    for (const cache of this.all()) cache.clear();
  }

  private all(): { drop(key: string): void; clear(): void }[] {
    return [this.payments, this.states, this.messages, this.checks, this.reports];
  }
}
