import type { InstitutionId } from '../dataset/types';

export type ConsentStatus = 'received' | 'valid' | 'rejected' | 'expired' | 'revokedByPsu' | 'terminatedByTpp';

export interface ConsentTerms {
  recurringIndicator: boolean;
  /** Exclusive end date, YYYY-MM-DD. */
  validUntil: string;
  frequencyPerDay: number;
  combinedServiceIndicator: boolean;
}

export interface Consent extends ConsentTerms {
  consentId: string;
  institution: InstitutionId;
  /** The TPP identity (organizationIdentifier) that owns it. */
  tppId: string;
  psuId: string;
  status: ConsentStatus;
  createdAt: Date;
  /** 00:00:00 UK local time at the start of validUntil. */
  expiresAt: Date;
  statusChangedAt: Date;
  scaJourneyId: string;
}
