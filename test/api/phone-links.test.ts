// "Approve on your own phone" over real HTTP: a link for one customer, made with the control token, reaches that
// customer's journeys, what they approve and their decisions, and nothing else of the control API, however the path
// is spelled; New class ends it, and so does removing its customer when a trainer had added them. The simulator listens beyond loopback as in a classroom (0.0.0.0), and the test
// reaches it at a second loopback address standing in for the class's network (127.0.0.2, the public URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhoneLink, ScaJourney } from '../../preload/api/workbench-api';
import { freePort } from '../support/ports';
import { startTestBank, tppClientFor, type TestBank } from '../support/simulator';

const TOKEN = 'trainer-laptop-token-0123';
let bank: TestBank;
let network: string;

beforeAll(async () => {
  const port = await freePort();
  network = `http://127.0.0.2:${port}`;
  bank = await startTestBank({ host: '0.0.0.0', port, publicUrl: network, controlToken: TOKEN });
});
afterAll(() => bank.stop());

const asTrainer = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const control = (path: string, init: RequestInit = {}): Promise<Response> => fetch(`${network}/simulator/v1${path}`, init);

async function phoneLink(psuId: string): Promise<PhoneLink & { token: string }> {
  const res = await control('/phone-links', { method: 'POST', headers: asTrainer, body: JSON.stringify({ psuId }) });
  expect(res.status).toBe(201);
  const link = (await res.json()) as PhoneLink;
  return { ...link, token: new URL(link.url).hash.replace('#phone=', '') };
}

