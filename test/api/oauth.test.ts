import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveSca,
  authorize,
  basic,
  call,
  codeFrom,
  createConsent,
  exchangeCode,
  expectBgError,
  expectOAuthError,
  form,
  startTestBank,
  type TestBank,
} from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';
import { pkcePair } from '../../main/tpp/pkce';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const tokenRequest = (fields: Record<string, string>, authorization: string | null = basic(bank.client), institution = 'frankfurt') => {
  const f = form(fields);
  const headers: Record<string, string> = { ...f.headers };
  if (authorization !== null) headers.authorization = authorization;
  return call(bank, 'POST', `/${institution}/oauth/v1/token`, { headers, body: f.body });
};

async function validConsent(psuId = 'FRA-CREATOR'): Promise<string> {
  const consent = await createConsent(bank, 'frankfurt', psuId);
  await approveSca(bank, consent.journeyId);
  return consent.consentId;
}

describe('POST /token, client_credentials', () => {
  it('gives a TPP access token with HTTP Basic client authentication', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.access_token.length).toBeGreaterThan(30);
    expect(res.body.expires_in).toBe(3600);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('without client authentication is invalid_client 401 with WWW-Authenticate', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' }, null);
    expectOAuthError(res, 401, 'invalid_client');
    expect(res.headers['www-authenticate']).toMatch(/^Basic/);
  });

  it('with a wrong secret is invalid_client 401', async () => {
    expectOAuthError(
      await tokenRequest({ grant_type: 'client_credentials' }, basic({ clientId: bank.client.clientId, clientSecret: 'wrong' })),
      401,
      'invalid_client',
    );
  });

  it('with an unknown client is invalid_client 401', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'client_credentials' }, basic({ clientId: 'nobody', clientSecret: 'x' })), 401, 'invalid_client');
  });

  it('a wrong grant_type is unsupported_grant_type', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'password' }), 400, 'unsupported_grant_type');
  });

  it('a missing grant_type is invalid_request', async () => {
    expectOAuthError(await tokenRequest({}), 400, 'invalid_request');
  });

  it('a repeated parameter is invalid_request', async () => {
    const res = await call(bank, 'POST', '/frankfurt/oauth/v1/token', {
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(bank.client) },
      body: 'grant_type=client_credentials&grant_type=client_credentials',
    });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('a JSON body is invalid_request', async () => {
    const res = await call(bank, 'POST', '/frankfurt/oauth/v1/token', {
      headers: { 'content-type': 'application/json', authorization: basic(bank.client) },
      body: '{"grant_type":"client_credentials"}',
    });
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('the TPP token expires after its lifetime (TOKEN_INVALID 401)', async () => {
    const local = await (await import('../support/simulator')).startTestBank();
    try {
      const { tppToken, consentHeaders, recurringConsentBody } = await import('../support/simulator');
      const t = await tppToken(local);
      await local.control.advanceClock('PT61M');
      const res = await call(local, 'POST', '/frankfurt/berlingroup/v1/consents', { headers: consentHeaders(t, 'FRA-CREATOR'), body: recurringConsentBody() });
      expectBgError(res, 401, 'TOKEN_INVALID');
      expect(res.body.tppMessages[0].text).toContain('expired');
    } finally {
      await local.stop();
    }
  });
});

describe('GET /sandboxauth/v1/authorize', () => {
  it('answers 200 with a Location carrying code, state and code_challenge', async () => {
    const consentId = await validConsent();
    const { challenge } = pkcePair();
    const res = await authorize(bank, 'frankfurt', consentId, challenge);
    expect(res.status).toBe(200);
    const location = new URL(res.headers['location'] as string);
    expect(`${location.origin}${location.pathname}`).toBe(bank.client.redirectUri);
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('code_challenge')).toBe(challenge);
    expect(location.searchParams.get('code')?.length).toBeGreaterThan(30);
  });

  it('takes only a redirect_uri the client registered, matched exactly (RFC 6749 3.1.2.3), and keeps its query parameters', async () => {
    const registered = ['https://app.tpp.example/cb', 'https://app.tpp.example/cb?session=9'];
    const client = (await bank.tpp.registerClient('frankfurt', { redirect_uris: registered, client_name: 'Two callbacks' })).body as { client_id: string };
    for (const redirectUri of registered) {
      const res = await authorize(bank, 'frankfurt', await validConsent(), pkcePair().challenge, { client_id: client.client_id, redirect_uri: redirectUri });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['location']).toMatch(new RegExp(`^${redirectUri.replace(/[.?]/g, '\\$&')}[?&]code=`));
    }
    const withSession = await authorize(bank, 'frankfurt', await validConsent(), pkcePair().challenge, {
      client_id: client.client_id,
      redirect_uri: registered[1] as string,
    });
    expect(new URL(withSession.headers['location'] as string).searchParams.get('session')).toBe('9');
    // Near misses and another site: refused with the client's URIs named, and no Location to follow.
    for (const redirectUri of [
      'https://attacker.example/steal',
      'https://app.tpp.example/cb/',
      'https://app.tpp.example/CB',
      'https://app.tpp.example/cb?session=10',
      'http://app.tpp.example/cb',
      bank.client.redirectUri,
    ]) {
      const res = await authorize(bank, 'frankfurt', await validConsent(), pkcePair().challenge, { client_id: client.client_id, redirect_uri: redirectUri });
      expectOAuthError(res, 400, 'invalid_request');
      expect(res.headers['location'], redirectUri).toBeUndefined();
      expect(JSON.stringify(res.body)).toContain('https://app.tpp.example/cb?session=9');
    }
    // A PSU's browser (Accept: text/html) is shown the refusal on the bank's page, with no Location to follow.
    const consentId = await validConsent();
    const query = new URLSearchParams({
      client_id: client.client_id,
      response_type: 'code',
      scope: consentId,
      state: 's',
      redirect_uri: 'https://attacker.example/steal',
      code_challenge: pkcePair().challenge,
    });
    const page = await fetch(`${bank.url}/frankfurt/sandboxauth/v1/authorize?${query.toString()}`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
      redirect: 'manual',
    });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<h1>The bank cannot continue</h1>');
    expect(html).toContain(`redirect_uri is not registered for client ${client.client_id}`);
    expect(html).not.toContain('attacker.example/steal?code');
    // The demo client too: only its own redirect URI.
    expectOAuthError(
      await authorize(bank, 'frankfurt', await validConsent(), pkcePair().challenge, { redirect_uri: 'https://attacker.example/steal' }),
      400,
      'invalid_request',
    );
  });

  const cases: [string, Record<string, string | null>, number, string][] = [
    ['missing code_challenge', { code_challenge: null }, 400, 'invalid_request'],
    ['malformed code_challenge', { code_challenge: 'short' }, 400, 'invalid_request'],
    ['code_challenge_method plain', { code_challenge_method: 'plain' }, 400, 'invalid_request'],
    ['response_type token', { response_type: 'token' }, 400, 'unsupported_response_type'],
    ['missing response_type', { response_type: null }, 400, 'invalid_request'],
    ['wrong client_id', { client_id: 'someone-else' }, 401, 'invalid_client'],
    ['invalid redirect_uri format', { redirect_uri: 'not a uri' }, 400, 'invalid_request'],
    ['missing state', { state: null }, 400, 'invalid_request'],
    ['missing scope', { scope: null }, 400, 'invalid_request'],
    ['unknown consent in scope', { scope: 'no-such-consent' }, 400, 'invalid_scope'],
  ];
  for (const [name, overrides, status, error] of cases) {
    it(`${name} is ${error}`, async () => {
      const consentId = await validConsent();
      expectOAuthError(await authorize(bank, 'frankfurt', consentId, pkcePair().challenge, overrides), status, error);
    });
  }

  it('a consent whose SCA is not complete is access_denied', async () => {
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    expectOAuthError(await authorize(bank, 'frankfurt', consent.consentId, pkcePair().challenge), 403, 'access_denied');
  });

  it('a consent of another institution is invalid_scope', async () => {
    const consentId = await validConsent();
    expectOAuthError(await authorize(bank, 'paris', consentId, pkcePair().challenge), 400, 'invalid_scope');
  });
});

