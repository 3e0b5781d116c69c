import { bearerToken } from '../../domain/headers/bearer';
import { timingSafeEqual } from 'node:crypto';
import { consentStatusAt } from '../../domain/consent/lifecycle';
import type { InstitutionId } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import { isAbsoluteHttpUri } from '../../domain/headers/formats';
import { AUTHORISATION_CODE_TTL_MS, psuAccessExpiry, refreshDeadline, TPP_ACCESS_TOKEN_TTL_MS } from '../../domain/oauth/lifetimes';
import { isS256Challenge, s256, verifierProblem } from '../../domain/oauth/pkce';
import type { TokenGrant, TokenKind } from '../../domain/oauth/tokens';
import type { OAuthClientRow } from '../../store/repositories/oauth';
import type { BankContext } from '../context';
import type { ConsentService } from '../consents/consents';
import type { RateLimits } from '../tpps/rate-limits';
import { newId, newSecret, sha256Hex } from '../ids';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

/** Form or query parameters as received: a name sent twice is refused (RFC 6749 section 3.1, 3.2). */
export type OAuthParams = ReadonlyMap<string, string[]>;

const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));

export class OAuthService {
  constructor(
    private readonly ctx: BankContext,
    private readonly consents: ConsentService,
    private readonly rateLimits: RateLimits,
  ) {}

  /** POST /token: HTTP Basic client authentication, then the grant. */
  /** `connectionTppId`: under mutual TLS, the QWAC's TPP, which must be the client's. */
  token(authorization: string | undefined, params: OAuthParams, institution: InstitutionId, connectionTppId: string | null = null): TokenResponse {
    const client = this.authenticateClient(authorization, params);
    // RFC 6749 section 3.2.1: a client_id beside HTTP Basic must name the same client, whatever the grant.
    const formClientId = single(params, 'client_id');
    if (formClientId !== undefined && formClientId !== client.clientId) {
      throw BankError.oauth('invalid_client', `client_id ${formClientId} in the form is not the client ${client.clientId} authenticated by HTTP Basic`);
    }
    if (connectionTppId !== null && client.tppId !== connectionTppId) {
      throw BankError.oauth('invalid_client', `client ${client.clientId} belongs to TPP ${client.tppId}; this connection's QWAC is TPP ${connectionTppId}`);
    }
    // The token endpoint counts against the TPP of the client (spec "Errors": per-TPP limit).
    this.rateLimits.admit(client.tppId);
    const grantType = single(params, 'grant_type');
    if (grantType === undefined) throw BankError.oauth('invalid_request', 'grant_type is missing');
    switch (grantType) {
      case 'client_credentials':
        return this.clientCredentials(client, institution);
      case 'authorization_code':
        return this.authorizationCode(client, params, institution);
      case 'refresh_token':
        return this.refresh(client, params, institution);
      default:
        throw BankError.oauth(
          'unsupported_grant_type',
          `grant_type ${grantType} is not supported; use client_credentials, authorization_code or refresh_token`,
        );
    }
  }

  /** GET /authorize (sandbox: no credentials, no SCA): returns the Location the bank answers with. */
  authorize(params: OAuthParams, institution: InstitutionId): string {
    const now = this.ctx.clock.now();
    const clientId = required(params, 'client_id');
    const client = this.ctx.repos.oauth.findClient(clientId);
    if (!client) throw BankError.oauth('invalid_client', `client_id ${clientId} is not a registered TPP application`);
    const redirectUri = required(params, 'redirect_uri');
    if (!isAbsoluteHttpUri(redirectUri)) throw BankError.oauth('invalid_request', 'redirect_uri must be an absolute http(s) URI without fragment');
    // Exact string match (RFC 6749 3.1.2.3): a code is never sent where the client did not register.
    if (!client.redirectUris.includes(redirectUri)) {
      throw BankError.oauth(
        'invalid_request',
        `redirect_uri is not registered for client ${clientId}; it must equal one of its redirect_uris exactly (${client.redirectUris.join(', ')})`,
      );
    }
    const responseType = required(params, 'response_type');
    if (responseType !== 'code') throw BankError.oauth('unsupported_response_type', `response_type must be code, got ${responseType}`);
    const state = required(params, 'state');
    const challenge = single(params, 'code_challenge');
    if (challenge === undefined || challenge === '') throw BankError.oauth('invalid_request', 'code_challenge is missing: PKCE with S256 is required');
    if (!isS256Challenge(challenge)) throw BankError.oauth('invalid_request', 'code_challenge must be the 43-character base64url SHA-256 of the code_verifier');
    const method = single(params, 'code_challenge_method');
    if (method !== undefined && method !== 'S256') throw BankError.oauth('invalid_request', 'code_challenge_method is fixed at S256');
    const consentId = required(params, 'scope');

    let consent;
    try {
      consent = this.consents.accessible(consentId, institution, client.tppId);
    } catch {
      throw BankError.oauth('invalid_scope', `scope must carry a Consent ID of this TPP at ${institution}; ${consentId} is not one`);
    }
    const status = consentStatusAt(consent, now);
    if (status !== 'valid') throw BankError.oauth('access_denied', `consent ${consentId} is ${status}; the PSU must complete SCA first`);

    const code = newSecret();
    this.ctx.repos.oauth.insertCode({
      codeSha256: sha256Hex(code),
      clientId: client.clientId,
      institution,
      consentId,
      redirectUri,
      codeChallenge: challenge,
      familyId: newId(),
      expiresAt: new Date(now.getTime() + AUTHORISATION_CODE_TTL_MS),
      usedAt: null,
    });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('state', state);
    location.searchParams.set('code_challenge', challenge);
    return location.toString();
  }

