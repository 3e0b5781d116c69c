// The built-in TPP's pure parts: request building, PKCE and the signer with each deliberate fault.
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeDigest, EMPTY_BODY_DIGEST } from '../../main/domain/signing/digest';
import type { SigningKey } from '../../main/domain/signing/sign';
import { pkcePair } from '../../main/tpp/pkce';
import { redirectWithState } from '../../main/tpp/redirect';
import { consentBody, consentStatus, createConsent, dateAfter, deleteConsent, getConsent, openScaLink } from '../../main/tpp/requests/consents';
import { accountBalances, accountDetails, accountTransactions, listAccounts } from '../../main/tpp/requests/accounts';
import { registerClient } from '../../main/tpp/requests/registration';
import { authorizationCodeToken, authorize, clientCredentialsToken, refreshToken } from '../../main/tpp/requests/oauth';
import { signatureUtility } from '../../main/tpp/requests/signature-utilities';
import { BANK_OPERATION_NAMES, BANK_OPERATIONS, isRequestOf, type BankOperation } from '../../main/domain/operations/registry';
import type { PreparedRequest } from '../../main/tpp/types';
import { cancelPayment, createPayment, getAuthorisation, getPayment, paymentStatus, startAuthorisation } from '../../main/tpp/requests/payments';
import { confirmFunds, createBasket, getBasket } from '../../main/tpp/requests/baskets-and-funds';
import type { PsuAccess } from '../../main/tpp/requests/request';
import { needsRefresh, withTokens } from '../../main/tpp/session';
import { profileNames, signPrepared } from '../../main/tpp/sign';

const key = (keyId: string): SigningKey => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // The signer only strips the certificate's armour; its content does not matter for these checks.
  return {
    keyId,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificatePem: `-----BEGIN CERTIFICATE-----\n${Buffer.from(keyId).toString('base64')}\n-----END CERTIFICATE-----\n`,
  };
};
const own = key('SN=1,CA=CN=Own');
const other = key('SN=2,CA=CN=Other');
const access: PsuAccess = { institution: 'frankfurt', psuId: 'FRA-CREATOR', consentId: 'c-1', accessToken: 'at-1' };
const psu = { ipAddress: '192.0.2.10', deviceId: '5b3c4a2e-7f1d-4d8e-9a6b-2c1f0e9d8c7b' };
const client = { clientId: 'demo tpp', clientSecret: 's&cret', redirectUri: 'https://tpp.example/callback' };
const xml = '<Document>Müller €</Document>\n';

const signatureParam = (signature: string, name: string): string => new RegExp(`${name}="([^"]*)"`).exec(signature)?.[1] ?? '';
const verifies = (signingString: string, signature: string, k: SigningKey): boolean =>
  verify('sha256', Buffer.from(signingString, 'utf8'), createPublicKey(k.privateKeyPem), Buffer.from(signatureParam(signature, 'signature'), 'base64'));

describe('PKCE', () => {
  it('S256 of RFC 7636 appendix B', () => {
    expect(pkcePair('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toEqual({
      verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    });
  });
  it('a fresh verifier is 43 unreserved characters and differs each time', () => {
    const a = pkcePair();
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pkcePair().verifier).not.toBe(a.verifier);
  });
});

