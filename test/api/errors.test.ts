import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../main/domain/random';
import { basic, call, consentHeaders, expectBgError, startTestBank, tppToken, type TestBank } from '../support/simulator';

let bank: TestBank;
let token: string;
beforeAll(async () => {
  bank = await startTestBank();
  token = await tppToken(bank);
});
afterAll(() => bank.stop());

describe('errors', () => {
  it('an unknown path is RESOURCE_UNKNOWN 404 with a Berlin Group body', async () => {
    const res = await call(bank, 'GET', '/frankfurt/berlingroup/v1/nothing-here');
    expectBgError(res, 404, 'RESOURCE_UNKNOWN');
    expect(res.body.tppMessages[0]).toMatchObject({ category: 'ERROR' });
    expect(res.body.tppMessages[0].text).toContain('/frankfurt/berlingroup/v1/nothing-here');
  });

  it('a body over the limit is FORMAT_ERROR 413, not a crash', async () => {
    const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: consentHeaders(token, 'FRA-CREATOR'),
      body: 'x'.repeat(9 * 1024 * 1024),
    });
    expectBgError(res, 413, 'FORMAT_ERROR');
  });

  it('an over-long header block is refused (431) before reaching the bank', async () => {
    const res = await fetch(`${bank.url}/frankfurt/berlingroup/v1/consents`, { method: 'POST', headers: { 'x-big': 'y'.repeat(20_000) } }).catch(() => null);
    expect(res === null || res.status === 431).toBe(true);
  });

  it('a repeated X-Request-ID header is FORMAT_ERROR', async () => {
    const headers = new Headers(consentHeaders(token, 'FRA-CREATOR'));
    headers.append('x-request-id', crypto.randomUUID());
    const res = await fetch(`${bank.url}/frankfurt/berlingroup/v1/consents`, { method: 'POST', headers, body: '{}' });
    // fetch joins repeated headers with ", ", which is no longer a UUID.
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).tppMessages[0].code).toBe('FORMAT_ERROR');
  });

  it('OAuth endpoints answer RFC 6749 bodies even for transport errors', async () => {
    const res = await call(bank, 'POST', '/frankfurt/oauth/v1/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(bank.client) },
      body: `grant_type=client_credentials&pad=${'a'.repeat(9 * 1024 * 1024)}`,
    });
    expect(res.body.error).toBe('invalid_request');
  });

  it('no input produces a 5xx: 600 random requests against every route', async () => {
    const random = seededRandom(20261122);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
    const paths = [
      '/frankfurt/berlingroup/v1/consents',
      '/london/berlingroup/v1/consents/%00/status',
      '/paris/berlingroup/v1/consents/x',
      '/frankfurt/oauth/v1/token',
      '/frankfurt/sandboxauth/v1/authorize?client_id=%ff&scope=',
      '/sca/%2e%2e',
      '/simulator/v1/sca/x',
      '/simulator/v1/clock',
      '/simulator/v1/exchanges?limit=-1',
      '/simulator/v1/tpps',
      '/nowhere/berlingroup/v1/consents',
      `/frankfurt/berlingroup/v1/consents/${'a'.repeat(300)}`,
      '/frankfurt/berlingroup/v1/accounts',
      '/frankfurt/berlingroup/v1/accounts/FRA-ACC-01/transactions?bookingStatus=both&dateFrom=2026-13-01',
      '/frankfurt/berlingroup/v1/accounts/%00/balances',
      '/paris/berlingroup/v1/accounts/FRA-ACC-01?withBalance=%ff',
      '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers',
      '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/x/status',
      '/frankfurt/berlingroup/v1/payments/nope/x/authorisations',
      '/frankfurt/berlingroup/v1/signing-baskets',
      '/frankfurt/berlingroup/v1/funds-confirmations',
      '/simulator/v1/payments/x/processing',
      '/simulator/v1/exchanges?resource=%00',
      '/simulator/v1/session',
      '/simulator/v1/mode',
    ];
    const bodies = [
      '',
      '{',
      'null',
      '[]',
      '{"access":{}}',
      '"x"',
      '\u0000\u0001',
      '{"action":"approve"}',
      '{"advance":"P99999999Y"}',
      '{"set":"9999-12-31T23:59:59Z"}',
      'grant_type=refresh_token&refresh_token=',
      '💥'.repeat(100),
    ];
    const contentTypes = ['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'application/xml', ''];
    const authorizations = [`Bearer ${token}`, 'Bearer', 'Basic Og==', basic(bank.client), 'Bearer !!!', ''];
    for (let i = 0; i < 600; i++) {
      const headers: Record<string, string> = { ...consentHeaders(token, pick(['FRA-CREATOR', '', 'x'.repeat(200), 'LON-CREATOR'])) };
      const ct = pick(contentTypes);
      if (ct) headers['content-type'] = ct;
      else delete headers['content-type'];
      headers.authorization = pick(authorizations);
      if (!headers.authorization) delete headers.authorization;
      if (random() < 0.3) delete headers['x-request-id'];
      if (random() < 0.2) headers['psu-device-id'] = 'nope';
      const method = pick(['GET', 'POST', 'DELETE', 'PUT', 'PATCH']);
      const path = pick(paths);
      const res = await fetch(`${bank.url}${path}`, { method, headers, body: method === 'GET' ? undefined : pick(bodies) });
      const text = await res.text();
      expect(res.status, `${method} ${path} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
      if (res.status >= 400 && !path.startsWith('/sca/')) {
        const body = JSON.parse(text);
        expect(body.tppMessages?.[0]?.code ?? body.error, `${method} ${path}: ${text}`).toBeTruthy();
      }
    }
  });

  it('the clock refuses a duration that would overflow', async () => {
    const res = await call(bank, 'POST', '/simulator/v1/clock', { headers: { 'content-type': 'application/json' }, body: '{"advance":"P99999999Y"}' });
    expectBgError(res, 400, 'FORMAT_ERROR');
  });
});