  /** Resolves a bearer token for an operation that needs a TPP token or a PSU token. */
  bearer(authorization: string | undefined, institution: InstitutionId, expected: 'tpp' | 'psu'): TokenGrant {
    const now = this.ctx.clock.now();
    const given = bearerToken(authorization);
    if (given === undefined) throw BankError.of('TOKEN_INVALID', 'Authorization: Bearer <access token> is missing or malformed');
    const token = this.ctx.repos.oauth.findToken(sha256Hex(given));
    if (!token || token.kind === 'psu-refresh') throw BankError.of('TOKEN_INVALID', 'the access token is not known to the bank');
    if (token.revoked) throw BankError.of('TOKEN_INVALID', 'the access token has been revoked');
    if (now >= token.expiresAt) throw BankError.of('TOKEN_INVALID', `the access token expired at ${token.expiresAt.toISOString()}`);
    if (token.institution !== institution) {
      throw BankError.of('TOKEN_INVALID', `the access token was issued by institution ${token.institution}, not ${institution}`);
    }
    if (expected === 'tpp' && token.kind !== 'tpp') {
      throw BankError.of('TOKEN_INVALID', 'this operation needs a TPP access token (client_credentials grant), not a PSU access token');
    }
    if (expected === 'psu' && token.kind !== 'psu-access') {
      throw BankError.of('TOKEN_INVALID', 'this operation needs a PSU access token (authorization_code grant), not a TPP access token');
    }
    return token;
  }

  private authenticateClient(authorization: string | undefined, params: OAuthParams): OAuthClientRow {
    if (authorization === undefined) {
      const hint = params.has('client_secret') ? ' (client_secret in the form is not accepted)' : '';
      throw BankError.oauth('invalid_client', `HTTP Basic client authentication is required${hint}`);
    }
    const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(authorization.trim());
    const decoded = match?.[1] ? Buffer.from(match[1], 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    if (colon < 0) throw BankError.oauth('invalid_client', 'the Authorization header is not HTTP Basic base64(client_id:client_secret)');
    let clientId: string;
    let secret: string;
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
    } catch {
      throw BankError.oauth('invalid_client', 'the client credentials are not valid form-urlencoded text');
    }
    const client = this.ctx.repos.oauth.findClient(clientId);
    const given = Buffer.from(sha256Hex(secret), 'hex');
    if (!client || !timingSafeEqual(given, Buffer.from(client.clientSecretSha256, 'hex'))) {
      throw BankError.oauth('invalid_client', 'unknown client or wrong client secret');
    }
    return client;
  }

