// Spec "Consents" rules 1-2, "Payments" rule 2, "Signing baskets": after SCA in the bank's app the PSU
// returns to TPP-Redirect-URI, exactly as sent (its state kept, no result added).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createConsentReturningTo, expectBgError, startTestBank, tppToken, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

/** A redirect URI with a state and characters a careless bank would re-encode. */
const TPP_REDIRECT_URI = 'https://tpp.example/return/cb?state=Ab%2Fc-9_~&lang=en';

const consentWithRedirect = () => createConsentReturningTo(bank, 'FRA-CREATOR', TPP_REDIRECT_URI);

/** The PSU's browser opens the link: the page and the key it follows its journey with. */
async function openPage(scaRedirect: string): Promise<{ html: string; key: string; csp: string }> {
  const res = await fetch(scaRedirect);
  expect(res.status).toBe(200);
  const html = await res.text();
  const key = /data-key="([^"]+)"/.exec(html)?.[1];
  if (!key) throw new Error(`the page carries no key: ${html}`);
  return { html, key, csp: res.headers.get('content-security-policy') ?? '' };
}

const progress = (journeyId: string, key?: string) =>
  call(bank, 'GET', `/sca/${journeyId}/status${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`);
const act = (journeyId: string, action: string) =>
  call(bank, 'POST', `/simulator/v1/sca/${journeyId}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
const listed = async (journeyId: string) => ((await call(bank, 'GET', '/simulator/v1/sca')).body as any[]).find((j) => j.journeyId === journeyId);

describe('the PSU returns to the TPP', () => {
  it('POST /simulator/v1/sca/{id} answers the TPP-Redirect-URI exactly as sent, and GET sca lists it', async () => {
    const c = await consentWithRedirect();
    expect((await listed(c.journeyId)).tppRedirectUri).toBe(TPP_REDIRECT_URI);
    await openPage(c.scaRedirect);
    const res = await act(c.journeyId, 'approve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'finalised', tppRedirectUri: TPP_REDIRECT_URI });
  });

  it('the opened page follows its journey and learns where to return only once the PSU has acted', async () => {
    const c = await consentWithRedirect();
    const { key } = await openPage(c.scaRedirect);
    const waiting = await progress(c.journeyId, key);
    expect(waiting.status).toBe(200);
    expect(waiting.body).toEqual({ status: 'opened', outcomeReason: null, tppRedirectUri: null });
    await act(c.journeyId, 'reject');
    // No result goes back in the URI (spec Consents rule 2): the TPP asks the status operation.
    expect((await progress(c.journeyId, key)).body).toEqual({ status: 'failed', outcomeReason: null, tppRedirectUri: TPP_REDIRECT_URI });
  });

  it("following a journey needs the key its page was given: none, a wrong one or another journey's is TOKEN_INVALID", async () => {
    const c = await consentWithRedirect();
    const other = await consentWithRedirect();
    await openPage(c.scaRedirect);
    const { key: otherKey } = await openPage(other.scaRedirect);
    expectBgError(await progress(c.journeyId), 401, 'TOKEN_INVALID');
    expectBgError(await progress(c.journeyId, 'guess'), 401, 'TOKEN_INVALID');
    expectBgError(await progress(c.journeyId, otherKey), 401, 'TOKEN_INVALID');
    expectBgError(await progress('no-such-journey', otherKey), 404, 'RESOURCE_UNKNOWN');
  });

  it('the link stays single use: a second open gets no key', async () => {
    const c = await consentWithRedirect();
    await openPage(c.scaRedirect);
    const again = await fetch(c.scaRedirect);
    expect(again.status).toBe(410);
    expect(await again.text()).not.toContain('data-key');
  });

  it("the page runs under a strict Content-Security-Policy: its script and style only with the response's nonce", async () => {
    const c = await consentWithRedirect();
    const { html, csp } = await openPage(c.scaRedirect);
    const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('a journey that times out records why: no decision within 5 minutes of opening the link', async () => {
    const c = await consentWithRedirect();
    const { key } = await openPage(c.scaRedirect);
    await bank.control.advanceClock('PT5M1S');
    const reason = 'no decision within 5 minutes of opening the link';
    // Read before and after the timeout is written: the same reason either way.
    expect((await progress(c.journeyId, key)).body).toEqual({ status: 'failed', outcomeReason: reason, tppRedirectUri: TPP_REDIRECT_URI });
    await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}/status`, { headers: { authorization: `Bearer ${await tppToken(bank)}` } });
    expect(await listed(c.journeyId)).toMatchObject({ status: 'failed', outcomeReason: reason });
  });

  it("the page's following stays out of the traffic log", async () => {
    const c = await consentWithRedirect();
    const { key } = await openPage(c.scaRedirect);
    await progress(c.journeyId, key);
    const log = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=20')).body as { url: string }[];
    expect(log.some((e) => e.url === `/sca/${c.journeyId}`)).toBe(true);
    expect(log.some((e) => e.url.includes('/status?key='))).toBe(false);
  });
});