describe('POST /token, authorization_code with PKCE', () => {
  async function code(): Promise<{ code: string; verifier: string; consentId: string }> {
    const consentId = await validConsent();
    const { verifier, challenge } = pkcePair();
    return { code: codeFrom(await authorize(bank, 'frankfurt', consentId, challenge)), verifier, consentId };
  }

  it('gives PSU access (10 min) and refresh tokens bound to the consent', async () => {
    const c = await code();
    const res = await exchangeCode(bank, 'frankfurt', c.code, c.verifier);
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(600);
    expect(res.body.refresh_token_expires_in).toBe(21 * 60);
    expect(res.body.scope).toBe(c.consentId);
    const read = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${res.body.access_token}` },
    });
    expect(read.status).toBe(200);
  });

  it('a wrong code_verifier is invalid_grant', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, pkcePair().verifier), 400, 'invalid_grant');
  });

  it('a code_verifier shorter than 43 characters is invalid_request', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, 'a'.repeat(42)), 400, 'invalid_request');
  });

  it('a code_verifier longer than 128 characters is invalid_request', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, 'a'.repeat(129)), 400, 'invalid_request');
  });

  it('a code_verifier outside the unreserved set is invalid_request', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, `${'a'.repeat(50)}+/=`), 400, 'invalid_request');
  });

  it('a reused code is invalid_grant and revokes the tokens it gave', async () => {
    const c = await code();
    const first = await exchangeCode(bank, 'frankfurt', c.code, c.verifier);
    expect(first.status).toBe(200);
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, c.verifier), 400, 'invalid_grant');
    const read = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${first.body.access_token}` },
    });
    expectBgError(read, 401, 'TOKEN_INVALID');
  });

  it('an expired code (older than 2 minutes) is invalid_grant', async () => {
    const c = await code();
    await bank.control.advanceClock('PT2M1S');
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, c.verifier), 400, 'invalid_grant');
  });

  it('a code is still good just before 2 minutes', async () => {
    const c = await code();
    await bank.control.advanceClock('PT1M50S');
    expect((await exchangeCode(bank, 'frankfurt', c.code, c.verifier)).status).toBe(200);
  });

  it('a redirect_uri different from the authorisation request is invalid_grant', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, c.verifier, { redirect_uri: 'https://evil.example/cb' }), 400, 'invalid_grant');
  });

  it('a client_id other than the authenticated client is invalid_client 401', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, c.verifier, { client_id: 'someone-else' }), 401, 'invalid_client');
  });

  for (const missing of ['code', 'redirect_uri', 'client_id', 'code_verifier']) {
    it(`a missing ${missing} is invalid_request`, async () => {
      const c = await code();
      expectOAuthError(await exchangeCode(bank, 'frankfurt', c.code, c.verifier, { [missing]: null }), 400, 'invalid_request');
    });
  }

  it('a code used at another institution is invalid_grant', async () => {
    const c = await code();
    expectOAuthError(await exchangeCode(bank, 'paris', c.code, c.verifier), 400, 'invalid_grant');
  });

  it('an unknown code is invalid_grant', async () => {
    expectOAuthError(await exchangeCode(bank, 'frankfurt', 'no-such-code', pkcePair().verifier), 400, 'invalid_grant');
  });
});

