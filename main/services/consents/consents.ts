import { consentAccess, type ConsentAccess } from '../../domain/consent/access';
import type { Consent, ConsentStatus } from '../../domain/consent/consent';
import { consentExpiry, consentScaStatus, consentStatusAt, revokeConsentByPsu, terminateConsent } from '../../domain/consent/lifecycle';
import { parseConsentRequest } from '../../domain/consent/request';
import type { InstitutionId, Psu } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import type { TokenGrant } from '../../domain/oauth/tokens';
import { SANDBOX_JOURNEY, startedJourney, type ScaJourney } from '../../domain/sca/journey';
import type { BankContext } from '../context';
import type { ServiceBlocks } from '../operator/service-blocks';
import { newId } from '../ids';

export interface ConsentCreation {
  institution: InstitutionId;
  tppId: string;
  psuId: string;
  tppRedirectUri: string;
  body: unknown;
}

export interface ConsentView {
  consent: Consent;
  status: ConsentStatus;
  scaStatus: 'started' | 'finalised' | 'failed';
}

/** Owner of the sandbox's pre-configured consents: any TPP of the sandbox application may use them. */
export const SANDBOX_OWNER = '*';

export class ConsentService {
  constructor(
    private readonly ctx: BankContext,
    private readonly blocks: ServiceBlocks,
  ) {}

  /** POST /consents: one transaction creates the consent (received) and its SCA journey (started), whose id is the scaRedirect's. */
  create(req: ConsentCreation): { consent: Consent; journeyId: string } {
    this.blocks.assertOpen(req.institution, req.tppId);
    const now = this.ctx.clock.now();
    const terms = parseConsentRequest(req.body, now);
    const psu = this.psuFor(req.psuId, req.institution);

    if (this.ctx.mode() === 'sandbox') {
      const preset = this.ctx.dataset.sandbox.consents.find((c) => c.psuId === psu.psuId);
      const consent = preset && this.ctx.repos.consents.find(preset.consentId);
      if (!consent) throw BankError.of('PSU_CREDENTIALS_INVALID', `the sandbox has no pre-configured consent for PSU-ID ${psu.psuId}`);
      // Pre-authorised, yet answered like simulation: the link opens the page saying the sandbox needs no SCA.
      return { consent, journeyId: SANDBOX_JOURNEY };
    }

    const consentId = newId();
    const journey = startedJourney(
      newId(),
      'consent',
      { institution: req.institution, psuId: psu.psuId, resourceId: consentId, tppRedirectUri: req.tppRedirectUri },
      now,
    );
    const consent: Consent = {
      ...terms,
      consentId,
      institution: req.institution,
      tppId: req.tppId,
      psuId: psu.psuId,
      status: 'received',
      createdAt: now,
      expiresAt: consentExpiry(terms.validUntil),
      statusChangedAt: now,
      scaJourneyId: journey.journeyId,
    };
    this.ctx.transact(() => {
      this.ctx.repos.journeys.insert(journey);
      this.ctx.repos.consents.insert(consent);
    });
    this.ctx.events.emitEvent({ type: 'consent', consentId, institution: req.institution, status: 'received' });
    this.ctx.events.emitEvent({ type: 'sca', journeyId: journey.journeyId, kind: 'consent', psuId: psu.psuId, status: 'started' });
    return { consent, journeyId: journey.journeyId };
  }

  /** The consent's SCA journey ended: received → valid when approved, → rejected otherwise. */
  onScaFinished(journey: ScaJourney, approved: boolean, now: Date): { status: 'finalised' | 'failed' } {
    const status = approved ? 'valid' : 'rejected';
    this.ctx.repos.consents.setStatus(journey.resourceId, status, now);
    this.ctx.events.emitEvent({ type: 'consent', consentId: journey.resourceId, institution: journey.institution, status });
    return { status: approved ? 'finalised' : 'failed' };
  }

  /** GET /consents/{id}/status with a TPP token. */
  status(consentId: string, institution: InstitutionId, tppId: string): ConsentView {
    this.blocks.assertOpen(institution, tppId);
    return this.view(this.accessible(consentId, institution, tppId));
  }

