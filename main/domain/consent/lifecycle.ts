import { BankError } from '../errors';
import { ukStartOfDay } from '../time/uk-time';
import type { Consent, ConsentStatus } from './consent';

/** validUntil is exclusive: the consent ends at 00:00:00 UK local time at the start of that date. */
export const consentExpiry = (validUntil: string): Date => ukStartOfDay(validUntil);

/** The status a consent has at `now`, with the time-driven move valid → expired applied. */
export function consentStatusAt(consent: Pick<Consent, 'status' | 'expiresAt'>, now: Date): ConsentStatus {
  if (consent.status === 'valid' && now.getTime() >= consent.expiresAt.getTime()) return 'expired';
  return consent.status;
}

/** scaStatus reported beside consentStatus (spec "Consent status and SCA status"). */
export function consentScaStatus(status: ConsentStatus): 'started' | 'finalised' | 'failed' {
  if (status === 'received') return 'started';
  if (status === 'rejected') return 'failed';
  return 'finalised';
}

/** Only a valid consent allows use. */
export function assertConsentUsable(consent: Consent, now: Date, operation: string): void {
  const status = consentStatusAt(consent, now);
  if (status !== 'valid') {
    throw BankError.of('CONSENT_INVALID', `consent ${consent.consentId} is ${status}; ${operation} needs a valid consent`);
  }
}

/**
 * The PSU revokes a consent in the bank's app (spec: "revoked outside the TPP termination operation"):
 * valid → revokedByPsu. Anything else is no longer in use, so there is nothing to revoke.
 */
export function revokeConsentByPsu(consent: Consent, now: Date): ConsentStatus {
  const status = consentStatusAt(consent, now);
  if (status !== 'valid') {
    throw BankError.of('STATUS_INVALID', `consent ${consent.consentId} is ${status}; only a valid consent can be revoked`);
  }
  return 'revokedByPsu';
}

/** DELETE: valid → terminatedByTpp; anything else (repeated DELETE, expired, rejected) is CONSENT_INVALID. */
export function terminateConsent(consent: Consent, now: Date): ConsentStatus {
  const status = consentStatusAt(consent, now);
  if (status !== 'valid') {
    throw BankError.of('CONSENT_INVALID', `consent ${consent.consentId} is ${status} and cannot be deleted again`);
  }
  return 'terminatedByTpp';
}
