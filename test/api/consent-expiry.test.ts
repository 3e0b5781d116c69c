import { afterEach, describe, expect, it } from 'vitest';
import { call, startTestBank, tppToken, type TestBank, approveSca, consentHeaders } from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';

let bank: TestBank | undefined;
afterEach(async () => {
  await bank?.stop();
  bank = undefined;
});

/** Creates a valid consent with a chosen validUntil, at the bank's current simulated time. */
async function validConsent(b: TestBank, validUntil: string): Promise<{ consentId: string; token: string }> {
  const token = await tppToken(b);
  const res = await call(b, 'POST', '/frankfurt/berlingroup/v1/consents', {
    headers: consentHeaders(token, 'FRA-CREATOR'),
    body: JSON.stringify({ access: {}, recurringIndicator: true, validUntil, frequencyPerDay: 4, combinedServiceIndicator: true }),
  });
  expect(res.status).toBe(201);
  await approveSca(b, res.body._links.scaRedirect.href.split('/').pop());
  return { consentId: res.body.consentId, token };
}

// A fresh TPP token each time: the clock jumps further than a token lives.
const statusOf = async (b: TestBank, c: { consentId: string }) =>
  (
    await call(b, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${await tppToken(b)}` },
    })
  ).body.consentStatus;

describe('consent expiry at 00:00:00 UK local time at the start of validUntil', () => {
  it('in winter (GMT): valid at 23:59:59Z the day before, expired at 00:00:00Z', async () => {
    bank = await startTestBank({ now: '2026-12-01T09:00:00Z' });
    const c = await validConsent(bank, '2026-12-15');
    await bank.control.setClock('2026-12-14T23:59:59Z');
    expect(await statusOf(bank, c)).toBe('valid');
    await bank.control.setClock('2026-12-15T00:00:00Z');
    expect(await statusOf(bank, c)).toBe('expired');
  });

  it('in summer (BST): expired at 23:00:00Z the evening before validUntil', async () => {
    bank = await startTestBank({ now: '2026-06-01T09:00:00Z' });
    const c = await validConsent(bank, '2026-07-01');
    await bank.control.setClock('2026-06-30T22:59:59Z');
    expect(await statusOf(bank, c)).toBe('valid');
    await bank.control.setClock('2026-06-30T23:00:00Z');
    expect(await statusOf(bank, c)).toBe('expired');
  });

  it('across the change to BST (validUntil 2026-03-30): ends at 2026-03-29T23:00:00Z', async () => {
    bank = await startTestBank({ now: '2026-03-20T09:00:00Z' });
    const c = await validConsent(bank, '2026-03-30');
    await bank.control.setClock('2026-03-29T22:59:59Z');
    expect(await statusOf(bank, c)).toBe('valid');
    await bank.control.setClock('2026-03-29T23:00:00Z');
    expect(await statusOf(bank, c)).toBe('expired');
  });

  it('on the day of the change to GMT (validUntil 2026-10-25): ends at 2026-10-24T23:00:00Z', async () => {
    bank = await startTestBank({ now: '2026-10-20T09:00:00Z' });
    const c = await validConsent(bank, '2026-10-25');
    await bank.control.setClock('2026-10-24T22:59:59Z');
    expect(await statusOf(bank, c)).toBe('valid');
    await bank.control.setClock('2026-10-24T23:00:00Z');
    expect(await statusOf(bank, c)).toBe('expired');
  });

  it('the request date is the UK date: at 23:30Z in summer it is already the next day in London', async () => {
    bank = await startTestBank({ now: '2026-06-10T23:30:00Z' });
    const token = await tppToken(bank);
    const post = (validUntil: string) =>
      call(bank as TestBank, 'POST', '/frankfurt/berlingroup/v1/consents', {
        headers: consentHeaders(token, 'FRA-CREATOR'),
        body: JSON.stringify({ access: {}, recurringIndicator: false, validUntil, frequencyPerDay: 1, combinedServiceIndicator: true }),
      });
    expect((await post('2026-06-12')).status).toBe(400);
    expect((await post('2026-06-13')).status).toBe(201);
  });

  it('an expired consent cannot be read or deleted (CONSENT_INVALID 401) and shows in events', async () => {
    bank = await startTestBank({ now: '2026-12-01T09:00:00Z' });
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    await bank.control.setClock('2027-03-01T12:00:00Z');
    const res = await call(bank, 'DELETE', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    // The PSU token itself expired long ago; the consent's own state is what the status call reports.
    expect(res.status).toBe(401);
    expect(await statusOf(bank, psu)).toBe('expired');
  });
});