  /** GET /consents/{id} with the PSU token of that consent; only a valid consent is shown. */
  read(consentId: string, grant: TokenGrant): ConsentView & { access: ConsentAccess } {
    this.blocks.assertOpen(grant.institution, grant.tppId);
    const consent = this.forPsuToken(consentId, grant);
    const view = this.view(consent);
    if (view.status !== 'valid') {
      throw BankError.of('CONSENT_INVALID', `consent ${consentId} is ${view.status}; only a valid consent can be read`);
    }
    const psu = this.ctx.psus.get(consent.psuId);
    if (!psu) throw BankError.of('CONSENT_INVALID', `the PSU of consent ${consentId} no longer exists`);
    return { ...view, access: consentAccess(psu, this.ctx.accounts) };
  }

  /** DELETE /consents/{id}: valid → terminatedByTpp; a repeat is CONSENT_INVALID. */
  terminate(consentId: string, grant: TokenGrant): void {
    this.blocks.assertOpen(grant.institution, grant.tppId);
    const now = this.ctx.clock.now();
    const consent = this.forPsuToken(consentId, grant);
    const next = terminateConsent(consent, now);
    if (this.ctx.mode() === 'sandbox') return;
    this.ctx.repos.consents.setStatus(consentId, next, now);
    this.ctx.events.emitEvent({ type: 'consent', consentId, institution: consent.institution, status: next });
  }

  /**
   * The PSU revokes a valid consent in the bank's app (control API, the Phone): it becomes revokedByPsu,
   * so using it is CONSENT_INVALID and its refresh token gives no new tokens.
   */
  revokeByPsu(consentId: string): ConsentView {
    const now = this.ctx.clock.now();
    if (this.ctx.mode() === 'sandbox') {
      throw BankError.of('STATUS_INVALID', 'the sandbox is stateless: its pre-configured consents cannot be revoked; switch to simulation');
    }
    const consent = this.ctx.transact(() => {
      const found = this.ctx.repos.consents.find(consentId);
      if (!found) throw BankError.of('RESOURCE_UNKNOWN', `consent ${consentId} does not exist`);
      this.ctx.repos.consents.setStatus(consentId, revokeConsentByPsu(found, now), now);
      this.ctx.events.emitEvent({ type: 'consent', consentId, institution: found.institution, status: 'revokedByPsu' });
      return found;
    });
    return this.view({ ...consent, status: 'revokedByPsu', statusChangedAt: now });
  }

  /** A consent as seen through an institution by a TPP: anything else is CONSENT_UNKNOWN 403. */
  accessible(consentId: string, institution: InstitutionId, tppId: string): Consent {
    const consent = this.ctx.repos.consents.find(consentId);
    const owned = consent !== undefined && (consent.tppId === tppId || (consent.tppId === SANDBOX_OWNER && this.ctx.mode() === 'sandbox'));
    if (!consent || !owned || consent.institution !== institution) {
      throw BankError.of('CONSENT_UNKNOWN', `consent ${consentId} is not known to this TPP at institution ${institution}`);
    }
    return consent;
  }

  /** The consent of a PSU access token; another consent in the path is not accessible through it. */
  forPsuToken(consentId: string, grant: TokenGrant): Consent {
    if (grant.consentId !== consentId) {
      throw BankError.of('CONSENT_UNKNOWN', `the access token was issued for consent ${grant.consentId}, not ${consentId}`);
    }
    return this.accessible(consentId, grant.institution, grant.tppId);
  }

  list(limit = 500, offset = 0, exceptTpp = ''): ConsentView[] {
    return this.ctx.repos.consents.list(limit, offset, exceptTpp).map((c) => this.view(c));
  }

  private view(consent: Consent): ConsentView {
    const status = consentStatusAt(consent, this.ctx.clock.now());
    return { consent, status, scaStatus: consentScaStatus(status) };
  }

  private psuFor(psuId: string, institution: InstitutionId): Psu {
    const psu = this.ctx.psus.get(psuId);
    // The spec keeps the cause unidentified: an unknown PSU and one who cannot do SCA look the same.
    if (!psu || psu.institution !== institution || !psu.scaEnrolled) {
      throw BankError.of('PSU_CREDENTIALS_INVALID', `PSU-ID ${psuId} cannot be accepted for consent creation at ${institution}`);
    }
    return psu;
  }
}
