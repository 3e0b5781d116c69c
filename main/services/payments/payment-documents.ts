// What the bank's operator reads of a payment beside the TPP-facing API (the payment editor, the
// Bank screen): the original pain.001 exactly as the TPP sent it, and the pain.002 the bank would
// answer now (the same report GET …/status sends, from PaymentService.report).
import { BankError, formatError } from '../../domain/errors';
import { payeeDemonstrations, type PayeeDemonstration } from '../../domain/vop/registry';
import type { PreparedPayee } from '../../domain/vop/prepared-payees';
import type { Payee } from '../../domain/dataset/types';
import { vopApplies } from '../../domain/vop/verify';
import type { Payment } from '../../domain/payment/payment';
import type { BankContext } from '../context';
import type { PaymentService } from './payments';

const PAYMENT_ID = /^[A-Za-z0-9._~-]{1,100}$/;

export interface VopRegistryView {
  institution: string;
  /** Whether the institution verifies payees on SEPA credit transfers (London does not). */
  verifiesPayees: boolean;
  /** The dataset's payees, then those a trainer added to this institution's registry (`added`). */
  payees: (PayeeDemonstration & { added?: true })[];
}

/** An institution's registry as listed: the dataset's payees with the names that demonstrate each outcome, then those a trainer added there. */
export function registryPayees(payees: readonly Payee[], added: readonly PreparedPayee[]): VopRegistryView['payees'] {
  return [
    ...payeeDemonstrations(payees),
    ...added.map(({ iban, registeredName, creditorName, outcome, demonstrates }) => ({
      iban,
      registeredName,
      creditorName,
      outcome,
      demonstrates,
      added: true as const,
    })),
  ];
}

export class PaymentDocuments {
  constructor(
    private readonly ctx: BankContext,
    private readonly payments: PaymentService,
    private readonly prepared: { payeesAt(institution: string): readonly PreparedPayee[] } | null = null,
  ) {}

  /** GET /simulator/v1/payments/{id}/pain001: the stored request body, byte for byte. */
  original(paymentId: unknown): Buffer {
    const payment = this.find(paymentId);
    return this.ctx.repos.payments.requestBody(payment.paymentId) ?? Buffer.alloc(0);
  }

  /** GET /simulator/v1/payments/{id}/pain002: the status report as the bank would send it now. */
  statusReport(paymentId: unknown): string {
    return this.payments.report(this.find(paymentId));
  }

  /** GET /simulator/v1/vop-registry?institution=I: the registered payees with the outcome each name demonstrates. */
  vopRegistry(institutionId: unknown): VopRegistryView {
    const institution = this.ctx.dataset.institutions.find((i) => i.id === institutionId);
    if (!institution) throw formatError(`institution must be one of ${this.ctx.dataset.institutions.map((i) => i.id).join(', ')}`);
    return {
      institution: institution.id,
      verifiesPayees: vopApplies('pain.001-sepa-credit-transfers', institution.verificationOfPayee),
      payees: registryPayees(this.ctx.dataset.payees, this.prepared?.payeesAt(institution.id) ?? []),
    };
  }

  private find(paymentId: unknown): Payment {
    if (typeof paymentId !== 'string' || !PAYMENT_ID.test(paymentId))
      throw formatError('the payment id must be 1 to 100 letters, digits, ".", "_", "~" or "-"');
    const payment = this.ctx.repos.payments.find(paymentId);
    if (!payment) throw BankError.of('RESOURCE_UNKNOWN', `no payment ${paymentId} in the bank`);
    return payment;
  }
}
