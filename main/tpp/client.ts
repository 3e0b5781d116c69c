import { randomUUID } from 'node:crypto';
import type { SigningKey } from '../domain/signing/sign';
import { signingKeyOf, type TppCredentials } from './credentials';
import { sendHttp } from './http';
import type { BankTransport, TransportTls } from './transport';
import { pkcePair, type PkcePair } from './pkce';
import { redirectWithState } from './redirect';
import { accountBalances, accountDetails, accountTransactions, listAccounts } from './requests/accounts';
import { confirmFunds, createBasket, getBasket, type FundsQuestion } from './requests/baskets-and-funds';
import { consentBody, consentStatus, createConsent, dateAfter, deleteConsent, getConsent, openScaLink, type ConsentRequestTerms } from './requests/consents';
import { authorizationCodeToken, authorize, clientCredentialsToken, refreshToken } from './requests/oauth';
import { cancelPayment, createPayment, getAuthorisation, getPayment, paymentStatus, startAuthorisation } from './requests/payments';
import { registerClient, type ClientMetadataRequest } from './requests/registration';
import type { PsuContext } from './requests/request';
import { signatureUtility } from './requests/signature-utilities';
import { needsRefresh, withTokens, type PsuSession, type PsuTokenAnswer } from './session';
import { signPrepared, type SignOptions } from './sign';
import { readTemplate, templateIndex } from './templates';
import type { HttpRequest, PreparedRequest, SignFaults, TppResponse } from './types';

export interface TppClientOptions {
  /** The simulator's origin, e.g. http://127.0.0.1:4646. */
  origin: string;
  /** Under --tls: the CA the bank's certificate must come from and the TPP's QWAC (see data-folder.ts loadTppTls). */
  tls?: TransportTls | null | undefined;
  credentials: TppCredentials;
  /** The clock tokens expire on: the simulator's own when its time is simulated. Default: this machine's. */
  now?: () => Promise<Date>;
  /** The PSU's device and address, sent where the spec wants them. */
  psu?: PsuContext;
  /** Another TPP's QSEAL, for the otherTppCertificate fault; asked for on first use only. */
  otherTppKey?: () => Promise<SigningKey>;
}

/** Per request: the deliberate faults of the signature and headers to add or replace before signing. */
export interface SendOptions {
  faults?: SignFaults;
  headers?: Record<string, string>;
}

interface TppToken {
  token: string;
  expiresAt: Date;
}

/** A consent just created: its identifier and where the PSU's browser goes. */
export interface CreatedConsent {
  consentId: string;
  scaRedirect: string;
  journeyId: string;
}

/** The journey id is the last segment of every scaRedirect (`{origin}/sca/{journeyId}`). */
export const journeyIdOf = (scaRedirect: string): string => new URL(scaRedirect, 'http://origin.invalid').pathname.split('/').pop() ?? '';

const TPP_TOKEN_MARGIN_MS = 5_000;

/**
 * The built-in TPP: builds every request of the spec as a careful TPP does, signs it with its QSEAL
 * through the signature core, sends it over HTTP (HTTPS with its QWAC under --tls) and keeps its tokens per institution. Each
 * operation is prepare (pure, see requests/), sign (pure, see sign.ts) and send; the methods here
 * chain them, and `prepared`/`sign`/`send` let a screen show and edit the request in between.
 * `J` is how callers see parsed JSON bodies (tests use `any`).
 */
export class TppClient<J = unknown> {
  readonly credentials: TppCredentials;
  readonly psu: PsuContext;
  private readonly transport: BankTransport;
  private readonly clock: () => Promise<Date>;
  private readonly otherTppKey: (() => Promise<SigningKey>) | undefined;
  private otherKey: Promise<SigningKey> | null = null;
  private readonly tppTokens = new Map<string, TppToken>();
  private readonly sessions = new Map<string, PsuSession>();

  constructor(options: TppClientOptions) {
    this.transport = { origin: options.origin, tls: options.tls ?? null };
    this.credentials = options.credentials;
    this.clock = options.now ?? (async () => new Date());
    this.psu = options.psu ?? { ipAddress: '192.0.2.10', deviceId: randomUUID() };
    this.otherTppKey = options.otherTppKey;
  }