describe('PSU token lifetimes and refresh', () => {
  it('a PSU access token expires after 10 minutes (TOKEN_INVALID 401)', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const path = `/frankfurt/berlingroup/v1/consents/${psu.consentId}`;
    await bank.control.advanceClock('PT9M50S');
    expect((await call(bank, 'GET', path, { headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` } })).status).toBe(200);
    await bank.control.advanceClock('PT11S');
    expectBgError(
      await call(bank, 'GET', path, { headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` } }),
      401,
      'TOKEN_INVALID',
    );
  });

  it('refresh_token gives a new pair; the old refresh token cannot be used again', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const first = await tokenRequest({ grant_type: 'refresh_token', refresh_token: psu.refreshToken as string });
    expect(first.status).toBe(200);
    expect(first.body.access_token).not.toBe(psu.accessToken);
    expect(first.body.refresh_token).not.toBe(psu.refreshToken);
    const read = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${first.body.access_token}` },
    });
    expect(read.status).toBe(200);
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: psu.refreshToken as string }), 400, 'invalid_grant');
  });

  it('refresh tokens live at most 21 minutes from the first access token, however often refreshed', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    let refresh = psu.refreshToken as string;
    for (const step of ['PT9M', 'PT9M']) {
      await bank.control.advanceClock(step);
      const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh });
      expect(res.status).toBe(200);
      refresh = res.body.refresh_token;
    }
    // 18 minutes in: the access token given now ends with the window, at 21 minutes.
    const last = await tokenRequest({ grant_type: 'refresh_token', refresh_token: refresh });
    expect(last.body.expires_in).toBeLessThanOrEqual(3 * 60);
    expect(last.body.refresh_token_expires_in).toBeLessThanOrEqual(3 * 60);
    await bank.control.advanceClock('PT3M1S');
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: last.body.refresh_token }), 400, 'invalid_grant');
  });

  it('a refresh token cannot be used as an access token', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.refreshToken}` },
    });
    expectBgError(res, 401, 'TOKEN_INVALID');
  });

  it('a refresh for a terminated consent is invalid_grant', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    await call(bank, 'DELETE', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token', refresh_token: psu.refreshToken as string }), 400, 'invalid_grant');
  });

  it('a missing refresh_token is invalid_request', async () => {
    expectOAuthError(await tokenRequest({ grant_type: 'refresh_token' }), 400, 'invalid_request');
  });
});