/** One request of each operation of the registry as the built-in TPP builds it: an operation without its builder here does not compile. */
const BUILT: Record<BankOperation, () => PreparedRequest> = {
  'token-client-credentials': () => clientCredentialsToken(client, 'frankfurt'),
  'token-authorization-code': () => authorizationCodeToken(client, 'frankfurt', 'code', 'verifier'),
  'token-refresh': () => refreshToken(client, 'frankfurt', 'rt'),
  authorize: () => authorize(client, 'frankfurt', 'c-1', 'challenge', 'st'),
  'client-registration': () => registerClient('frankfurt', { redirect_uris: ['https://tpp.example/cb'] }),
  'consent-create': () =>
    createConsent({ institution: 'frankfurt', tppToken: 't', psuId: 'FRA-CREATOR', tppRedirectUri: 'https://tpp.example/cb', psu, body: '{}' }),
  'consent-get': () => getConsent(access),
  'consent-status': () => consentStatus('frankfurt', 't', 'c-1'),
  'consent-delete': () => deleteConsent(access),
  'sca-open': () => openScaLink('/sca/j-1'),
  'accounts-list': () => listAccounts(access),
  'account-details': () => accountDetails(access, 'a'),
  'account-balances': () => accountBalances(access, 'a'),
  'account-transactions': () => accountTransactions(access, 'a'),
  'payment-create': () => createPayment(access, 'p', xml, psu),
  'payment-get': () => getPayment(access, 'p', 'id'),
  'payment-status': () => paymentStatus(access, 'p', 'id'),
  'payment-cancel': () => cancelPayment(access, 'p', 'id'),
  'authorisation-start': () => startAuthorisation(access, 'p', 'id', psu, 'https://tpp.example/cb'),
  'authorisation-get': () => getAuthorisation(access, 'p', 'id', 'a'),
  'basket-create': () => createBasket(access, ['a'], psu, 'https://tpp.example/cb'),
  'basket-get': () => getBasket(access, 'b'),
  'funds-confirmation': () => confirmFunds(access, { iban: 'DE1', amount: '1.00', currency: 'EUR' }),
  'signature-create': () => signatureUtility('create', 'frankfurt', {}, '{}'),
  'signature-validate': () => signatureUtility('validate', 'frankfurt', {}, '{}'),
};

