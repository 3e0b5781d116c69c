import type { Account, CorporateCustomer, Institution, InstitutionId, PaymentProduct } from '../../domain/dataset/types';
import type { Consent } from '../../domain/consent/consent';
import { PAYMENT_PRODUCTS } from '../../domain/dataset/schema';
import { BankError } from '../../domain/errors';
import { executionDate } from '../../domain/iso20022/pain001/execution-date';
import { localDateTime } from '../../domain/iso20022/pain001/local-time';
import type { ParsedPayment } from '../../domain/iso20022/pain001/types';
import { validatePain001, validationError } from '../../domain/iso20022/pain001/validate';
import { pain002Parts, pain002With } from '../../domain/iso20022/pain002/build';
import { authorisationsRequired } from '../../domain/payment/authorisation-rules';
import { assertCancellable, paymentStatusAt, REASON } from '../../domain/payment/lifecycle';
import { reportWindow } from '../../domain/payment/report-window';
import type { Payment, TransactionStatus } from '../../domain/payment/payment';
import type { KeptReport } from '../../store/repositories/payments/payment-caches';
import type { BankContext } from '../context';
import { newId } from '../ids';
import type { PaymentAccess, PaymentContext } from './payment-access';
import type { PaymentCreation, PaymentInitiation } from './payment-initiation';
import type { PaymentAttempts } from './payment-attempts';
import type { PayeeVerification } from './payee-verification';
import { vopReason } from './payee-verification';
import { vopSettlesAt } from '../../domain/vop/verify';

export interface CheckedPayment {
  product: PaymentProduct;
  consent: Consent;
  institution: Institution;
  parsed: ParsedPayment;
  debtor: Account;
  corporate: CorporateCustomer;
  now: Date;
}

