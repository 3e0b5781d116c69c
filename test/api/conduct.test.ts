// The TPPs' conduct (docs/testing-your-tpp.md#conduct): GET /simulator/v1/conduct checks the
// spec's rules for TPPs over the traffic log. For each rule a client that breaks it gets exactly that
// finding, naming the exchanges that show it; a well-behaved client on the same journey gets none.
// Each test is its own TPP, so one report never sees another test's traffic.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAccounts } from '../../main/tpp/requests/accounts';
import { createPayment, paymentStatus } from '../../main/tpp/requests/payments';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import type { TppClient } from '../../main/tpp/client';
import type { PsuSession } from '../../main/tpp/session';
import { addFaultRule } from '../support/control';
import { call, otherTpp, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let tppNumber = 200_000;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());
afterEach(async () => {
  await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
});

interface Finding {
  rule: string;
  severity: string;
  tppId: string | null;
  institution: string | null;
  text: string;
  exchanges: number[];
  spec: string;
}

interface Client {
  tppId: string;
  tpp: TppClient<any>;
  psu: PsuSession;
}

/** A TPP of its own with a consented PSU session at Frankfurt. */
async function newClient(): Promise<Client> {
  const tppId = `PSDDE-BAFIN-${++tppNumber}`;
  const tpp = await otherTpp(bank, tppId);
  return { tppId, tpp, psu: await psuSession(tpp, bank.control, 'frankfurt', 'FRA-CREATOR') };
}

const report = async (query: string): Promise<{ findings: Finding[]; checked: Record<string, number>; exchangeCount: number }> => {
  const res = await fetch(`${bank.url}/simulator/v1/conduct?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { findings: Finding[]; checked: Record<string, number>; exchangeCount: number };
};
const findingsOf = async (client: Client): Promise<Finding[]> => (await report(`tppId=${client.tppId}`)).findings;

/** The client's exchanges, oldest first, as the log numbers them. */
async function exchangesOf(client: Client): Promise<{ id: number; method: string; url: string; status: number }[]> {
  const page = (await (await fetch(`${bank.url}/simulator/v1/exchanges?tpp=${client.tppId}&limit=1000`)).json()) as {
    id: number;
    method: string;
    url: string;
    response: { status: number };
  }[];
  return page.map((e) => ({ id: e.id, method: e.method, url: e.url, status: e.response.status })).reverse();
}
const newestId = async (client: Client): Promise<number> => (await exchangesOf(client)).at(-1)?.id ?? 0;

const template = (): string => readTemplate('sepa-single.xml');
/** The same payment with another remittance: a change, not a duplicate. */
const changed = (): string => template().replace(/<Ustrd>([^<]*)<\/Ustrd>/, '<Ustrd>$1 (corrected)</Ustrd>');

async function pay(client: Client, body = template()): Promise<{ paymentId: string; exchangeId: number }> {
  const res = await client.tpp.createPayment(client.psu, SEPA, body);
  expect(res.status, res.text).toBe(201);
  return { paymentId: (res.body as { paymentId: string }).paymentId, exchangeId: await newestId(client) };
}
async function readStatus(client: Client, paymentId: string): Promise<{ status: number; exchangeId: number }> {
  const res = await client.tpp.paymentStatus(client.psu, SEPA, paymentId);
  return { status: res.status, exchangeId: await newestId(client) };
}
const addFault = (rule: unknown): Promise<unknown> => addFaultRule(bank, rule);
const only = (findings: Finding[]): Finding => {
  expect(findings.map((f) => f.rule)).toHaveLength(1);
  return findings[0] as Finding;
};

describe('the conduct report', () => {
  it("a well-behaved client's whole journey leaves no finding, and each rule says what it looked at", async () => {
    const client = await newClient();
    const { paymentId } = await pay(client);
    expect((await readStatus(client, paymentId)).status).toBe(200);
    await authorisePayment(client.tpp, bank.control, client.psu, SEPA, paymentId);
    expect((await readStatus(client, paymentId)).status).toBe(200);
    expect((await client.tpp.accounts(client.psu)).status).toBe(200);
    const whole = await report(`tppId=${client.tppId}`);
    expect(whole.findings).toEqual([]);
    expect(Object.keys(whole.checked)).toHaveLength(12);
    expect(whole.checked['status-polling-without-reason']).toBe(2);
    expect(whole.checked['signature-missing-on-signed-operation']).toBeGreaterThanOrEqual(2);
    expect(whole.exchangeCount).toBe((await exchangesOf(client)).length);
  });

  it('refuses a query it cannot read, in the Berlin Group shape', async () => {
    for (const query of ['since=yesterday', 'until=2026-11-29', 'tppId=a%20b', 'since=2026-11-29T10:00:00Z&until=2026-11-29T09:00:00Z']) {
      const res = await fetch(`${bank.url}/simulator/v1/conduct?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe('FORMAT_ERROR');
    }
  });

  it('since and until keep to the wall-clock window: a finding before `since` is not reported', async () => {
    const client = await newClient();
    const { paymentId } = await pay(client);
    for (let i = 0; i < 4; i++) await readStatus(client, paymentId);
    expect(only(await findingsOf(client)).rule).toBe('status-polling-without-reason');
    const since = new Date(Date.now() + 5).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await report(`tppId=${client.tppId}&since=${since}`)).findings).toEqual([]);
    expect((await report(`tppId=${client.tppId}&until=${since}`)).findings).toHaveLength(1);
  });
});

