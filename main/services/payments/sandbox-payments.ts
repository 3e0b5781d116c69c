import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxPayment } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import { localDateTime } from '../../domain/iso20022/pain001/local-time';
import { validatePain001 } from '../../domain/iso20022/pain001/validate';
import { buildPain002 } from '../../domain/iso20022/pain002/build';
import { resourcesDir } from '../../resources-dir';
import type { BankContext } from '../context';
import type { PaymentAccess, PaymentContext } from './payment-access';
import type { PaymentCreation, PaymentInitiation } from './payment-initiation';
import type { PaymentService } from './payments';

/**
 * The bank's documented sandbox for payments (spec "Sandbox behaviour" 5): requests are validated as in
 * simulation, nothing is stored, creation answers fixed identifiers, and the other operations answer
 * from the pre-loaded payments of the dataset.
 */
export class SandboxPaymentService implements PaymentInitiation {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
    private readonly payments: PaymentService,
  ) {}

  create(request: PaymentCreation): { paymentId: string; product: string } {
    const { product } = this.payments.check(request);
    const paymentId = this.ctx.dataset.sandbox.createdPaymentIds[product];
    if (!paymentId) throw BankError.of('PRODUCT_UNKNOWN', `the sandbox has no fixed payment for ${product}`);
    return { paymentId, product };
  }

  original(paymentId: string, product: string, request: PaymentContext): Buffer {
    return this.templateOf(this.preloaded(paymentId, product, request));
  }

  statusReport(paymentId: string, product: string, request: PaymentContext): string {
    const payment = this.preloaded(paymentId, product, request);
    const now = this.ctx.clock.now();
    const parsed = this.parsedTemplate(payment);
    const notApplicable = payment.transactionStatus === 'n.a.';
    return buildPain002({
      messageId: `SBX-${payment.paymentId}`.slice(0, 35),
      createdAt: now,
      original: parsed,
      transactions: parsed.transactions.map((tx) => ({
        endToEndId: tx.endToEndId,
        status: notApplicable ? null : payment.transactionStatus,
        reasons: notApplicable ? [{ code: 'NARR', info: ['status not applicable (n.a.): sandbox pre-loaded payment'] }] : [],
      })),
    });
  }

  cancel(paymentId: string, product: string, request: PaymentContext): void {
    const payment = this.preloaded(paymentId, product, request);
    if (payment.cancellation === 'invalid') {
      throw BankError.of('CANCELLATION_INVALID', `sandbox payment ${paymentId} (${payment.transactionStatus}) cannot be cancelled`);
    }
  }

  /** A pre-loaded payment answers only through an institution offering its product, as a created one would. */
  preloaded(paymentId: string, product: string, request: PaymentContext): SandboxPayment {
    this.access.consentFor(request, 'payment access');
    this.payments.product(request.institution, product);
    const payment = this.ctx.dataset.sandbox.payments.find((p) => p.paymentId === paymentId && p.product === product);
    if (!payment) throw BankError.of('RESOURCE_UNKNOWN', `the sandbox has no pre-loaded ${product} payment ${paymentId}`);
    return payment;
  }

  private templateOf(payment: SandboxPayment): Buffer {
    return readFileSync(join(resourcesDir(), payment.templateFile));
  }

  /** The template as the validator reads it, against whichever institution holds its debtor account. */
  private parsedTemplate(payment: SandboxPayment) {
    const xml = this.templateOf(payment);
    const now = this.ctx.clock.now();
    for (const institution of this.ctx.dataset.institutions) {
      if (!institution.products.includes(payment.product)) continue;
      const accounts = this.ctx.dataset.accounts.filter((a) => a.institution === institution.id);
      const result = validatePain001(xml, { product: payment.product, institution, accounts, today: localDateTime(now, institution.calendar.timeZone).date });
      if (result.ok) return result.payment;
    }
    throw BankError.of('RESOURCE_UNKNOWN', `the sandbox template ${payment.templateFile} does not validate against the dataset`);
  }
}
