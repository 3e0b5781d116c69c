import { earliest } from '../../domain/time/earliest';
import { BankError, formatError } from '../../domain/errors';
import { latestLocalDate, localDateTime } from '../../domain/iso20022/pain001/local-time';
import type { ParsedPayment } from '../../domain/iso20022/pain001/types';
import { fromMinorUnits, toMinorUnits } from '../../domain/money';
import { patcExpiry, PATC_EXPIRY_DAYS, REASON } from '../../domain/payment/lifecycle';
import type { Payment, TransactionStatus } from '../../domain/payment/payment';
import { isDueForProcessing, processingDelayMs } from '../../domain/payment/processing';
import type { BankContext } from '../context';
import type { FaultPresets } from '../faults/fault-rules';
import type { PaymentAttempts } from './payment-attempts';
import type { PaymentService } from './payments';

const REASON_CODE = /^[A-Z0-9]{4}$/;

/**
 * The bank's side after authorisation: 90-day expiry of PATC, and processing PDNG once its execution
 * date has come and the product's processing delay (dataset) has passed, or when the operator says so.
 * A pending-processing fault preset holds a due payment in PDNG until its minutes have passed.
 */
export class PaymentProcessingService {
  constructor(
    private readonly ctx: BankContext,
    private readonly payments: PaymentService,
    private readonly attempts: PaymentAttempts,
    private readonly presets: Pick<FaultPresets, 'processingMoment'>,
  ) {}

  /** Due time-driven moves, in one transaction (called by the lifecycle settle). */
  settle(now: Date): void {
    const schedule = this.ctx.repos.paymentSchedule;
    const expiring = schedule.dueToExpire(new Date(now.getTime() - PATC_EXPIRY_DAYS * 86_400_000));
    // Candidates by a date no zone has passed (no time-zone data: the first settle runs before the ready line);
    // isDue then decides each in its institution's zone.
    const processing = schedule.dueForProcessing(latestLocalDate(now)).filter((p) => this.isDue(p, now));
    if (expiring.length === 0 && processing.length === 0) return;
    this.ctx.transact(() => {
      for (const payment of expiring) {
        const at = patcExpiry(payment.createdAt);
        this.payments.setStatus(payment, 'RJCT', { code: REASON.expired, info: [`not fully authorised within ${PATC_EXPIRY_DAYS} days of creation`] }, at);
        this.attempts.closeActive(payment, at, 'expired');
      }
      for (const payment of processing) this.processByRules(payment, now);
    });
  }

  /**
   * The next moment (epoch ms) a payment moves by itself: the oldest PATC's expiry, or a PDNG whose execution
   * date has come reaching its processing delay (or the end of a fault preset holding it). A PDNG still waiting
   * for its execution date has no moment here: the date turning over is caught by the lifecycle timer's longest wait.
   */
  nextDue(now: Date): number | null {
    const schedule = this.ctx.repos.paymentSchedule;
    const oldestPatc = schedule.oldestPatc();
    const processing = schedule.pending().map((payment) => {
      const institution = this.ctx.dataset.institutions.find((i) => i.id === payment.institution);
      if (!institution || payment.executionDate > localDateTime(now, institution.calendar.timeZone).date) return null;
      const moment = this.processingMoment(payment, processingDelayMs(institution.processingDelays[payment.product] ?? '') ?? 0, now);
      // Held until a preset without end is removed: its removal plans again.
      return Number.isFinite(moment) ? moment : null;
    });
    return earliest([oldestPatc === null ? null : patcExpiry(new Date(oldestPatc)).getTime(), ...processing]);
  }

  /** Its execution date has come in the institution's zone, the product's processing delay has passed, and no fault preset holds it. */
  private isDue(payment: Payment, now: Date): boolean {
    const institution = this.ctx.dataset.institutions.find((i) => i.id === payment.institution);
    if (!institution) return false;
    const delay = processingDelayMs(institution.processingDelays[payment.product] ?? '') ?? 0;
    return (
      isDueForProcessing(payment, delay, localDateTime(now, institution.calendar.timeZone).date, now) &&
      this.processingMoment(payment, delay, now) <= now.getTime()
    );
  }

  /** When the bank processes a PDNG payment whose execution date has come: its processing delay after it became PDNG, or later while a preset holds it. */
  private processingMoment(payment: Payment, delayMs: number, now: Date): number {
    const scope = { paymentId: payment.paymentId, institution: payment.institution, tppId: payment.tppId };
    return this.presets.processingMoment(scope, payment.statusChangedAt.getTime() + delayMs, now);
  }

