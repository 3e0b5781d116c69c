import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../main/simulator';
import { journeyIdOf, TppClient, type CreatedConsent } from '../../main/tpp/client';
import { BankControl } from '../../main/tpp/control';
import { basicAuthorization, type TppCredentials } from '../../main/tpp/credentials';
import { dataFolderTransport, loadTppCredentials } from '../../main/tpp/data-folder';
import type { BankTransport } from '../../main/tpp/transport';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { sendHttp } from '../../main/tpp/http';
import { authorizationCodeToken, authorize as authorizeRequest } from '../../main/tpp/requests/oauth';
import { consentBody, createConsent as consentRequest, dateAfter } from '../../main/tpp/requests/consents';
import type { TppResponse } from '../../main/tpp/types';
import { inject } from 'vitest';
import { TEST_NOW } from './test-now';

export type { CreatedConsent } from '../../main/tpp/client';

/** A started simulator on a free port with its own data folder, the built-in TPP pointed at it and the bank's control side. */
export interface TestBank {
  sim: RunningSimulator;
  url: string;
  dataDir: string;
  client: TppCredentials;
  tpp: TppClient<any>;
  control: BankControl;
  stop(): Promise<void>;
}

export { TEST_NOW };

/** A TPP client on the simulator's clock, so its tokens expire when the bank's do; under --tls with the transport's QWAC. */
export const tppClientFor = (to: string | BankTransport, credentials: TppCredentials, control = new BankControl(to)): TppClient<any> =>
  new TppClient<any>({
    ...(typeof to === 'string' ? { origin: to } : to),
    credentials,
    now: () => control.now(),
    otherTppKey: async () => {
      const other = await control.registerTpp({ organizationId: 'PSDDE-BAFIN-654321' });
      return { keyId: other.keyId, certificatePem: other.qseal.certificatePem, privateKeyPem: other.qseal.privateKeyPem };
    },
  });

/** The run's PKI (see shared-pki.ts); none outside vitest (npm run screenshots) or without the setup. */
function sharedPkiDir(): string | undefined {
  try {
    return inject('sharedPkiDir');
  } catch {
    return undefined;
  }
}

/** A new temporary data folder with the run's PKI in it, so a simulator start generates no keys. */
export function newDataFolder(prefix = 'wb-test-'): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const shared = sharedPkiDir();
  if (shared) for (const part of ['pki', 'tpp']) cpSync(join(shared, part), join(dataDir, part), { recursive: true });
  return dataDir;
}

