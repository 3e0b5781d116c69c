import { consentExpiry } from '../../domain/consent/lifecycle';
import type { DemoTppClient } from '../../pki/data-folder';
import { clearBankState } from '../../store/bank-state';
import type { BankContext } from '../context';
import { SANDBOX_OWNER } from '../consents/consents';
import { sha256Hex } from '../ids';

/** A far end date for the sandbox's static consents, which never expire. */
const SANDBOX_VALID_UNTIL = '2099-12-31';

/** Back to the dataset's initial state: bank state is cleared; the traffic log and the TPP registrations stay. */
export function resetBankState(ctx: BankContext): void {
  const now = ctx.clock.now();
  ctx.transact(() => {
    clearBankState(ctx.db);
    // Repositories that keep what they read drop it: the rows are gone.
    for (const repo of [ctx.repos.serviceBlocks, ctx.repos.oauth, ctx.repos.consents, ctx.repos.payments]) repo.forget();
    for (const preset of ctx.dataset.sandbox.consents) {
      const psu = ctx.psus.get(preset.psuId);
      if (!psu) continue;
      ctx.repos.consents.insert({
        consentId: preset.consentId,
        institution: psu.institution,
        tppId: SANDBOX_OWNER,
        psuId: psu.psuId,
        status: 'valid',
        recurringIndicator: true,
        validUntil: SANDBOX_VALID_UNTIL,
        frequencyPerDay: 4,
        combinedServiceIndicator: true,
        createdAt: now,
        expiresAt: consentExpiry(SANDBOX_VALID_UNTIL),
        statusChangedAt: now,
        scaJourneyId: '',
      });
    }
    ctx.repos.settings.set('dataset', ctx.dataset.name);
  });
}

/** `redirectUris`: every URI the client registered (RFC 7591); the demo TPP and the operator's TPPs have their one. */
export function saveClientRegistration(ctx: BankContext, client: DemoTppClient, name: string, redirectUris: readonly string[] = [client.redirectUri]): void {
  ctx.repos.oauth.saveClient(
    {
      clientId: client.clientId,
      clientSecretSha256: sha256Hex(client.clientSecret),
      tppId: client.organizationId,
      name,
      roles: client.roles,
      redirectUris: [...redirectUris],
      keyId: client.keyId,
    },
    ctx.clock.now(),
  );
}