describe('polling', () => {
  it('polling-after-final-status: two reads after the bank answered RJCT; one confirming read is no finding', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    expect((await bad.tpp.cancelPayment(bad.psu, SEPA, paymentId)).status).toBe(204);
    const told = await readStatus(bad, paymentId);
    const again = [await readStatus(bad, paymentId), await readStatus(bad, paymentId)];
    const finding = only(await findingsOf(bad));
    expect(finding).toMatchObject({ rule: 'polling-after-final-status', severity: 'error', tppId: bad.tppId, institution: 'frankfurt' });
    expect(finding.exchanges).toEqual([told.exchangeId, ...again.map((a) => a.exchangeId)]);
    expect(finding.text).toContain('RJCT');
    expect(finding.spec).toContain('No routine polling');

    const good = await newClient();
    const other = await pay(good);
    await good.tpp.cancelPayment(good.psu, SEPA, other.paymentId);
    await readStatus(good, other.paymentId);
    expect(await findingsOf(good)).toEqual([]);
  });

  it('concurrent-status-polling: two reads of one payment at once; the same reads one after the other are none', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await addFault({ match: { operation: 'payment-status', tppId: bad.tppId }, action: { delayMs: 300 } });
    await Promise.all([bad.tpp.paymentStatus(bad.psu, SEPA, paymentId), bad.tpp.paymentStatus(bad.psu, SEPA, paymentId)]);
    const reads = (await exchangesOf(bad)).filter((e) => e.url.endsWith('/status')).map((e) => e.id);
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('concurrent-status-polling');
    expect(finding.exchanges).toEqual(reads);

    const good = await newClient();
    const other = await pay(good);
    await addFault({ match: { operation: 'payment-status', tppId: good.tppId }, action: { delayMs: 300 } });
    await readStatus(good, other.paymentId);
    await readStatus(good, other.paymentId);
    expect(await findingsOf(good)).toEqual([]);
  });

  it('status-polling-without-reason: a PATC payment read again and again; reads after an authorisation or SCA are reasoned', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await readStatus(bad, paymentId);
    const idle = [await readStatus(bad, paymentId), await readStatus(bad, paymentId), await readStatus(bad, paymentId)];
    const finding = only(await findingsOf(bad));
    expect(finding).toMatchObject({ rule: 'status-polling-without-reason', severity: 'warning' });
    expect(finding.exchanges).toEqual(idle.map((r) => r.exchangeId));

    // Two authorisations of a two-signature payment, each followed by one read, as the spec asks.
    const good = await newClient();
    const other = await pay(good);
    await readStatus(good, other.paymentId);
    await good.tpp.startAuthorisation(good.psu, SEPA, other.paymentId);
    await readStatus(good, other.paymentId);
    await readStatus(good, other.paymentId);
    expect(await findingsOf(good)).toEqual([]);
  });
});

