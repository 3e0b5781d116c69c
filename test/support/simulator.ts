import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../main/simulator';
import type { DemoTppClient } from '../../main/pki/data-folder';

/** A started simulator on a free port with its own data folder, and a TPP's view of it. */
export interface TestBank {
  sim: RunningSimulator;
  url: string;
  dataDir: string;
  client: DemoTppClient;
  stop(): Promise<void>;
}

/** Tests start on a fixed instant so date rules are reproducible. */
export const TEST_NOW = '2026-11-22T10:00:00Z';

export async function startTestBank(options: Partial<SimulatorOptions> = {}): Promise<TestBank> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wb-test-'));
  const sim = await startSimulator({ port: 0, host: '127.0.0.1', mode: 'simulation', tls: false, now: TEST_NOW, ...options, dataDir });
  const client = JSON.parse(readFileSync(join(dataDir, 'tpp', 'client.json'), 'utf8')) as DemoTppClient;
  return {
    sim,
    url: sim.url,
    dataDir,
    client,
    stop: async () => {
      await sim.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const basic = (client: Pick<DemoTppClient, 'clientId' | 'clientSecret'>): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;

export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(bank: TestBank, method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<JsonResponse<T>> {
  const res = await fetch(`${bank.url}${path}`, { method, headers: init.headers, body: init.body, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

export const form = (fields: Record<string, string>): { headers: Record<string, string>; body: string } => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

export async function tppToken(bank: TestBank, institution = 'frankfurt'): Promise<string> {
  const f = form({ grant_type: 'client_credentials' });
  const res = await call(bank, 'POST', `/${institution}/oauth/v1/token`, { headers: { ...f.headers, authorization: basic(bank.client) }, body: f.body });
  if (res.status !== 200) throw new Error(`token failed: ${res.status} ${res.text}`);
  return (res.body as { access_token: string }).access_token;
}

export const consentHeaders = (token: string, psuId: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  'x-request-id': randomUUID(),
  'psu-id': psuId,
  'tpp-redirect-uri': 'https://tpp.example/callback?state=abc',
  'psu-ip-address': '192.0.2.10',
  'psu-device-id': randomUUID(),
  'content-type': 'application/json',
});

/** UK date + n days from the test instant, as validUntil wants. */
export function datePlus(days: number, from = TEST_NOW): string {
  return new Date(Date.parse(from.slice(0, 10)) + days * 86_400_000).toISOString().slice(0, 10);
}

export const recurringConsentBody = (validUntil = datePlus(90)): string =>
  JSON.stringify({ access: {}, recurringIndicator: true, validUntil, frequencyPerDay: 4, combinedServiceIndicator: true });

export interface CreatedConsent {
  consentId: string;
  scaRedirect: string;
  journeyId: string;
}

export async function createConsent(bank: TestBank, institution: string, psuId: string, token?: string): Promise<CreatedConsent> {
  const t = token ?? (await tppToken(bank, institution));
  // validUntil counts from the bank's own (simulated) today, which tests move.
  const { now } = (await call(bank, 'GET', '/simulator/v1/clock')).body as { now: string };
  const res = await call(bank, 'POST', `/${institution}/berlingroup/v1/consents`, { headers: consentHeaders(t, psuId), body: recurringConsentBody(datePlus(90, now)) });
  if (res.status !== 201) throw new Error(`consent failed: ${res.status} ${res.text}`);
  const scaRedirect = res.body._links.scaRedirect.href as string;
  return { consentId: res.body.consentId, scaRedirect, journeyId: scaRedirect.split('/').pop() as string };
}

export async function approveSca(bank: TestBank, journeyId: string, action: 'approve' | 'reject' = 'approve'): Promise<JsonResponse> {
  const opened = await fetch(`${bank.url}/sca/${journeyId}`);
  await opened.text();
  return call(bank, 'POST', `/simulator/v1/sca/${journeyId}`, { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action }) });
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface PsuTokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export async function authorize(bank: TestBank, institution: string, consentId: string, challenge: string, overrides: Record<string, string | null> = {}): Promise<JsonResponse> {
  const params: Record<string, string | null> = {
    client_id: bank.client.clientId,
    response_type: 'code',
    scope: consentId,
    state: 'st-123',
    redirect_uri: bank.client.redirectUri,
    code_challenge: challenge,
    ...overrides,
  };
  const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => e[1] !== null)).toString();
  return call(bank, 'GET', `/${institution}/sandboxauth/v1/authorize?${query}`);
}

export async function exchangeCode(bank: TestBank, institution: string, code: string, verifier: string, overrides: Record<string, string | null> = {}): Promise<JsonResponse> {
  const fields: Record<string, string | null> = {
    grant_type: 'authorization_code',
    code,
    redirect_uri: bank.client.redirectUri,
    client_id: bank.client.clientId,
    code_verifier: verifier,
    ...overrides,
  };
  const f = form(Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== null)));
  return call(bank, 'POST', `/${institution}/oauth/v1/token`, { headers: { ...f.headers, authorization: basic(bank.client) }, body: f.body });
}

export const codeFrom = (res: JsonResponse): string => new URL(res.headers.get('location') as string).searchParams.get('code') as string;

/** The whole happy path: consent, SCA approved, PSU tokens. */
export async function validConsentWithTokens(bank: TestBank, institution: string, psuId: string): Promise<CreatedConsent & PsuTokens> {
  const consent = await createConsent(bank, institution, psuId);
  await approveSca(bank, consent.journeyId);
  const { verifier, challenge } = pkcePair();
  const auth = await authorize(bank, institution, consent.consentId, challenge);
  if (auth.status !== 200) throw new Error(`authorize failed: ${auth.status} ${auth.text}`);
  const tokens = await exchangeCode(bank, institution, codeFrom(auth), verifier);
  if (tokens.status !== 200) throw new Error(`token failed: ${tokens.status} ${tokens.text}`);
  return { ...consent, ...(tokens.body as PsuTokens) };
}

export async function advanceClock(bank: TestBank, duration: string): Promise<string> {
  const res = await call(bank, 'POST', '/simulator/v1/clock', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ advance: duration }) });
  return (res.body as { now: string }).now;
}

export async function setClock(bank: TestBank, instant: string): Promise<void> {
  await call(bank, 'POST', '/simulator/v1/clock', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ set: instant }) });
}

export function expectBgError(res: JsonResponse, status: number, code: string): void {
  const body = res.body as { tppMessages?: { category: string; code: string; text: string }[] };
  if (res.status !== status || body?.tppMessages?.[0]?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
}
