// Tokens, consents and payments are kept in memory once read (the repositories' ReadCache), so the
// status requests cost no SQLite statement. Through the API, every change must still be seen by the
// very next request: a revoked token is refused, a terminated consent is, a payment's new status is
// reported, and after a reset nothing read before it answers any more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, expectBgError, expectOAuthError, form, basic, startTestBank, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import type { PsuSession } from '../../main/tpp/session';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const SEPA = 'pain.001-sepa-credit-transfers';
const json = { 'content-type': 'application/json' };
const session = (psuId: string): Promise<PsuSession> => psuSession(bank.tpp, bank.control, 'frankfurt', psuId);
const readConsent = (consentId: string, accessToken: string) =>
  call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${consentId}`, {
    headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${accessToken}` },
  });
const refresh = (refreshToken: string) => {
  const f = form({ grant_type: 'refresh_token', refresh_token: refreshToken });
  return call(bank, 'POST', '/frankfurt/oauth/v1/token', { headers: { ...f.headers, authorization: basic(bank.client) }, body: f.body });
};
const txStatus = (xml: string): string | undefined => /<TxSts>(\w+)<\/TxSts>/.exec(xml)?.[1];

it('an access token just used is refused at once when a replayed refresh token revokes its family', async () => {
  const psu = await session('FRA-APPROVER-B');
  const first = { access: psu.accessToken, refresh: psu.refreshToken as string };
  expect((await readConsent(psu.consentId, first.access)).status).toBe(200);
  expect((await refresh(first.refresh)).status).toBe(200);
  expect((await readConsent(psu.consentId, first.access)).status).toBe(200);
  expectOAuthError(await refresh(first.refresh), 400, 'invalid_grant');
  const refused = await readConsent(psu.consentId, first.access);
  expectBgError(refused, 401, 'TOKEN_INVALID');
  expect(JSON.stringify(refused.body)).toMatch(/revoked/);
});

it("a consent's termination and the PSU's revocation are reported by the very next status request", async () => {
  const terminated = await session('FRA-CREATOR');
  expect((await bank.tpp.consentStatus('frankfurt', terminated.consentId)).body.consentStatus).toBe('valid');
  expect((await bank.tpp.deleteConsent(terminated)).status).toBe(204);
  expect((await bank.tpp.consentStatus('frankfurt', terminated.consentId)).body.consentStatus).toBe('terminatedByTpp');
  expectBgError(await bank.tpp.createPayment(terminated, SEPA, readTemplate('sepa-single.xml')), 401, 'CONSENT_INVALID');

  const revoked = await session('FRA-CREATOR');
  expect((await bank.tpp.consentStatus('frankfurt', revoked.consentId)).body.consentStatus).toBe('valid');
  expect((await call(bank, 'POST', `/simulator/v1/consents/${revoked.consentId}/revoke`, { headers: json, body: '{}' })).status).toBe(200);
  expect((await bank.tpp.consentStatus('frankfurt', revoked.consentId)).body.consentStatus).toBe('revokedByPsu');
});

it("a payment's status after cancellation, each authorisation and processing is reported by the very next status request", async () => {
  const creator = await session('FRA-CREATOR');
  const status = async (paymentId: string) => {
    const res = await bank.tpp.paymentStatus(creator, SEPA, paymentId);
    expect(res.status).toBe(200);
    return txStatus(res.text);
  };

  const cancelled = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  expect(await status(cancelled)).toBe('PATC');
  expect((await bank.tpp.cancelPayment(creator, SEPA, cancelled)).status).toBe(204);
  expect(await status(cancelled)).toBe('RJCT');

  const settled = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  expect(await status(settled)).toBe('PATC');
  await authorisePayment(bank.tpp, bank.control, await session('FRA-APPROVER-A'), SEPA, settled);
  expect(await status(settled)).toBe('PATC');
  await authorisePayment(bank.tpp, bank.control, await session('FRA-APPROVER-B'), SEPA, settled);
  expect(await status(settled)).toBe('PDNG');
  const processed = await call(bank, 'POST', `/simulator/v1/payments/${settled}/processing`, {
    headers: json,
    body: JSON.stringify({ outcome: 'RJCT', reason: 'AM04' }),
  });
  expect(processed.status).toBe(200);
  const report = (await bank.tpp.paymentStatus(creator, SEPA, settled)).text;
  expect(txStatus(report)).toBe('RJCT');
  expect(report).toContain('<Cd>AM04</Cd>');
});

it('after a reset, a token, consent and payment read before it are unknown', async () => {
  const creator = await session('FRA-CREATOR');
  const paymentId = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
  expect((await bank.tpp.paymentStatus(creator, SEPA, paymentId)).status).toBe(200);
  expect((await bank.tpp.consentStatus('frankfurt', creator.consentId)).status).toBe(200);
  expect((await readConsent(creator.consentId, creator.accessToken)).status).toBe(200);

  expect((await call(bank, 'POST', '/simulator/v1/reset', { headers: json, body: '{}' })).status).toBe(200);

  expectBgError(await readConsent(creator.consentId, creator.accessToken), 401, 'TOKEN_INVALID');
  expectBgError(await bank.tpp.consentStatus('frankfurt', creator.consentId), 403, 'CONSENT_UNKNOWN');
  const report = await call(bank, 'GET', `/simulator/v1/payments/${paymentId}/pain002`);
  expect(report.status).toBe(404);
});