describe('payments created again', () => {
  it('duplicate-payment-while-pending: the same payment while the first is PATC; a changed one is none', async () => {
    const bad = await newClient();
    const first = await pay(bad);
    const second = await pay(bad);
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('duplicate-payment-while-pending');
    expect(finding.exchanges).toEqual([first.exchangeId, second.exchangeId]);
    expect(finding.text).toContain(first.paymentId);

    const good = await newClient();
    await pay(good);
    await pay(good, changed());
    expect(await findingsOf(good)).toEqual([]);
  });

  it('resubmission-after-rejection: the bank rejected, the TPP read RJCT and sent the same again; a corrected payment is none', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await rejectedByBank(bad, paymentId);
    const told = await readStatus(bad, paymentId);
    const again = await pay(bad);
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('resubmission-after-rejection');
    expect(finding.exchanges).toEqual([told.exchangeId, again.exchangeId]);

    const good = await newClient();
    const other = await pay(good);
    await rejectedByBank(good, other.paymentId);
    await readStatus(good, other.paymentId);
    await pay(good, changed());
    expect(await findingsOf(good)).toEqual([]);
  });

  it('temporary-error-treated-as-rejection: a 503 on a status read, then a cancellation; reading again is none', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await addFault({ match: { operation: 'payment-status', tppId: bad.tppId }, action: { status: 503 }, times: 1 });
    const failed = await readStatus(bad, paymentId);
    expect(failed.status).toBe(503);
    await bad.tpp.cancelPayment(bad.psu, SEPA, paymentId);
    const cancel = await newestId(bad);
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('temporary-error-treated-as-rejection');
    expect(finding.exchanges).toEqual([failed.exchangeId, cancel]);

    const good = await newClient();
    const other = await pay(good);
    await addFault({ match: { operation: 'payment-status', tppId: good.tppId }, action: { status: 503 }, times: 1 });
    expect((await readStatus(good, other.paymentId)).status).toBe(503);
    expect((await readStatus(good, other.paymentId)).status).toBe(200);
    expect(await findingsOf(good)).toEqual([]);
  });

  it('temporary-error-treated-as-rejection: a dropped connection on a status read, then the same payment again', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await addFault({ match: { operation: 'payment-status', tppId: bad.tppId }, action: { drop: 'reset' }, times: 1 });
    await expect(bad.tpp.paymentStatus(bad.psu, SEPA, paymentId)).rejects.toThrow();
    const dropped = (await exchangesOf(bad)).at(-1);
    expect(dropped?.status).toBe(0);
    // Cancelled first, so the payment is not pending: what remains is the temporary error taken for RJCT.
    await bad.tpp.cancelPayment(bad.psu, SEPA, paymentId);
    const findings = await findingsOf(bad);
    expect(findings.map((f) => f.rule)).toEqual(['temporary-error-treated-as-rejection']);
    expect(findings[0]?.exchanges[0]).toBe(dropped?.id);
  });
});

describe('requests sent again', () => {
  it('retry-before-retry-after: a 429 with Retry-After 1 s and a read at once; after a second it is none', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    await addFault({ match: { operation: 'payment-status', tppId: bad.tppId }, action: { status: 429, retryAfter: 1 }, times: 1 });
    const limited = await readStatus(bad, paymentId);
    expect(limited.status).toBe(429);
    const early = await readStatus(bad, paymentId);
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('retry-before-retry-after');
    expect(finding.exchanges).toEqual([limited.exchangeId, early.exchangeId]);

    const good = await newClient();
    const other = await pay(good);
    await addFault({ match: { operation: 'payment-status', tppId: good.tppId }, action: { status: 503, retryAfter: 1 }, times: 1 });
    expect((await readStatus(good, other.paymentId)).status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await readStatus(good, other.paymentId)).status).toBe(200);
    expect(await findingsOf(good)).toEqual([]);
  });

  it('retry-unchanged-after-service-blocked: the same consent request after SERVICE_BLOCKED; none when not sent again', async () => {
    const block = async (tppId: string, method: 'POST' | 'DELETE'): Promise<void> => {
      const res = await fetch(`${bank.url}/simulator/v1/service-blocks`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ institution: 'frankfurt', tppId }),
      });
      expect(res.status).toBeLessThan(300);
    };
    const bad = await newClient();
    await block(bad.tppId, 'POST');
    const blocked = await bad.tpp.createConsent('frankfurt', 'FRA-CREATOR');
    expect(blocked.status).toBe(403);
    const first = (await exchangesOf(bad)).at(-1) as { id: number; method: string; url: string };
    const sent = await call(bank, 'POST', first.url, await requestOf(first.id));
    expect(sent.status).toBe(403);
    await block(bad.tppId, 'DELETE');
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('retry-unchanged-after-service-blocked');
    expect(finding.exchanges).toEqual([first.id, await newestId(bad)]);

    const good = await newClient();
    await block(good.tppId, 'POST');
    expect((await good.tpp.createConsent('frankfurt', 'FRA-CREATOR')).status).toBe(403);
    await block(good.tppId, 'DELETE');
    expect(await findingsOf(good)).toEqual([]);
  });

  it('x-request-id-reused: one X-Request-ID on two different requests; the same request retried with it is none', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    const id = 'a5b1f2a4-6c3e-4e0f-9f43-2f1f3a0b7c11';
    await bad.tpp.signAndSend(createPayment(await bad.tpp.withFreshTokens(bad.psu), SEPA, changed(), bad.tpp.psu), { headers: { 'x-request-id': id } });
    const first = await newestId(bad);
    await bad.tpp.cancelPayment(bad.psu, SEPA, paymentId, { headers: { 'x-request-id': id } });
    const finding = only(await findingsOf(bad));
    expect(finding.rule).toBe('x-request-id-reused');
    expect(finding.exchanges).toEqual([first, await newestId(bad)]);

    const good = await newClient();
    const account = { 'x-request-id': '0d7c0e8e-9d0a-4b7b-8d1c-5d7f3c2e1a90' };
    const res = await good.tpp.send({ ...(await accountsRequest(good)), headers: { ...(await accountsRequest(good)).headers, ...account } });
    expect(res.status).toBe(200);
    await good.tpp.send({ ...(await accountsRequest(good)), headers: { ...(await accountsRequest(good)).headers, ...account } });
    expect(await findingsOf(good)).toEqual([]);
  });

  it('consent-per-request: new consents for the same PSU and access while the used one is valid; one consent used again and again is none', async () => {
    const bad = await newClient();
    expect((await bad.tpp.accounts(bad.psu)).status).toBe(200);
    await bad.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const second = await newestId(bad);
    await bad.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const third = await newestId(bad);
    const finding = only(await findingsOf(bad));
    expect(finding).toMatchObject({ rule: 'consent-per-request', severity: 'warning' });
    expect(finding.exchanges).toEqual([second, third]);

    const good = await newClient();
    for (let i = 0; i < 3; i++) expect((await good.tpp.accounts(good.psu)).status).toBe(200);
    expect(await findingsOf(good)).toEqual([]);
  });
});

