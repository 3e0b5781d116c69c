import type { Consent } from '../../domain/consent/consent';
import { assertConsentUsable } from '../../domain/consent/lifecycle';
import type { InstitutionId } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import type { TokenGrant } from '../../domain/oauth/tokens';
import type { Payment } from '../../domain/payment/payment';
import type { BankContext } from '../context';
import type { ConsentService } from '../consents/consents';

/** The request context of a payment operation: PSU token, its valid consent, and the PSU named by PSU-ID. */
export interface PaymentContext {
  institution: InstitutionId;
  grant: TokenGrant;
  consentIdHeader: string;
  /** PSU-ID where the operation sends it. */
  psuId?: string | undefined;
}

/** Consent and payment visibility for payment operations (spec "Endpoints > Payments" 5, "What the service does" 3). */
export class PaymentAccess {
  constructor(
    private readonly ctx: BankContext,
    private readonly consents: ConsentService,
  ) {}

  /** Consent-ID names the token's consent, which is valid, and PSU-ID (if sent) is its PSU. */
  consentFor(request: PaymentContext, operation: string): Consent {
    if (request.consentIdHeader !== request.grant.consentId) {
      throw BankError.of('CONSENT_UNKNOWN', `Consent-ID ${request.consentIdHeader} is not the consent of the access token (${request.grant.consentId})`);
    }
    const consent = this.consents.forPsuToken(request.consentIdHeader, request.grant);
    assertConsentUsable(consent, this.ctx.clock.now(), operation);
    if (request.psuId !== undefined && request.psuId !== consent.psuId) {
      throw BankError.of('CONSENT_UNKNOWN', `PSU-ID ${request.psuId} is not the PSU of consent ${consent.consentId}`);
    }
    return consent;
  }

  /**
   * The payment as this TPP, consent and institution may see it: RESOURCE_UNKNOWN 404 where it does
   * not exist here, 403 where it exists for another institution, TPP or consent.
   */
  payment(paymentId: string, product: string, request: PaymentContext, consent: Consent): Payment {
    const payment = this.ctx.repos.payments.find(paymentId);
    const foreign = (why: string): BankError => BankError.of('RESOURCE_UNKNOWN', `payment ${paymentId} is not accessible: ${why}`, 403);
    if (!payment || payment.product !== product) {
      throw BankError.of('RESOURCE_UNKNOWN', `no ${product} payment ${paymentId} exists; use the product and paymentId from creation`);
    }
    if (payment.institution !== request.institution) throw foreign(`it belongs to another institution endpoint`);
    if (payment.tppId !== request.grant.tppId) throw foreign('it belongs to another TPP');
    if (!this.sees(consent, payment)) throw foreign(`consent ${consent.consentId} gives no payment access to its debtor account`);
    return payment;
  }

  /**
   * The consent the payment was created under sees it; a consent of another PSU of the customer does
   * when that PSU may create or authorise payments from its debtor account.
   */
  sees(consent: Consent, payment: Payment): boolean {
    return payment.consentId === consent.consentId || this.consentCovers(consent, payment);
  }

  private consentCovers(consent: Consent, payment: Payment): boolean {
    const psu = this.ctx.psus.get(consent.psuId);
    const grant = psu?.accounts.find((a) => a.resourceId === payment.debtorAccountId);
    return grant !== undefined && (grant.permissions.includes('paymentCreation') || grant.permissions.includes('paymentAuthorisation'));
  }
}