  // --- the three steps -------------------------------------------------------------------------

  /** Signs (again) by the operation's profile, with the faults asked for. */
  async sign(request: PreparedRequest, options: SignOptions = {}): Promise<PreparedRequest> {
    const other = options.faults?.otherTppCertificate ? await this.otherSigningKey() : undefined;
    return signPrepared(request, { own: signingKeyOf(this.credentials), ...(other ? { other } : {}) }, options);
  }

  async send(request: HttpRequest): Promise<TppResponse<J>> {
    return (await sendHttp(this.transport, request)) as TppResponse<J>;
  }

  /** Adds the extra headers, signs where the profile says so, sends. */
  async signAndSend(request: PreparedRequest, options: SendOptions = {}): Promise<TppResponse<J>> {
    const withHeaders = options.headers ? { ...request, headers: { ...request.headers, ...options.headers } } : request;
    const ready = withHeaders.signedOperation === null ? withHeaders : await this.sign(withHeaders, options.faults ? { faults: options.faults } : {});
    return this.send(ready);
  }

  private otherSigningKey(): Promise<SigningKey> {
    if (this.otherTppKey === undefined) return Promise.reject(new Error('no other TPP to sign with: pass otherTppKey'));
    this.otherKey ??= this.otherTppKey();
    return this.otherKey;
  }

  now(): Promise<Date> {
    return this.clock();
  }

  // --- OAuth ------------------------------------------------------------------------------------

  /** A TPP access token (client credentials) for the institution, kept until it is about to end unless `renew`. */
  async tppToken(institution: string, options: { renew?: boolean } = {}): Promise<string> {
    const now = await this.clock();
    const kept = this.tppTokens.get(institution);
    if (kept && !options.renew && now.getTime() < kept.expiresAt.getTime() - TPP_TOKEN_MARGIN_MS) return kept.token;
    const res = await this.send(clientCredentialsToken(this.credentials, institution));
    if (res.status !== 200) throw new Error(`token failed: ${res.status} ${res.text}`);
    const answer = res.body as { access_token: string; expires_in: number };
    this.tppTokens.set(institution, { token: answer.access_token, expiresAt: new Date(now.getTime() + answer.expires_in * 1000) });
    return answer.access_token;
  }

  /** A request under the kept TPP token; when the bank no longer knows it (a reset, a revocation), once more with a new one. */
  private async underTppToken(institution: string, build: (token: string) => PreparedRequest): Promise<TppResponse<J>> {
    const res = await this.send(build(await this.tppToken(institution)));
    const code = (res.body as { tppMessages?: { code?: string }[] } | null)?.tppMessages?.[0]?.code;
    if (res.status !== 401 || code !== 'TOKEN_INVALID') return res;
    return this.send(build(await this.tppToken(institution, { renew: true })));
  }

  /** Registers another OAuth client of this TPP (RFC 7591), signed with its QSEAL; a string goes as the body unchanged. */
  registerClient(institution: string, metadata: ClientMetadataRequest | string, options: SendOptions = {}): Promise<TppResponse<J>> {
    return this.signAndSend(registerClient(institution, metadata), options);
  }

  /** The PSU authorisation endpoint with an S256 challenge; the caller keeps the verifier. */
  authorize(institution: string, consentId: string, pkce: PkcePair, state = randomUUID()): Promise<TppResponse<J>> {
    return this.send(authorize(this.credentials, institution, consentId, pkce.challenge, state));
  }

  exchangeCode(institution: string, code: string, verifier: string): Promise<TppResponse<J>> {
    return this.send(authorizationCodeToken(this.credentials, institution, code, verifier));
  }

  /**
   * After the PSU's SCA: authorize with PKCE, exchange the code, keep the PSU session.
   * Throws with the bank's answer when a step fails.
   */
  async psuTokens(institution: string, consentId: string, psuId: string): Promise<PsuSession> {
    const pkce = pkcePair();
    const state = randomUUID();
    const auth = await this.authorize(institution, consentId, pkce, state);
    const location = auth.headers.location;
    if (auth.status !== 200 || location === undefined) throw new Error(`authorize failed: ${auth.status} ${auth.text}`);
    const redirect = new URL(location);
    if (redirect.searchParams.get('state') !== state) throw new Error(`authorize returned another state: ${location}`);
    const now = await this.clock();
    const res = await this.exchangeCode(institution, redirect.searchParams.get('code') ?? '', pkce.verifier);
    if (res.status !== 200) throw new Error(`token failed: ${res.status} ${res.text}`);
    const session = withTokens({ institution, psuId, consentId, accessToken: '' }, res.body as PsuTokenAnswer, now);
    this.sessions.set(`${institution}/${consentId}`, session);
    return session;
  }