export async function startTestBank(options: Partial<SimulatorOptions> = {}): Promise<TestBank> {
  const dataDir = options.dataDir ?? newDataFolder();
  const sim = await startSimulator({ port: 0, host: '127.0.0.1', mode: 'simulation', tls: false, now: TEST_NOW, ...options, dataDir });
  const client = loadTppCredentials(dataDir);
  // Under --tls the demo TPP's QWAC and the data folder's CA, as the app's own flow runs have them.
  const transport = dataFolderTransport(sim.url, dataDir);
  const control = new BankControl(transport);
  return {
    sim,
    url: sim.url,
    dataDir,
    client,
    tpp: tppClientFor(transport, client, control),
    control,
    stop: async () => {
      await sim.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A started bank and one PSU of it with a valid consent and tokens, as most payment tests begin. */
export async function startTestBankWithPsu(institution: string, psuId: string): Promise<{ bank: TestBank; psu: PsuSession }> {
  const bank = await startTestBank();
  return { bank, psu: await psuSession(bank.tpp, bank.control, institution, psuId) };
}

/** Another TPP registered at the bank (other organisation or roles), with a client of its own. */
export async function otherTpp(bank: TestBank, organizationId: string, roles?: string[]): Promise<TppClient<any>> {
  const registered = await bank.control.registerTpp({ organizationId, ...(roles ? { roles } : {}) });
  return tppClientFor(bank.url, registered, bank.control);
}

export type JsonResponse<T = any> = TppResponse<T>;

/** A raw request, for what no careful TPP sends: malformed headers, missing tokens, wrong bodies. */
export function call<T = any>(
  bank: TestBank,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<JsonResponse<T>> {
  return sendHttp(bank.url, { method, path, headers: init.headers ?? {}, body: init.body ?? null }) as Promise<JsonResponse<T>>;
}

export const basic = basicAuthorization;

export const form = (fields: Record<string, string>): { headers: Record<string, string>; body: string } => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** A new TPP token, as tests about tokens want. */
export const tppToken = (bank: TestBank, institution = 'frankfurt'): Promise<string> => bank.tpp.tppToken(institution, { renew: true });

/** The consent request's headers as the TPP builds them, for tests that then break one. */
export const consentHeaders = (token: string, psuId: string): Record<string, string> =>
  consentRequest({
    institution: 'frankfurt',
    tppToken: token,
    psuId,
    tppRedirectUri: 'https://tpp.example/callback?state=abc',
    psu: { ipAddress: '192.0.2.10', deviceId: crypto.randomUUID() },
    body: '',
  }).headers;

/** UK date + n days from the test instant, as validUntil wants. */
export const datePlus = (days: number, from = TEST_NOW): string => dateAfter(from, days);

export const recurringConsentBody = (validUntil = datePlus(90)): string => consentBody({ recurringIndicator: true, validUntil, frequencyPerDay: 4 });

export const createConsent = (bank: TestBank, institution: string, psuId: string, token?: string): Promise<CreatedConsent> =>
  bank.tpp.startConsent(institution, psuId, token);

/** A consent created with this TPP-Redirect-URI, for tests of the PSU's return to it. */
export async function createConsentReturningTo(bank: TestBank, psuId: string, tppRedirectUri: string): Promise<CreatedConsent> {
  const headers = { ...consentHeaders(await tppToken(bank), psuId), 'tpp-redirect-uri': tppRedirectUri };
  const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', { headers, body: recurringConsentBody() });
  const scaRedirect = (res.body as { _links?: { scaRedirect?: { href?: string } } } | null)?._links?.scaRedirect?.href;
  if (res.status !== 201 || scaRedirect === undefined) throw new Error(`consent failed: ${res.status} ${res.text}`);
  return { consentId: (res.body as { consentId: string }).consentId, scaRedirect, journeyId: journeyIdOf(scaRedirect) };
}

/** The PSU opens the SCA link in the browser and acts in the bank's app. */
export async function approveSca(bank: TestBank, journeyId: string, action: 'approve' | 'reject' = 'approve'): Promise<JsonResponse> {
  await bank.tpp.openScaLink(`/sca/${journeyId}`);
  return bank.control.decideSca(journeyId, action);
}

/** Overrides replace a parameter, null leaves it out: for the unhappy paths of spec "Sandbox behaviour" 9. */
function overridden(params: URLSearchParams, overrides: Record<string, string | null>): string {
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params.toString();
}

export function authorize(
  bank: TestBank,
  institution: string,
  consentId: string,
  challenge: string,
  overrides: Record<string, string | null> = {},
): Promise<JsonResponse> {
  const request = authorizeRequest(bank.client, institution, consentId, challenge, 'st-123');
  const [path, query] = request.path.split('?') as [string, string];
  return bank.tpp.send({ ...request, path: `${path}?${overridden(new URLSearchParams(query), overrides)}` });
}

export function exchangeCode(
  bank: TestBank,
  institution: string,
  code: string,
  verifier: string,
  overrides: Record<string, string | null> = {},
): Promise<JsonResponse> {
  const request = authorizationCodeToken(bank.client, institution, code, verifier);
  return bank.tpp.send({ ...request, body: overridden(new URLSearchParams(request.body as string), overrides) });
}

export const codeFrom = (res: JsonResponse): string => new URL(res.headers.location as string).searchParams.get('code') as string;

/** An RFC 6749 error body, with the description that says what was wrong. */
export function expectOAuthError(res: JsonResponse, status: number, error: string): void {
  const body = res.body as { error?: string; error_description?: unknown } | null;
  if (res.status !== status || body?.error !== error || typeof body.error_description !== 'string') {
    throw new Error(`expected ${status} ${error} with a description, got ${res.status} ${res.text}`);
  }
}

export function expectBgError(res: JsonResponse, status: number, code: string): void {
  const body = res.body as { tppMessages?: { category: string; code: string; text: string }[] };
  if (res.status !== status || body?.tppMessages?.[0]?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
}
