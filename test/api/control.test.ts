import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  consentHeaders,
  createConsent,
  expectBgError,
  recurringConsentBody,
  startTestBank,
  TEST_NOW,
  tppToken,
  type TestBank,
} from '../support/simulator';
import { psuSession } from '../../main/tpp/journeys';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('control API', () => {
  it('GET info gives version, mode, institutions and now', async () => {
    const res = await call(bank, 'GET', '/simulator/v1/info');
    expect(res.body).toMatchObject({ mode: 'simulation', institutions: ['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels'] });
    expect(res.body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Math.abs(Date.parse(res.body.now) - Date.parse(TEST_NOW))).toBeLessThan(60_000);
  });

  it('GET psus lists the dataset PSUs with their accounts', async () => {
    const psus = (await call(bank, 'GET', '/simulator/v1/psus')).body as any[];
    const institutions = new Set(psus.map((p) => p.institution));
    expect(institutions).toEqual(new Set(['london', 'frankfurt', 'paris', 'dusseldorf', 'brussels']));
    for (const p of psus) {
      expect(p).toHaveProperty('psuId');
      expect(p).toHaveProperty('name');
      expect(p).toHaveProperty('corporateId');
      expect(p).toHaveProperty('signatoryGroup');
      for (const a of p.accounts) expect(a).toHaveProperty('resourceId');
    }
    const london = psus.find((p) => p.institution === 'london' && p.accounts.length > 0);
    expect(london.accounts[0].currency).toBe('GBP');
  });

  describe('clock', () => {
    it('--now starts the clock; GET clock reads it', async () => {
      const res = await call(bank, 'GET', '/simulator/v1/clock');
      expect(Math.abs(Date.parse(res.body.now) - Date.parse(TEST_NOW))).toBeLessThan(60_000);
    });

    it('advance takes any ISO-8601 duration', async () => {
      const before = Date.parse((await call(bank, 'GET', '/simulator/v1/clock')).body.now);
      const res = await call(bank, 'POST', '/simulator/v1/clock', json({ advance: 'P1DT2H' }));
      expect(res.status).toBe(200);
      expect(Date.parse(res.body.now) - before).toBeGreaterThanOrEqual(26 * 3600_000);
      expect(Date.parse(res.body.now) - before).toBeLessThan(26 * 3600_000 + 10_000);
    });

    it('set moves to an instant', async () => {
      const res = await call(bank, 'POST', '/simulator/v1/clock', json({ set: '2026-03-29T00:30:00Z' }));
      expect(Date.parse(res.body.now) - Date.parse('2026-03-29T00:30:00Z')).toBeLessThan(5_000);
      await call(bank, 'POST', '/simulator/v1/clock', json({ set: TEST_NOW }));
    });

    for (const bad of [{ advance: '90 days' }, { advance: 'P' }, { set: 'yesterday' }, { set: '2026-13-01T00:00:00Z' }, {}, []]) {
      it(`refuses ${JSON.stringify(bad)} with FORMAT_ERROR`, async () => {
        expectBgError(await call(bank, 'POST', '/simulator/v1/clock', json(bad)), 400, 'FORMAT_ERROR');
      });
    }
  });

  describe('exchanges', () => {
    it('records every bank request with method, path, headers, body, status, response and duration', async () => {
      const token = await tppToken(bank);
      const headers = consentHeaders(token, 'FRA-CREATOR');
      const body = recurringConsentBody();
      const post = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', { headers, body });
      const log = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=5')).body as any[];
      const entry = log[0];
      expect(entry.method).toBe('POST');
      expect(entry.url).toBe('/frankfurt/berlingroup/v1/consents');
      expect(entry.institution).toBe('frankfurt');
      expect(entry.tppId).toBe(bank.client.organizationId);
      expect(entry.request.headers['x-request-id']).toBe(headers['x-request-id']);
      expect(entry.request.body).toBe(body);
      expect(entry.response.status).toBe(201);
      expect(JSON.parse(entry.response.body).consentId).toBe(post.body.consentId);
      expect(entry.durationMs).toBeGreaterThan(0);
      expect(log[1].url).toBe('/frankfurt/oauth/v1/token');
    });

    it('lists newest first and honours limit; control calls are not logged', async () => {
      await call(bank, 'GET', '/frankfurt/berlingroup/v1/consents/x/status');
      const log = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=2')).body as any[];
      expect(log).toHaveLength(2);
      expect(log[0].id).toBeGreaterThan(log[1].id);
      expect(log.every((e) => !e.url.startsWith('/simulator/'))).toBe(true);
    });

    it('a bad limit is FORMAT_ERROR', async () => {
      expectBgError(await call(bank, 'GET', '/simulator/v1/exchanges?limit=0'), 400, 'FORMAT_ERROR');
      expectBgError(await call(bank, 'GET', '/simulator/v1/exchanges?limit=abc'), 400, 'FORMAT_ERROR');
    });
  });

  it('GET events streams new exchanges and state changes as server-sent events', async () => {
    const controller = new AbortController();
    const res = await fetch(`${bank.url}/simulator/v1/events`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const seen: any[] = [];
    const reading = (async () => {
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += Buffer.from(value).toString('utf8');
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) seen.push(JSON.parse(data.slice(6)));
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
        if (seen.some((e) => e.type === 'consent') && seen.some((e) => e.type === 'exchange')) return;
      }
    })();
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    await Promise.race([reading, new Promise((r) => setTimeout(r, 3000))]);
    controller.abort();
    expect(seen.find((e) => e.type === 'consent')).toMatchObject({ consentId: consent.consentId, status: 'received' });
    expect(seen.find((e) => e.type === 'exchange')?.exchange.url).toContain('/frankfurt/');
  });

  it('POST reset returns the bank to the dataset state: consents and tokens are gone', async () => {
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const res = await call(bank, 'POST', '/simulator/v1/reset');
    expect(res.status).toBe(200);
    const read = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
    });
    expectBgError(read, 401, 'TOKEN_INVALID');
    const status = await call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}/status`, {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${await tppToken(bank)}` },
    });
    expectBgError(status, 403, 'CONSENT_UNKNOWN');
    expect(((await call(bank, 'GET', '/simulator/v1/sca')).body as any[]).length).toBe(0);
  });

  it('GET consents lists consents with their effective status', async () => {
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const list = (await call(bank, 'GET', '/simulator/v1/consents')).body as any[];
    expect(list.find((c) => c.consentId === consent.consentId)).toMatchObject({
      institution: 'frankfurt',
      psuId: 'FRA-CREATOR',
      consentStatus: 'received',
      scaStatus: 'started',
    });
    expect(list.some((c) => c.consentId.startsWith('SANDBOX-'))).toBe(false);
  });

  it('POST mode switches between simulation and sandbox; anything else is FORMAT_ERROR', async () => {
    expect((await call(bank, 'POST', '/simulator/v1/mode', json({ mode: 'sandbox' }))).body).toEqual({ mode: 'sandbox' });
    expect((await call(bank, 'GET', '/simulator/v1/info')).body.mode).toBe('sandbox');
    expect((await call(bank, 'POST', '/simulator/v1/mode', json({ mode: 'simulation' }))).body).toEqual({ mode: 'simulation' });
    expectBgError(await call(bank, 'POST', '/simulator/v1/mode', json({ mode: 'chaos' })), 400, 'FORMAT_ERROR');
  });

  it('POST tpps registers another TPP identity; bad input is FORMAT_ERROR', async () => {
    const res = await call(bank, 'POST', '/simulator/v1/tpps', json({ organizationId: 'PSDBE-NBB-0123456789', roles: ['PSP_AI'] }));
    expect(res.status).toBe(201);
    expect(res.body.roles).toEqual(['PSP_AI']);
    expectBgError(await call(bank, 'POST', '/simulator/v1/tpps', json({ organizationId: 'ACME' })), 400, 'FORMAT_ERROR');
    expectBgError(await call(bank, 'POST', '/simulator/v1/tpps', json({ organizationId: 'PSDBE-NBB-1', roles: ['ADMIN'] })), 400, 'FORMAT_ERROR');
  });
});