  /** POST /simulator/v1/payments/{id}/processing: the bank finishes a PDNG payment now. */
  process(paymentId: string, body: unknown): Payment {
    if (typeof body !== 'object' || body === null) throw formatError('the body must be {"outcome":"ACCP"} or {"outcome":"RJCT","reason":"AM04"}');
    const { outcome, reason } = body as { outcome?: unknown; reason?: unknown };
    if (outcome !== 'ACCP' && outcome !== 'RJCT') throw formatError('outcome must be ACCP or RJCT');
    const status: TransactionStatus = outcome;
    if (outcome === 'RJCT' && (typeof reason !== 'string' || !REASON_CODE.test(reason)))
      throw formatError('reason must be an ISO 20022 status reason code such as AM04');
    const now = this.ctx.clock.now();
    return this.ctx.transact(() => {
      const payment = this.ctx.repos.payments.find(paymentId);
      if (!payment) throw BankError.of('RESOURCE_UNKNOWN', `payment ${paymentId} does not exist`);
      if (payment.status !== 'PDNG') throw BankError.of('STATUS_INVALID', `payment ${paymentId} is ${payment.status}; only a PDNG payment is processed`);
      const count = this.transactionsOf(payment).length;
      for (let i = 0; i < count; i++) this.ctx.repos.payments.setTransaction(paymentId, i, outcome, outcome === 'RJCT' ? [{ code: reason as string }] : []);
      if (outcome === 'ACCP') this.debit(payment, this.transactionsOf(payment));
      this.payments.setStatus(payment, outcome, outcome === 'RJCT' ? { code: reason as string } : null, now);
      this.attempts.closeActive(payment, now, 'processed');
      return { ...payment, status };
    });
  }

  /**
   * The dataset's rule on the execution date: credit transfers are booked in order against the debtor
   * account's available balance; one that no longer fits is rejected with AM04 (insufficient funds).
   */
  private processByRules(payment: Payment, now: Date): void {
    const account = this.ctx.accounts.get(payment.debtorAccountId);
    let available = toMinorUnits(this.ctx.repos.balances.balance(payment.debtorAccountId) ?? account?.availableBalance ?? '0');
    let accepted = 0;
    this.transactionsOf(payment).forEach((tx, i) => {
      const sameCurrency = tx.currency === account?.currency;
      const amount = toMinorUnits(normalise(tx.amount));
      if (!sameCurrency || amount <= available) {
        if (sameCurrency) available -= amount;
        accepted++;
        this.ctx.repos.payments.setTransaction(payment.paymentId, i, 'ACCP', []);
      } else {
        this.ctx.repos.payments.setTransaction(payment.paymentId, i, 'RJCT', [
          { code: REASON.insufficientFunds, info: ['insufficient funds on the execution date'] },
        ]);
      }
    });
    this.ctx.repos.balances.setBalance(payment.debtorAccountId, fromMinorUnits(available));
    const status: TransactionStatus = accepted > 0 ? 'ACCP' : 'RJCT';
    this.payments.setStatus(payment, status, status === 'RJCT' ? { code: REASON.insufficientFunds } : null, now);
    this.attempts.closeActive(payment, now, 'processed');
  }

  /** As processing by the rules does: only transfers in the account's currency move its balance (no FX). */
  private debit(payment: Payment, transactions: ParsedPayment['transactions']): void {
    const account = this.ctx.accounts.get(payment.debtorAccountId);
    if (!account) return;
    const before = this.ctx.repos.balances.balance(account.resourceId) ?? account.availableBalance;
    const after = transactions
      .filter((tx) => tx.currency === account.currency)
      .reduce((sum, tx) => sum - toMinorUnits(normalise(tx.amount)), toMinorUnits(before));
    this.ctx.repos.balances.setBalance(account.resourceId, fromMinorUnits(after));
  }

  private transactionsOf(payment: Payment): ParsedPayment['transactions'] {
    return this.ctx.repos.payments.parsed(payment.paymentId)?.transactions ?? [];
  }
}

/** Amounts may carry up to 5 decimals in ISO 20022; balances are kept in cents (extra decimals are dropped). */
function normalise(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole}.${(fraction + '00').slice(0, 2)}`;
}