  /** The refresh_token grant; the session takes the new pair in place, so holders of it see the new tokens. */
  async refresh(session: PsuSession): Promise<TppResponse<J>> {
    const now = await this.clock();
    const res = await this.send(refreshToken(this.credentials, session.institution, session.refreshToken ?? ''));
    if (res.status === 200) Object.assign(session, withTokens(session, res.body as PsuTokenAnswer, now));
    return res;
  }

  /**
   * The session, its access token refreshed first when it is over. When the bank refuses the
   * refresh the request goes with what the TPP has, and the bank's answer says why.
   */
  async withFreshTokens(session: PsuSession): Promise<PsuSession> {
    if (needsRefresh(session, await this.clock())) await this.refresh(session);
    return session;
  }

  session(institution: string, consentId: string): PsuSession | undefined {
    return this.sessions.get(`${institution}/${consentId}`);
  }

  // --- consents ---------------------------------------------------------------------------------

  /** A recurring consent for 90 days from the bank's today unless other terms or a raw body are given. */
  async createConsent(
    institution: string,
    psuId: string,
    options: { terms?: ConsentRequestTerms; body?: string; tppToken?: string } = {},
  ): Promise<TppResponse<J>> {
    const today = (await this.clock()).toISOString();
    const body = options.body ?? consentBody(options.terms ?? { recurringIndicator: true, validUntil: dateAfter(today, 90), frequencyPerDay: 4 });
    const build = (tppToken: string): PreparedRequest =>
      createConsent({ institution, tppToken, psuId, tppRedirectUri: redirectWithState(this.credentials.redirectUri), psu: this.psu, body });
    return options.tppToken === undefined ? this.underTppToken(institution, build) : this.send(build(options.tppToken));
  }

  /** createConsent for a flow that goes on: the consent or an error with the bank's answer. */
  async startConsent(institution: string, psuId: string, tppToken?: string): Promise<CreatedConsent> {
    const res = await this.createConsent(institution, psuId, tppToken === undefined ? {} : { tppToken });
    const body = res.body as { consentId?: string; _links?: { scaRedirect?: { href?: string } } } | null;
    const scaRedirect = body?._links?.scaRedirect?.href;
    if (res.status !== 201 || body?.consentId === undefined || scaRedirect === undefined) throw new Error(`consent failed: ${res.status} ${res.text}`);
    return { consentId: body.consentId, scaRedirect, journeyId: journeyIdOf(scaRedirect) };
  }

  async consentStatus(institution: string, consentId: string): Promise<TppResponse<J>> {
    return this.underTppToken(institution, (token) => consentStatus(institution, token, consentId));
  }

  async getConsent(session: PsuSession): Promise<TppResponse<J>> {
    return this.send(getConsent(await this.withFreshTokens(session)));
  }

  async deleteConsent(session: PsuSession): Promise<TppResponse<J>> {
    return this.send(deleteConsent(await this.withFreshTokens(session)));
  }

  /** What the TPP does with scaRedirect: the PSU's browser opens it (single use). */
  openScaLink(scaRedirect: string): Promise<TppResponse<J>> {
    return this.send(openScaLink(scaRedirect));
  }

  // --- account information ----------------------------------------------------------------------

  async accounts(session: PsuSession, query: Record<string, string> = {}): Promise<TppResponse<J>> {
    return this.send(listAccounts(await this.withFreshTokens(session), query));
  }

  async account(session: PsuSession, accountId: string, query: Record<string, string> = {}): Promise<TppResponse<J>> {
    return this.send(accountDetails(await this.withFreshTokens(session), accountId, query));
  }

  async balances(session: PsuSession, accountId: string): Promise<TppResponse<J>> {
    return this.send(accountBalances(await this.withFreshTokens(session), accountId));
  }