/** The stateful bank's payments, as the spec says of production. */
export class PaymentService implements PaymentInitiation {
  private readonly accounts = new Map<InstitutionId, Account[]>();

  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
    private readonly attempts: PaymentAttempts,
    readonly vop: PayeeVerification,
  ) {}

  /** The product must exist and the institution must offer it (spec "What the service does" 4). */
  product(institution: InstitutionId, product: string): PaymentProduct {
    const offered = this.ctx.dataset.institutions.find((i) => i.id === institution)?.products ?? [];
    if (!(PAYMENT_PRODUCTS as readonly string[]).includes(product) || !offered.includes(product as PaymentProduct)) {
      throw BankError.of('PRODUCT_UNKNOWN', `${institution} does not offer the payment product "${product.slice(0, 60)}"; it offers ${offered.join(', ')}`);
    }
    return product as PaymentProduct;
  }

  /** Everything POST /payments/{product} checks, creating nothing (the sandbox stops here). */
  check(request: PaymentCreation): CheckedPayment {
    const now = this.ctx.clock.now();
    const product = this.product(request.institution, request.product);
    const consent = this.access.consentFor(request, 'payment creation');
    const institution = this.institution(request.institution);
    const accounts = this.accountsOf(request.institution);
    const result = validatePain001(request.body, { product, institution, accounts, today: localDateTime(now, institution.calendar.timeZone).date });
    if (!result.ok) throw validationError(result.errors);
    const parsed = result.payment;

    const debtor = this.ctx.accounts.get(parsed.debtor.accountResourceId);
    const psu = this.ctx.psus.get(consent.psuId);
    const grant = psu?.accounts.find((a) => a.resourceId === parsed.debtor.accountResourceId);
    if (!debtor || !grant?.permissions.includes('paymentCreation')) {
      throw BankError.of(
        'PAYMENT_FAILED',
        `consent ${consent.consentId} does not allow payment creation from the debtor account ${parsed.debtor.iban ?? parsed.debtor.otherId ?? parsed.debtor.accountResourceId}`,
      );
    }
    const corporate = this.ctx.dataset.corporates.find((c) => c.id === debtor.corporateId);
    if (!corporate) throw BankError.of('PAYMENT_FAILED', `the debtor account ${debtor.resourceId} has no corporate customer`);
    return { product, consent, institution, parsed, debtor, corporate, now };
  }

  /** POST /payments/{product}: validates the pain.001 and creates exactly one PATC payment resource. */
  create(request: PaymentCreation): Payment {
    const { product, consent, institution, parsed, debtor, corporate, now } = this.check(request);
    const total = parsed.totals[0] ?? { currency: debtor.currency, amount: '0', count: 0 };
    const execution = executionDate(parsed.requestedExecutionDate, product, institution, now);

    const payment: Payment = {
      paymentId: newId(),
      product,
      institution: request.institution,
      tppId: request.grant.tppId,
      consentId: consent.consentId,
      creatorPsuId: consent.psuId,
      corporateId: corporate.id,
      debtorAccountId: debtor.resourceId,
      currency: total.currency,
      totalAmount: total.amount,
      messageVersion: parsed.messageVersion,
      status: 'PATC',
      groupReason: null,
      authorisationsRequired: authorisationsRequired(corporate.approvalRules, total.currency, total.amount),
      authorisations: [],
      requestedExecutionDate: parsed.requestedExecutionDate,
      executionDate: execution.date,
      createdAt: now,
      statusChangedAt: now,
    };
    this.ctx.transact(() => {
      const checks = this.vop.checks(product, institution, parsed, now, payment);
      this.ctx.repos.payments.insert(payment, request.body, parsed, parsed.transactions.length, checks, (checks && vopSettlesAt(checks)) ?? null);
    });
    this.ctx.events.emitEvent({ type: 'payment', paymentId: payment.paymentId, institution: payment.institution, status: 'PATC' });
    return payment;
  }

  /** GET /payments/{product}/{id}: the original pain.001, byte for byte. */
  original(paymentId: string, product: string, request: PaymentContext): Buffer {
    const consent = this.access.consentFor(request, 'payment retrieval');
    this.access.payment(paymentId, product, request, consent);
    return this.ctx.repos.payments.requestBody(paymentId) ?? Buffer.alloc(0);
  }

  /** GET /payments/{product}/{id}/status: the pain.002 with one TxInfAndSts per credit transfer. */
  statusReport(paymentId: string, product: string, request: PaymentContext): string {
    const consent = this.access.consentFor(request, 'payment status retrieval');
    const payment = this.access.payment(paymentId, product, request, consent);
    return this.report(payment);
  }

  /**
   * The pain.002 as the bank answers it at this moment. Only its MsgId and CreDtTm are made per request: the
   * rest is kept per payment until a write of the payment or its states, or the moment its PATC expires or
   * its VoP results settle (before that, a report with results in progress is made each time).
   */
  report(payment: Payment): string {
    const now = this.ctx.clock.now();
    const kept = this.ctx.repos.payments.statusReport(payment.paymentId, now, () => this.reportParts(payment, now));
    return pain002With(kept.parts, `STS-${payment.paymentId.slice(0, 8)}-${now.getTime().toString(36)}`.slice(0, 35), now);
  }

  private reportParts(payment: Payment, now: Date): KeptReport {
    const parsed = this.ctx.repos.payments.parsed(payment.paymentId);
    if (!parsed) throw BankError.of('RESOURCE_UNKNOWN', `payment ${payment.paymentId} has no stored pain.001`);
    const status = paymentStatusAt(payment, now);
    const states = this.ctx.repos.payments.transactions(payment.paymentId);
    const vop = this.vop.results(payment.paymentId, now);
    const group = payment.groupReason;
    const parts = pain002Parts({
      original: parsed,
      ...(status === 'RJCT' && group ? { groupStatus: { status: 'RJCT', reasonCode: group.code, ...(group.info ? { info: group.info } : {}) } } : {}),
      transactions: parsed.transactions.map((tx, i) => {
        const state = states[i];
        return {
          endToEndId: tx.endToEndId,
          status: state?.status ?? status,
          reasons: [...(state?.reasons ?? []), ...(status === 'RJCT' && group && !state?.status ? [group] : []), ...vopReason(vop[i] ?? null)],
        };
      }),
    });
    return { parts, ...reportWindow(payment, this.ctx.repos.payments.vopChecks(payment.paymentId), now) };
  }

  /** DELETE: PATC → RJCT (204); any other status is 405 CANCELLATION_INVALID. */
  cancel(paymentId: string, product: string, request: PaymentContext): void {
    const consent = this.access.consentFor(request, 'payment cancellation');
    const now = this.ctx.clock.now();
    this.ctx.transact(() => {
      const payment = this.access.payment(paymentId, product, request, consent);
      assertCancellable(paymentStatusAt(payment, now), paymentId);
      this.setStatus(payment, 'RJCT', { code: REASON.cancelled, info: ['cancelled by the TPP'] }, now);
      this.attempts.closeActive(payment, now, 'cancelled');
    });
  }

  setStatus(payment: Payment, status: TransactionStatus, reason: Payment['groupReason'], now: Date): void {
    this.ctx.repos.payments.setStatus(payment.paymentId, status, reason, now);
    this.ctx.events.emitEvent({ type: 'payment', paymentId: payment.paymentId, institution: payment.institution, status });
  }

  /** The institution's accounts, one list per institution: the dataset does not change while the bank runs. */
  private accountsOf(institution: InstitutionId): Account[] {
    let accounts = this.accounts.get(institution);
    if (accounts === undefined) {
      accounts = this.ctx.dataset.accounts.filter((a) => a.institution === institution);
      this.accounts.set(institution, accounts);
    }
    return accounts;
  }

  private institution(id: InstitutionId) {
    const institution = this.ctx.dataset.institutions.find((i) => i.id === id);
    if (!institution) throw BankError.of('RESOURCE_UNKNOWN', `institution ${id} is not in the dataset`);
    return institution;
  }
}