describe('request building', () => {
  it('token requests: Basic with form-encoded credentials, form bodies per grant', () => {
    const cc = clientCredentialsToken(client, 'paris');
    expect(cc).toMatchObject({ method: 'POST', path: '/paris/oauth/v1/token', body: 'grant_type=client_credentials', signedOperation: null });
    expect(Buffer.from((cc.headers.authorization ?? '').replace('Basic ', ''), 'base64').toString()).toBe('demo%20tpp:s%26cret');
    expect(new URLSearchParams(refreshToken(client, 'paris', 'rt').body as string).get('refresh_token')).toBe('rt');
  });
  it('authorize carries the consent as scope and the S256 challenge, never the verifier', () => {
    const { verifier, challenge } = pkcePair();
    const query = new URL(authorize(client, 'london', 'c-9', challenge, 'st').path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      client_id: 'demo tpp',
      response_type: 'code',
      scope: 'c-9',
      state: 'st',
      redirect_uri: client.redirectUri,
      code_challenge: challenge,
    });
    expect(query.toString()).not.toContain(verifier);
  });
  it("a consent: the spec's headers, access empty, combined service indicator true", () => {
    const body = consentBody({ recurringIndicator: true, validUntil: dateAfter('2026-11-22T23:30:00Z', 90), frequencyPerDay: 4 });
    const req = createConsent({
      institution: 'frankfurt',
      tppToken: 'tt',
      psuId: 'FRA-CREATOR',
      tppRedirectUri: 'https://tpp.example/callback?state=1',
      psu,
      body,
    });
    expect(Object.keys(req.headers)).toEqual([
      'x-request-id',
      'authorization',
      'psu-id',
      'tpp-redirect-uri',
      'psu-ip-address',
      'psu-device-id',
      'content-type',
    ]);
    expect(JSON.parse(body)).toEqual({ access: {}, recurringIndicator: true, validUntil: '2027-02-20', frequencyPerDay: 4, combinedServiceIndicator: true });
  });
  it('each request gets its own X-Request-ID', () => {
    expect(paymentStatus(access, 'p', 'x').headers['x-request-id']).not.toBe(paymentStatus(access, 'p', 'x').headers['x-request-id']);
  });
  it("the SCA link is opened where it points (the PSU pages' origin under --tls), by the PSU's browser", () => {
    expect(openScaLink('https://127.0.0.1:4700/sca/j-1?x=1')).toMatchObject({
      method: 'GET',
      path: '/sca/j-1?x=1',
      institution: null,
      browserOrigin: 'https://127.0.0.1:4700',
    });
    expect(openScaLink('/sca/j-1').browserOrigin).toBeUndefined();
  });
  it('TPP-Redirect-URI gets a state, keeping the rest of the URI', () => {
    expect(redirectWithState('https://tpp.example/cb?a=1', 'st')).toBe('https://tpp.example/cb?a=1&state=st');
  });
  it('signed operations are recognised from method and path, as the bank does', () => {
    expect(createPayment(access, 'pain.001-sepa-credit-transfers', xml, psu).signedOperation).toBe('payment-initiation');
    expect(startAuthorisation(access, 'p', 'id', psu, 'https://tpp.example/cb').signedOperation).toBe('start-authorisation');
    expect(cancelPayment(access, 'p', 'id').signedOperation).toBe('payment-cancellation');
    expect(createBasket(access, ['a'], psu, 'https://tpp.example/cb').signedOperation).toBe('signing-basket');
    expect(confirmFunds(access, { iban: 'DE1', amount: '1.00', currency: 'EUR' }).signedOperation).toBe('funds-confirmation');
    expect(registerClient('frankfurt', { redirect_uris: ['https://tpp.example/cb'] }).signedOperation).toBe('registration');
    expect(paymentStatus(access, 'p', 'id').signedOperation).toBeNull();
  });

  it.each(BANK_OPERATION_NAMES)('%s is built as its registry row says: method, path and signing profile', (operation) => {
    const request = BUILT[operation]();
    expect(request.operation).toBe(operation);
    expect(isRequestOf(operation, request.method, request.path), `${request.method} ${request.path}`).toBe(true);
    expect(request.signedOperation).toBe(BANK_OPERATIONS[operation].profile);
  });

  it('every Berlin Group request the TPP builds carries an X-Request-ID, reads included', () => {
    const berlinGroup = BANK_OPERATION_NAMES.filter((operation) => BANK_OPERATIONS[operation].path.includes('/berlingroup/v1/'));
    expect(berlinGroup.length).toBeGreaterThan(15);
    for (const operation of berlinGroup) {
      const request = BUILT[operation]();
      expect(request.path).toMatch(/^\/frankfurt\/berlingroup\/v1\//);
      expect(request.headers['x-request-id'], `${request.method} ${request.path}`).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('signing by the profile table', () => {
  it("signs exactly the profile's headers: required ones, then those present", () => {
    expect(profileNames('payment-initiation', { 'psu-id': 'x' })).toEqual(['digest', 'x-request-id', 'psu-id']);
    expect(profileNames('payment-initiation', { 'TPP-Redirect-URI': 'x' })).toEqual(['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    expect(profileNames('payment-cancellation', { 'psu-id': 'x' })).toEqual(['digest', 'x-request-id', 'psu-id']);
    expect(profileNames('start-authorisation', {})).toEqual(['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id']);
  });
  it('a correct signature: Digest of the exact bytes, the signing string of the named lines, RSA-SHA256 that verifies', () => {
    const signed = signPrepared(createPayment(access, 'pain.001-sepa-credit-transfers', xml, psu), { own });
    expect(signed.headers.digest).toBe(computeDigest(Buffer.from(xml)));
    expect(signed.signedHeaders).toEqual(['digest', 'x-request-id', 'psu-id']);
    expect(signed.signingString).toBe(`digest: ${signed.headers.digest}\nx-request-id: ${signed.headers['x-request-id']}\npsu-id: FRA-CREATOR`);
    expect(signatureParam(signed.headers.signature ?? '', 'keyId')).toBe(own.keyId);
    expect(verifies(signed.signingString ?? '', signed.headers.signature ?? '', own)).toBe(true);
    expect(signed.body).toBe(xml);
  });
  it('a request with no body hashes zero bytes (rule 7)', () => {
    expect(signPrepared(cancelPayment(access, 'p', 'id'), { own }).headers.digest).toBe(EMPTY_BODY_DIGEST);
  });
  it('an edited request signed again covers the new values and keeps one set of signature headers', () => {
    const first = signPrepared(createPayment(access, 'p', xml, psu), { own });
    const edited = { ...first, headers: { ...first.headers, 'psu-id': 'FRA-APPROVER-A', 'TPP-Redirect-URI': 'https://tpp.example/cb' } };
    const again = signPrepared(edited, { own });
    expect(again.signingString).toContain('psu-id: FRA-APPROVER-A');
    expect(again.signedHeaders).toEqual(['digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri']);
    expect(Object.keys(again.headers).filter((n) => n.toLowerCase() === 'signature')).toHaveLength(1);
    expect(verifies(again.signingString ?? '', again.headers.signature ?? '', own)).toBe(true);
  });
});

describe('deliberate faults', () => {
  const request = () => createPayment(access, 'pain.001-sepa-credit-transfers', xml, psu, 'https://tpp.example/cb');

  it('bodyChangedAfterDigest: the Digest is of the bytes before the change', () => {
    const signed = signPrepared(request(), { own }, { faults: { bodyChangedAfterDigest: true } });
    expect(signed.headers.digest).toBe(computeDigest(Buffer.from(xml)));
    expect(signed.body).not.toBe(xml);
    expect(computeDigest(Buffer.from(signed.body as string))).not.toBe(signed.headers.digest);
    expect(signed.faults).toEqual({ bodyChangedAfterDigest: true });
  });
  it('headerLeftOut: the header stays in the request but not in the signature', () => {
    const signed = signPrepared(request(), { own }, { faults: { headerLeftOut: 'TPP-Redirect-URI' } });
    expect(signed.headers['tpp-redirect-uri']).toBe('https://tpp.example/cb');
    expect(signed.signedHeaders).toEqual(['digest', 'x-request-id', 'psu-id']);
    expect(signatureParam(signed.headers.signature ?? '', 'headers')).toBe('digest x-request-id psu-id');
    expect(signed.signingString).not.toContain('tpp-redirect-uri');
    expect(() => signPrepared(request(), { own }, { faults: { headerLeftOut: 'consent-idx' } })).toThrow(/no consent-idx header/);
  });
  it('signRequestTarget: (request-target) is the first line, lower-case method and the path', () => {
    const signed = signPrepared(request(), { own }, { faults: { signRequestTarget: true } });
    expect(signed.signedHeaders?.[0]).toBe('(request-target)');
    expect(signed.signingString?.split('\n')[0]).toBe('(request-target): post /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers');
    expect(verifies(signed.signingString ?? '', signed.headers.signature ?? '', own)).toBe(true);
  });
  it('otherTppCertificate: key, keyId and certificate of the other TPP', () => {
    const signed = signPrepared(request(), { own, other }, { faults: { otherTppCertificate: true } });
    expect(signatureParam(signed.headers.signature ?? '', 'keyId')).toBe(other.keyId);
    expect(signed.headers['tpp-signature-certificate']).toBe(Buffer.from(other.keyId).toString('base64'));
    expect(verifies(signed.signingString ?? '', signed.headers.signature ?? '', other)).toBe(true);
    expect(() => signPrepared(request(), { own }, { faults: { otherTppCertificate: true } })).toThrow(/another TPP/);
  });
  it('names may be given for the signature utilities; unsigned operations need them', () => {
    expect(signPrepared(paymentStatus(access, 'p', 'id'), { own }, { names: ['digest', 'x-request-id'] }).signedHeaders).toEqual(['digest', 'x-request-id']);
    expect(() => signPrepared(paymentStatus(access, 'p', 'id'), { own })).toThrow(/not a signed operation/);
  });
});

describe('PSU session tokens', () => {
  const issued = new Date('2026-11-22T10:00:00Z');
  const session = withTokens(access, { access_token: 'a', expires_in: 600, refresh_token: 'r', refresh_token_expires_in: 1260 }, issued);
  const at = (minutes: number): Date => new Date(issued.getTime() + minutes * 60_000);
  it('refreshes only once the access token is over and while the refresh token lives', () => {
    expect(session.accessExpiresAt.toISOString()).toBe('2026-11-22T10:10:00.000Z');
    expect(needsRefresh(session, at(9))).toBe(false);
    expect(needsRefresh(session, at(10))).toBe(true);
    expect(needsRefresh(session, at(21))).toBe(false);
    expect(needsRefresh({ ...session, refreshToken: null }, at(11))).toBe(false);
  });
});