describe('control API beyond loopback', () => {
  it('requires the control token printed at start when the host is not a loopback address', async () => {
    const wide = await startTestBankOn('0.0.0.0');
    try {
      const url = `http://127.0.0.1:${wide.sim.port}`;
      const anonymous = await fetch(`${url}/simulator/v1/sca`);
      expect(anonymous.status).toBe(401);
      const withToken = await fetch(`${url}/simulator/v1/sca`, { headers: { authorization: `Bearer ${wide.sim.controlToken}` } });
      expect(withToken.status).toBe(200);
      const approve = await fetch(`${url}/simulator/v1/sca/${randomUUID()}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"action":"approve"}',
      });
      expect(approve.status).toBe(401);
    } finally {
      await wide.stop();
    }
  });
});

async function startTestBankOn(host: string): Promise<TestBank> {
  const { startTestBank: start } = await import('../support/simulator');
  return start({ host });
}

describe('stopping', () => {
  it('close() finishes promptly while a UI holds the event stream open', async () => {
    const { startTestBank: start } = await import('../support/simulator');
    const local = await start();
    const res = await fetch(`${local.url}/simulator/v1/events`);
    expect(res.status).toBe(200);
    const started = Date.now();
    await local.stop();
    expect(Date.now() - started).toBeLessThan(2000);
    await res.body?.cancel().catch(() => undefined);
  });
});