describe('signatures', () => {
  it('signature-missing-on-signed-operation: a payment sent unsigned (the bank refuses it too)', async () => {
    const bad = await newClient();
    const res = await bad.tpp.send(createPayment(await bad.tpp.withFreshTokens(bad.psu), SEPA, template(), bad.tpp.psu));
    expect(res.status).toBeGreaterThanOrEqual(400);
    const finding = only(await findingsOf(bad));
    expect(finding).toMatchObject({ rule: 'signature-missing-on-signed-operation', severity: 'error' });
    expect(finding.exchanges).toEqual([await newestId(bad)]);
  });

  it('signature-on-unsigned-operation: a status read with a Signature header is a warning', async () => {
    const bad = await newClient();
    const { paymentId } = await pay(bad);
    const read = await bad.tpp.send({
      ...(await statusRequest(bad, paymentId)),
      headers: { ...(await statusRequest(bad, paymentId)).headers, signature: 'keyId="x",algorithm="rsa-sha256",headers="digest",signature="AA=="' },
    });
    expect(read.status).toBe(200);
    const finding = only(await findingsOf(bad));
    expect(finding).toMatchObject({ rule: 'signature-on-unsigned-operation', severity: 'warning' });
    expect(finding.exchanges).toEqual([await newestId(bad)]);
  });
});

/** Authorised by both signatories (groups A and B), then rejected in the bank's processing (AM04, insufficient funds). */
async function rejectedByBank(client: Client, paymentId: string): Promise<void> {
  for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B'])
    await authorisePayment(client.tpp, bank.control, await psuSession(client.tpp, bank.control, 'frankfurt', approver), SEPA, paymentId);
  const res = await fetch(`${bank.url}/simulator/v1/payments/${paymentId}/processing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ outcome: 'RJCT', reason: 'AM04' }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** A logged request's headers and body, to send it again byte for byte. */
async function requestOf(id: number): Promise<{ headers: Record<string, string>; body: string }> {
  const e = (await (await fetch(`${bank.url}/simulator/v1/exchanges/${id}`)).json()) as { request: { headers: Record<string, string>; body: string } };
  const headers = Object.fromEntries(Object.entries(e.request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)));
  return { headers, body: e.request.body };
}

const accountsRequest = async (client: Client) => listAccounts(await client.tpp.withFreshTokens(client.psu));
const statusRequest = async (client: Client, paymentId: string) => paymentStatus(await client.tpp.withFreshTokens(client.psu), SEPA, paymentId);