  private clientCredentials(client: OAuthClientRow, institution: InstitutionId): TokenResponse {
    const now = this.ctx.clock.now();
    const accessToken = this.issue('tpp', client, institution, null, newId(), now, new Date(now.getTime() + TPP_ACCESS_TOKEN_TTL_MS), now);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: seconds(TPP_ACCESS_TOKEN_TTL_MS) };
  }

  private authorizationCode(client: OAuthClientRow, params: OAuthParams, institution: InstitutionId): TokenResponse {
    const now = this.ctx.clock.now();
    const code = required(params, 'code');
    const redirectUri = required(params, 'redirect_uri');
    required(params, 'client_id');
    const verifier = required(params, 'code_verifier');
    const problem = verifierProblem(verifier);
    if (problem) throw BankError.oauth('invalid_request', problem);

    return this.committingRevocations((): TokenResponse | BankError => {
      const stored = this.ctx.repos.oauth.findCode(sha256Hex(code));
      if (!stored || stored.institution !== institution) throw BankError.oauth('invalid_grant', 'the authorisation code is not known at this institution');
      if (stored.clientId !== client.clientId) throw BankError.oauth('invalid_grant', 'the authorisation code was issued to another client');
      if (stored.usedAt) {
        // RFC 6749 section 4.1.2: a replayed code revokes what it gave.
        this.ctx.repos.oauth.revokeFamily(stored.familyId, now);
        return BankError.oauth('invalid_grant', 'the authorisation code has already been used; tokens issued from it are revoked');
      }
      if (now >= stored.expiresAt)
        throw BankError.oauth('invalid_grant', `the authorisation code expired at ${stored.expiresAt.toISOString()} (codes live 2 minutes)`);
      if (redirectUri !== stored.redirectUri) throw BankError.oauth('invalid_grant', 'redirect_uri differs from the one sent to the authorisation endpoint');
      if (s256(verifier) !== stored.codeChallenge)
        throw BankError.oauth('invalid_grant', 'code_verifier does not match code_challenge: BASE64URL(SHA256(code_verifier)) differs');
      this.requireValidConsent(stored.consentId, institution, client, now);
      this.ctx.repos.oauth.useCode(stored.codeSha256, now);
      return this.psuPair(client, institution, stored.consentId, stored.familyId, now, now);
    });
  }

  private refresh(client: OAuthClientRow, params: OAuthParams, institution: InstitutionId): TokenResponse {
    const now = this.ctx.clock.now();
    const refreshToken = required(params, 'refresh_token');
    return this.committingRevocations((): TokenResponse | BankError => {
      const stored = this.ctx.repos.oauth.findToken(sha256Hex(refreshToken));
      if (!stored || stored.kind !== 'psu-refresh' || stored.institution !== institution) {
        throw BankError.oauth('invalid_grant', 'the refresh token is not known at this institution');
      }
      if (stored.clientId !== client.clientId) throw BankError.oauth('invalid_grant', 'the refresh token was issued to another client');
      if (stored.revoked) throw BankError.oauth('invalid_grant', 'the refresh token has been revoked');
      if (stored.usedAt) {
        this.ctx.repos.oauth.revokeFamily(stored.familyId, now);
        return BankError.oauth('invalid_grant', 'the refresh token was already used (tokens rotate); its family is revoked');
      }
      if (now >= stored.expiresAt) {
        throw BankError.oauth(
          'invalid_grant',
          `the refresh token expired at ${stored.expiresAt.toISOString()}, 21 minutes after the first access token; repeat the authorisation`,
        );
      }
      const consentId = stored.consentId ?? '';
      this.requireValidConsent(consentId, institution, client, now);
      this.ctx.repos.oauth.useToken(stored.tokenSha256, now);
      return this.psuPair(client, institution, consentId, stored.familyId, now, stored.firstAccessAt);
    });
  }

  /** A replayed code or refresh token revokes its family: that revocation must commit although the request fails. */
  private committingRevocations(work: () => TokenResponse | BankError): TokenResponse {
    const outcome = this.ctx.transact(work);
    if (outcome instanceof BankError) throw outcome;
    return outcome;
  }

  private requireValidConsent(consentId: string, institution: InstitutionId, client: OAuthClientRow, now: Date): void {
    const consent = this.consents.accessible(consentId, institution, client.tppId);
    const status = consentStatusAt(consent, now);
    if (status !== 'valid') throw BankError.oauth('invalid_grant', `consent ${consentId} is ${status}`);
  }

  private psuPair(client: OAuthClientRow, institution: InstitutionId, consentId: string, familyId: string, now: Date, firstAccessAt: Date): TokenResponse {
    const refreshExpiry = refreshDeadline(firstAccessAt);
    const accessExpiry = psuAccessExpiry(now, firstAccessAt);
    const access = this.issue('psu-access', client, institution, consentId, familyId, now, accessExpiry, firstAccessAt);
    const refresh = this.issue('psu-refresh', client, institution, consentId, familyId, now, refreshExpiry, firstAccessAt);
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: seconds(accessExpiry.getTime() - now.getTime()),
      refresh_token: refresh,
      refresh_token_expires_in: seconds(refreshExpiry.getTime() - now.getTime()),
      scope: consentId,
    };
  }

  private issue(
    kind: TokenKind,
    client: OAuthClientRow,
    institution: InstitutionId,
    consentId: string | null,
    familyId: string,
    now: Date,
    expiresAt: Date,
    firstAccessAt: Date,
  ): string {
    const token = newSecret();
    this.ctx.repos.oauth.insertToken({
      tokenSha256: sha256Hex(token),
      kind,
      clientId: client.clientId,
      tppId: client.tppId,
      institution,
      consentId,
      familyId,
      issuedAt: now,
      expiresAt,
      firstAccessAt,
      revoked: false,
      usedAt: null,
    });
    return token;
  }
}

function single(params: OAuthParams, name: string): string | undefined {
  const values = params.get(name);
  if (values === undefined) return undefined;
  if (values.length > 1) throw BankError.oauth('invalid_request', `${name} is sent ${values.length} times; send it once`);
  return values[0];
}

function required(params: OAuthParams, name: string): string {
  const value = single(params, name);
  if (value === undefined || value === '') throw BankError.oauth('invalid_request', `${name} is missing`);
  return value;
}
