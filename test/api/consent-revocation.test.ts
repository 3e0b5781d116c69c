// The PSU revokes a consent in the bank's app (spec "Consent status and SCA status":
// revokedByPsu, "revoked outside the TPP termination operation"; only a valid consent allows use).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import type { SimulatorEvent } from '../../main/services/events';
import { call, createConsent, expectBgError, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const revoke = (consentId: string) =>
  call(bank, 'POST', `/simulator/v1/consents/${consentId}/revoke`, { headers: { 'content-type': 'application/json' }, body: '{}' });

describe('the PSU revokes a consent (revokedByPsu)', () => {
  it('POST /simulator/v1/consents/{id}/revoke makes a valid consent revokedByPsu, as its status operation then says', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await revoke(psu.consentId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ consentId: psu.consentId, consentStatus: 'revokedByPsu', psuId: 'FRA-CREATOR' });
    expect((await bank.tpp.consentStatus('frankfurt', psu.consentId)).body).toMatchObject({ consentStatus: 'revokedByPsu' });
  });

  it('a revoked consent is CONSENT_INVALID 401 with its old access token: reading the consent or an account', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const accounts = await bank.tpp.accounts(psu);
    expect(accounts.status).toBe(200);
    const accountId = (accounts.body as { accounts: { resourceId: string }[] }).accounts[0]?.resourceId as string;
    await revoke(psu.consentId);
    expectBgError(await bank.tpp.getConsent(psu), 401, 'CONSENT_INVALID');
    expectBgError(await bank.tpp.accounts(psu), 401, 'CONSENT_INVALID');
    expectBgError(await bank.tpp.account(psu, accountId), 401, 'CONSENT_INVALID');
  });

  it('its refresh token gives no new tokens (invalid_grant)', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    await revoke(psu.consentId);
    const res = await bank.tpp.refresh(psu);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant' });
    expect((res.body as { error_description: string }).error_description).toContain('revokedByPsu');
  });

  it('revoking twice is STATUS_INVALID 409 and changes nothing', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    await revoke(psu.consentId);
    const again = await revoke(psu.consentId);
    expectBgError(again, 409, 'STATUS_INVALID');
    expect(again.body.tppMessages[0].text).toContain('revokedByPsu');
  });

  it('only a valid consent can be revoked: a received or terminated one is STATUS_INVALID 409', async () => {
    const received = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    expectBgError(await revoke(received.consentId), 409, 'STATUS_INVALID');
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    expect((await bank.tpp.deleteConsent(psu)).status).toBe(204);
    expectBgError(await revoke(psu.consentId), 409, 'STATUS_INVALID');
    expect((await bank.tpp.consentStatus('frankfurt', psu.consentId)).body).toMatchObject({ consentStatus: 'terminatedByTpp' });
  });

  it('an unknown consent is RESOURCE_UNKNOWN 404', async () => {
    expectBgError(await revoke('no-such-consent'), 404, 'RESOURCE_UNKNOWN');
  });

  it('other consents of the same PSU and TPP are unaffected', async () => {
    const a = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const b = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    await revoke(a.consentId);
    expect((await bank.tpp.getConsent(b)).status).toBe(200);
  });

  it('the revocation is announced as a consent event', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const seen: SimulatorEvent[] = [];
    const listener = (event: SimulatorEvent): void => void seen.push(event);
    bank.sim.events.on('event', listener);
    try {
      await revoke(psu.consentId);
    } finally {
      bank.sim.events.off('event', listener);
    }
    expect(seen).toContainEqual({ type: 'consent', consentId: psu.consentId, institution: 'frankfurt', status: 'revokedByPsu' });
  });

  it("the sandbox's pre-configured consents cannot be revoked (STATUS_INVALID 409)", async () => {
    const sandbox = await startTestBank({ mode: 'sandbox' });
    try {
      const consents = (await call(sandbox, 'GET', '/simulator/v1/consents')).body as { consentId: string; consentStatus: string }[];
      const preset = consents.find((c) => c.consentStatus === 'valid');
      expect(preset).toBeDefined();
      const res = await call(sandbox, 'POST', `/simulator/v1/consents/${preset?.consentId}/revoke`, {
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expectBgError(res, 409, 'STATUS_INVALID');
    } finally {
      await sandbox.stop();
    }
  });
});
