// Verification of Payee over the store: the checks made when a SEPA payment is created, the
// result of each credit transfer at any moment, and the block on authorisation while any is RECI.
import type { Institution, Payee } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import type { ParsedPayment } from '../../domain/iso20022/pain001/types';
import type { StatusReason } from '../../domain/payment/payment';
import type { VopCheck, VopResult } from '../../domain/vop/verify';
import { unansweredCheck, vopApplies, vopBlocksAuthorisation, vopCheck, vopResultAt } from '../../domain/vop/verify';
import { preparedCheck, type PreparedPayee } from '../../domain/vop/prepared-payees';
import type { BankContext } from '../context';
import type { FaultPresets } from '../faults/fault-rules';

export class PayeeVerification {
  private readonly payees: ReadonlyMap<string, Payee>;

  constructor(
    private readonly ctx: BankContext,
    private readonly presets: Pick<FaultPresets, 'silentPayeeBank'> | null = null,
    /** The payees a trainer added to an institution's registry (services/lessons): asked before the dataset's. */
    private readonly prepared: { payeeAt(institution: string, iban: string): PreparedPayee | undefined } | null = null,
  ) {
    this.payees = new Map(ctx.dataset.payees.map((p) => [compactIban(p.iban), p]));
  }

  /**
   * One check per credit transfer, or none where VoP does not apply (other products, London); none answered
   * while the payee-bank-silent fault preset holds for the payment.
   */
  checks(product: string, institution: Institution, parsed: ParsedPayment, now: Date, payment: { paymentId: string; tppId: string }): VopCheck[] | undefined {
    if (!vopApplies(product, institution.verificationOfPayee)) return undefined;
    if (this.presets !== null && this.presets.silentPayeeBank({ ...payment, institution: institution.id }, now) !== null)
      return parsed.transactions.map(() => unansweredCheck(now));
    return parsed.transactions.map((tx) => {
      const added = tx.creditorIban ? this.prepared?.payeeAt(institution.id, tx.creditorIban) : undefined;
      if (added !== undefined) return preparedCheck(added, tx.creditorName, now);
      return vopCheck(tx.creditorIban ? this.payees.get(compactIban(tx.creditorIban)) : undefined, tx.creditorName, now);
    });
  }

  /** Each credit transfer's result at `now`, in order; null where VoP does not apply. */
  results(paymentId: string, now: Date): (VopResult | null)[] {
    return this.ctx.repos.payments.vopChecks(paymentId).map((check) => resultAt(check, now));
  }

  /** The results of the first `limit` credit transfers of each payment, as `results` gives them, read in one statement. */
  resultsOf(paymentIds: readonly string[], now: Date, limit: number): Map<string, (VopResult | null)[]> {
    const checks = this.ctx.repos.payments.vopChecksOf(paymentIds, limit);
    return new Map([...checks].map(([paymentId, ofPayment]) => [paymentId, ofPayment.map((check) => resultAt(check, now))]));
  }

  /** Rule 5: no SCA journey starts while any result is RECI. */
  assertCompleted(paymentId: string, now: Date, consequence: string): void {
    const pending = this.results(paymentId, now).filter((r): r is VopResult => r !== null);
    if (vopBlocksAuthorisation(pending)) {
      throw BankError.of(
        'STATUS_INVALID',
        `payment ${paymentId}: Verification of Payee is still in progress (RECI); retrieve the status until it completes, then start the authorisation; ${consequence}`,
      );
    }
  }
}

/** The VoP result as a pain.002 status reason, when it has one (a match has none). */
export function vopReason(result: VopResult | null): StatusReason[] {
  if (!result || result.reasonCode === null) return [];
  return [{ code: result.reasonCode, ...(result.additionalInfo ? { info: [result.additionalInfo] } : {}) }];
}

const resultAt = (check: VopCheck | null, now: Date): VopResult | null => (check ? vopResultAt(check, now) : null);

function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}