async function journeysAs(headers: Record<string, string>): Promise<ScaJourney[]> {
  const res = await control('/sca', { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as ScaJourney[];
}

describe('a phone link', () => {
  it('is made for a customer of the dataset, with the public address and whether phones reach it', async () => {
    const link = await phoneLink('FRA-SOLO');
    expect(link).toMatchObject({ psuId: 'FRA-SOLO', institution: 'frankfurt', reachable: true });
    expect(link.psuName).not.toBe('');
    expect(link.url).toMatch(new RegExp(`^${network}/#phone=[A-Za-z0-9_-]{43}$`));
    expect((await control('/phone-links', { method: 'POST', headers: asTrainer, body: JSON.stringify({ psuId: 'NOBODY' }) })).status).toBe(404);
    expect((await control('/phone-links', { method: 'POST', headers: asTrainer, body: JSON.stringify({ psuId: 'FRA-SOLO', extra: 1 }) })).status).toBe(400);
    // Only the trainer makes links: without the control token, none.
    expect((await control('/phone-links', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"psuId":"FRA-SOLO"}' })).status).toBe(401);
  });

  it("reads and decides its customer's journeys only, and reaches nothing else, whatever the spelling", async () => {
    // The demo TPP reads the simulated clock with the control token, as `flow --token` does.
    const tpp = tppClientFor({ origin: network, tls: null, controlToken: TOKEN }, bank.client);
    const mine = await tpp.startConsent('frankfurt', 'FRA-SOLO');
    const theirs = await tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const link = await phoneLink('FRA-SOLO');
    const asPhone = { authorization: `Bearer ${link.token}`, 'content-type': 'application/json' };

    const seen = await journeysAs(asPhone);
    expect(seen.map((j) => j.psuId)).toEqual(seen.map(() => 'FRA-SOLO'));
    expect(seen.map((j) => j.journeyId)).toContain(mine.journeyId);
    expect((await journeysAs(asTrainer)).map((j) => j.journeyId)).toContain(theirs.journeyId);
    const consents = (await (await control('/consents', { headers: asPhone })).json()) as { consentId: string }[];
    expect(consents.map((c) => c.consentId)).toEqual([mine.consentId]);
    const psus = (await (await control('/psus', { headers: asPhone })).json()) as { psuId: string }[];
    expect(psus.map((p) => p.psuId)).toEqual(['FRA-SOLO']);

    // Another customer's journey is as if it did not exist, to read and to decide.
    expect((await control(`/sca/${theirs.journeyId}`, { headers: asPhone })).status).toBe(404);
    expect((await control(`/sca/${theirs.journeyId}`, { method: 'POST', headers: asPhone, body: '{"action":"approve"}' })).status).toBe(404);

    for (const [method, path] of [
      ['GET', '/exchanges'],
      ['GET', '/info'],
      ['GET', '/%65xchanges'],
      ['GET', '/openapi.json'],
      ['POST', '/faults'],
      ['POST', '/phone-links'],
      ['POST', '/reset'],
      ['POST', `/consents/${mine.consentId}/revoke`],
    ] as const) {
      const res = await control(path, { method, headers: asPhone, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      const body = (await res.json()) as { tppMessages: { code: string; text: string }[] };
      expect(body.tppMessages[0]?.text).toContain('approvals only');
    }

    await tpp.openScaLink(mine.scaRedirect);
    const decided = await control(`/sca/${mine.journeyId}`, { method: 'POST', headers: asPhone, body: '{"action":"approve"}' });
    expect(decided.status).toBe(200);
    expect(((await decided.json()) as ScaJourney).status).toBe('finalised');
  });

  it("streams its customer's journeys and the clock only: no exchange, no other customer's journey", async () => {
    const link = await phoneLink('FRA-SOLO');
    const controller = new AbortController();
    const res = await control('/events', { headers: { authorization: `Bearer ${link.token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const tpp = tppClientFor({ origin: network, tls: null, controlToken: TOKEN }, bank.client);
    await tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const mine = await tpp.startConsent('frankfurt', 'FRA-SOLO');
    // Read until this customer's journey is told: everything before it was told to the phone too.
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes(mine.journeyId)) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const types = [...text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t) => t === 'sca' || t === 'clock')).toBe(true);
    expect(text).not.toContain('FRA-CREATOR');
  });

  it('trades its token for a cookie the phone page and its event stream carry', async () => {
    const link = await phoneLink('FRA-SOLO');
    const traded = await control('/phone-session', { method: 'POST', headers: { authorization: `Bearer ${link.token}` } });
    expect(traded.status).toBe(204);
    const cookie = (traded.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(traded.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Strict/);
    expect((await control('/sca', { headers: { cookie } })).status).toBe(200);
    expect((await control('/exchanges', { headers: { cookie } })).status).toBe(403);
  });

  it('ends with New class', async () => {
    const link = await phoneLink('FRA-SOLO');
    const asPhone = { authorization: `Bearer ${link.token}` };
    expect((await control('/sca', { headers: asPhone })).status).toBe(200);
    const reset = await control('/reset', { method: 'POST', headers: asTrainer, body: JSON.stringify({ log: true, runs: true }) });
    expect(reset.status).toBeLessThan(300);
    expect((await control('/sca', { headers: asPhone })).status).toBe(401);
  });

  it('ends when its customer, added for a lesson, is removed', async () => {
    const added = await control('/psus', {
      method: 'POST',
      headers: asTrainer,
      body: JSON.stringify({
        psuId: 'FRA-PHONE-ONLY',
        name: 'Lena Vogel',
        institution: 'frankfurt',
        corporateId: 'FRA-CORP-2',
        accounts: [{ resourceId: 'FRA-ACC-04', permissions: ['ais', 'paymentAuthorisation'] }],
        role: 'Approves on her own phone',
      }),
    });
    expect(added.status).toBe(201);
    const link = await phoneLink('FRA-PHONE-ONLY');
    const traded = await control('/phone-session', { method: 'POST', headers: { authorization: `Bearer ${link.token}` } });
    const cookie = (traded.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect((await control('/sca', { headers: { cookie } })).status).toBe(200);
    expect((await control('/psus/FRA-PHONE-ONLY', { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(204);
    expect((await control('/sca', { headers: { authorization: `Bearer ${link.token}` } })).status).toBe(401);
    const ended = await control('/sca', { headers: { cookie } });
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { tppMessages: { text: string }[] }).tppMessages[0]?.text).toMatch(/removing a customer ends theirs/);
  });
});

describe('a phone link on a simulator that listens on this machine only', () => {
  let local: TestBank;
  beforeAll(async () => {
    local = await startTestBank();
  });
  afterAll(() => local?.stop());

  it('says phones cannot reach it, and still reaches its customer only', async () => {
    const res = await fetch(`${local.url}/simulator/v1/phone-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"psuId":"FRA-SOLO"}',
    });
    const link = (await res.json()) as PhoneLink;
    expect(link.reachable).toBe(false);
    const asPhone = { authorization: `Bearer ${new URL(link.url).hash.replace('#phone=', '')}` };
    expect((await fetch(`${local.url}/simulator/v1/sca`, { headers: asPhone })).status).toBe(200);
    expect((await fetch(`${local.url}/simulator/v1/exchanges`, { headers: asPhone })).status).toBe(403);
  });
});
