import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createConsent, expectBgError, startTestBank, tppToken, type TestBank } from '../support/simulator';

let bank: TestBank;
let token: string;
beforeAll(async () => {
  bank = await startTestBank();
  token = await tppToken(bank);
});
afterAll(() => bank.stop());

const act = (journeyId: string, action: unknown) =>
  call(bank, 'POST', `/simulator/v1/sca/${journeyId}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
// A fresh TPP token each time, since some tests move the clock past the token's hour.
const status = async (consentId: string) =>
  (
    await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${await tppToken(bank)}` },
    })
  ).body;
const journey = async (journeyId: string) => ((await call(bank, 'GET', '/simulator/v1/sca')).body as any[]).find((j) => j.journeyId === journeyId);

describe('SCA journeys', () => {
  it('every scaRedirect points at /sca/{journeyId} and is listed as started', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    expect(c.scaRedirect).toBe(`${bank.url}/sca/${c.journeyId}`);
    expect(await journey(c.journeyId)).toMatchObject({
      journeyId: c.journeyId,
      kind: 'consent',
      institution: 'frankfurt',
      psuId: 'FRA-CREATOR',
      resourceId: c.consentId,
      status: 'started',
      redirectUrl: c.scaRedirect,
    });
  });

  it('a GET opens the journey once; a second GET shows the link was used and changes nothing', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    const first = await fetch(c.scaRedirect);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Continue in your bank's app");
    const opened = await journey(c.journeyId);
    expect(opened.status).toBe('opened');
    const second = await fetch(c.scaRedirect);
    expect(second.status).toBe(410);
    expect(await second.text()).toContain('already been used');
    expect(await journey(c.journeyId)).toEqual(opened);
    expect(await status(c.consentId)).toEqual({ consentStatus: 'received', scaStatus: 'started' });
  });

  it('the PSU cannot act before the link was opened (409)', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    expectBgError(await act(c.journeyId, 'approve'), 409, 'STATUS_INVALID');
    expect((await journey(c.journeyId)).status).toBe('started');
  });

  it('approve finalises the journey and makes the consent valid', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    const res = await act(c.journeyId, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('finalised');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'valid', scaStatus: 'finalised' });
  });

  it('reject fails the journey and rejects the consent', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    expect((await act(c.journeyId, 'reject')).body.status).toBe('failed');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'rejected', scaStatus: 'failed' });
  });

  it('a finished journey cannot be acted on again (409)', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    await act(c.journeyId, 'approve');
    expectBgError(await act(c.journeyId, 'reject'), 409, 'STATUS_INVALID');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'valid', scaStatus: 'finalised' });
  });

  it('an opened journey not completed within 5 minutes fails and the consent becomes rejected', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    await bank.control.advanceClock('PT4M59S');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'received', scaStatus: 'started' });
    await bank.control.advanceClock('PT2S');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'rejected', scaStatus: 'failed' });
    expect((await journey(c.journeyId)).status).toBe('failed');
    expectBgError(await act(c.journeyId, 'approve'), 409, 'STATUS_INVALID');
  });

  it('a journey never opened stays started (the TPP may still redirect the PSU)', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await bank.control.advanceClock('PT1H');
    expect(await status(c.consentId)).toEqual({ consentStatus: 'received', scaStatus: 'started' });
    token = await tppToken(bank);
  });

  it('GET sca?status= filters; a bad status is FORMAT_ERROR', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-SOLO', token);
    const started = (await call(bank, 'GET', '/simulator/v1/sca?status=started')).body as any[];
    expect(started.some((j) => j.journeyId === c.journeyId)).toBe(true);
    expect(started.every((j) => j.status === 'started')).toBe(true);
    expectBgError(await call(bank, 'GET', '/simulator/v1/sca?status=weird'), 400, 'FORMAT_ERROR');
  });

  it('an unknown journey is 404 on the page and RESOURCE_UNKNOWN on the control API', async () => {
    expect((await fetch(`${bank.url}/sca/nope`)).status).toBe(404);
    expectBgError(await act('nope', 'approve'), 404, 'RESOURCE_UNKNOWN');
  });

  it('an action other than approve or reject is FORMAT_ERROR', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    expectBgError(await act(c.journeyId, 'maybe'), 400, 'FORMAT_ERROR');
  });

  it('concurrent approve and reject: exactly one wins', async () => {
    const c = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
    await fetch(c.scaRedirect);
    const results = await Promise.all([act(c.journeyId, 'approve'), act(c.journeyId, 'reject'), act(c.journeyId, 'approve')]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });
});