  async transactions(session: PsuSession, accountId: string, query: Record<string, string> = {}, accept?: string): Promise<TppResponse<J>> {
    return this.send(accountTransactions(await this.withFreshTokens(session), accountId, query, accept));
  }

  // --- payments ---------------------------------------------------------------------------------

  async createPayment(
    session: PsuSession,
    product: string,
    pain001: Buffer | string,
    options: SendOptions & { tppRedirectUri?: string } = {},
  ): Promise<TppResponse<J>> {
    return this.signAndSend(createPayment(await this.withFreshTokens(session), product, pain001, this.psu, options.tppRedirectUri), options);
  }

  /** A payment from a template of resources/templates, for the product the index gives it. */
  createPaymentFromTemplate(session: PsuSession, file: string, options: SendOptions = {}): Promise<TppResponse<J>> {
    const product = templateIndex().find((t) => t.file === file)?.product ?? '';
    return this.createPayment(session, product, readTemplate(file), options);
  }

  async getPayment(session: PsuSession, product: string, paymentId: string): Promise<TppResponse<J>> {
    return this.send(getPayment(await this.withFreshTokens(session), product, paymentId));
  }

  /** The pain.002; its text is the report. */
  async paymentStatus(session: PsuSession, product: string, paymentId: string): Promise<TppResponse<J>> {
    return this.send(paymentStatus(await this.withFreshTokens(session), product, paymentId));
  }

  async cancelPayment(session: PsuSession, product: string, paymentId: string, options: SendOptions = {}): Promise<TppResponse<J>> {
    return this.signAndSend(cancelPayment(await this.withFreshTokens(session), product, paymentId), options);
  }

  async startAuthorisation(session: PsuSession, product: string, paymentId: string, options: SendOptions = {}): Promise<TppResponse<J>> {
    return this.signAndSend(
      startAuthorisation(await this.withFreshTokens(session), product, paymentId, this.psu, redirectWithState(this.credentials.redirectUri)),
      options,
    );
  }

  async getAuthorisation(session: PsuSession, product: string, paymentId: string, authorisationId: string): Promise<TppResponse<J>> {
    return this.send(getAuthorisation(await this.withFreshTokens(session), product, paymentId, authorisationId));
  }

  // --- signing baskets and funds confirmation ---------------------------------------------------

  /** `body` replaces {"paymentIds":[...]} as given, for malformed baskets. */
  async createBasket(session: PsuSession, paymentIds: readonly string[], options: SendOptions & { body?: string } = {}): Promise<TppResponse<J>> {
    return this.signAndSend(
      createBasket(await this.withFreshTokens(session), paymentIds, this.psu, redirectWithState(this.credentials.redirectUri), options.body),
      options,
    );
  }

  async getBasket(session: PsuSession, basketId: string): Promise<TppResponse<J>> {
    return this.send(getBasket(await this.withFreshTokens(session), basketId));
  }

  async confirmFunds(session: PsuSession, question: FundsQuestion, options: SendOptions = {}): Promise<TppResponse<J>> {
    return this.signAndSend(confirmFunds(await this.withFreshTokens(session), question), options);
  }

  // --- signature utilities ----------------------------------------------------------------------

  /** What the bank would sign for these headers and body. */
  signatureFor(
    institution: string,
    headers: Record<string, string>,
    body: Buffer | string,
    bankHeaders: readonly string[],
    requestTarget?: string,
  ): Promise<TppResponse<J>> {
    return this.send(signatureUtility('create', institution, headers, body, { bankHeaders, ...(requestTarget === undefined ? {} : { requestTarget }) }));
  }

  /** The bank's diagnosis of a signed request as if sent to `requestTarget` (e.g. `post /frankfurt/berlingroup/v1/payments/...`). */
  validateSignature(
    institution: string,
    signedHeaders: Record<string, string>,
    body: Buffer | string,
    requestTarget?: string,
    bankHeaders?: readonly string[],
  ): Promise<TppResponse<J>> {
    return this.send(
      signatureUtility('validate', institution, signedHeaders, body, {
        ...(requestTarget === undefined ? {} : { requestTarget }),
        ...(bankHeaders === undefined ? {} : { bankHeaders }),
      }),
    );
  }
}
