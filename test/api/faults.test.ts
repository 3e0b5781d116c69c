// Faults on demand (docs/testing-your-tpp.md): rules set through the control API answer the
// bank's traffic with an error status (Berlin Group shape, Retry-After), a delay or a dribbled answer,
// before the bank acts or after it; `times`, `after` and a seeded `probability` decide which requests;
// every faulted answer is marked in the traffic log.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addFaultRule, controlJson, tokenRequest as bankTokenRequest } from '../support/control';
import { readTemplate } from '../../main/tpp/templates';
import type { PsuSession } from '../../main/tpp/session';
import { startTestBank, startTestBankWithPsu, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let creator: PsuSession;
beforeAll(async () => {
  ({ bank, psu: creator } = await startTestBankWithPsu('frankfurt', 'FRA-CREATOR'));
});
afterAll(() => bank.stop());
afterEach(async () => {
  await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
});

const control = (method: string, path: string, body?: unknown) => controlJson(bank, method, path, body);
const addFault = (rule: unknown): Promise<any> => addFaultRule(bank, rule);

const tokenRequest = (institution = 'frankfurt'): Promise<Response> => bankTokenRequest(bank, institution);
const paymentCount = async (): Promise<number> => Number((await fetch(`${bank.url}/simulator/v1/payments?limit=1`)).headers.get('x-total-count'));

describe('the fault rules: POST, GET, DELETE', () => {
  it('adds a rule (201 with its id and defaults), lists it with its counters, removes one and all', async () => {
    const rule = await addFault({ match: { operation: 'payment-status', institution: 'frankfurt' }, action: { status: 503 }, note: 'maintenance' });
    expect(rule).toMatchObject({
      id: expect.any(Number),
      when: 'before',
      times: null,
      after: 0,
      probability: 1,
      seed: expect.any(Number),
      note: 'maintenance',
      matched: 0,
      fired: 0,
      retired: false,
      description: '503, before the bank acts',
    });
    const second = await addFault({ match: {}, action: { delayMs: 10 } });
    expect((await control('GET', '/faults')).body.map((r: { id: number }) => r.id)).toEqual([rule.id, second.id]);
    expect((await control('DELETE', `/faults/${rule.id}`)).status).toBe(204);
    expect((await control('GET', '/faults')).body.map((r: { id: number }) => r.id)).toEqual([second.id]);
    expect((await control('DELETE', `/faults/${rule.id}`)).status).toBe(404);
    expect((await control('DELETE', '/faults')).status).toBe(204);
    expect((await control('GET', '/faults')).body).toEqual([]);
  });

  it('refuses what it does not describe or the bank does not have, naming it', async () => {
    const refused = async (rule: unknown): Promise<string> => {
      const res = await control('POST', '/faults', rule);
      expect(res.status).toBe(400);
      return res.body.tppMessages[0].text;
    };
    expect(await refused({ match: {}, action: { status: 503 }, x: 1 })).toBe('the body has no field x');
    expect(await refused({ match: { operation: 'payment-status', verb: 'GET' }, action: { status: 503 } })).toBe('match has no field verb');
    expect(await refused({ match: {}, action: { status: 503, delayMs: 5 } })).toBe('action has no field delayMs');
    expect(await refused({ match: {}, action: { status: 418 } })).toContain('status');
    expect(await refused({ match: { operation: 'payment-teleport' }, action: { status: 503 } })).toContain('is no operation of the bank');
    expect(await refused({ match: { institution: 'atlantis' }, action: { status: 503 } })).toContain('is no institution of the bank');
    expect(await refused({ match: {}, action: { status: 503, code: 'TEAPOT' } })).toContain('is no Berlin Group code');
    expect(await refused({ match: {}, action: { delay: { uniform: [500, 100] } } })).toContain('lower at most upper');
    expect(await refused({ match: {}, action: { delayMs: 600_000 } })).toBe('action.delayMs must be at most 60,000');
    // At most 100 rules at once (docs/testing-your-tpp.md).
    for (let i = 0; i < 100; i++) await addFault({ match: { institution: 'paris' }, action: { delayMs: 1 } });
    expect(await refused({ match: {}, action: { delayMs: 1 } })).toBe('at most 100 fault rules at once; DELETE /simulator/v1/faults clears them');
  });
});

describe('actions', () => {
  it('an error status before the bank acts: Berlin Group shape, Retry-After, the mark, and no state changed', async () => {
    await addFault({ match: { operation: 'payment-create' }, action: { status: 503, retryAfter: 7 } });
    const before = await paymentCount();
    const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.headers['psd2-workbench-fault']).toMatch(/^rule \d+: 503 \(Retry-After 7 s\), before the bank acts$/);
    expect(res.body).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: expect.stringContaining('the bank answers 503 on purpose') }],
    });
    expect(await paymentCount()).toBe(before);
    // The log keeps the answer as sent, mark included.
    const [logged] = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).json()) as {
      response: { status: number; headers: Record<string, string> };
    }[];
    expect(logged?.response.status).toBe(503);
    expect(logged?.response.headers['psd2-workbench-fault']).toBe(res.headers['psd2-workbench-fault']);
    // And a search finds the injected answers.
    const found = await fetch(`${bank.url}/simulator/v1/exchanges?q=psd2-workbench-fault&limit=10`);
    expect(Number(found.headers.get('x-total-count'))).toBeGreaterThanOrEqual(1);
  });

  it('after the bank acts: the payment is made, the TPP is answered 503 (the case a TPP must not answer by creating it again)', async () => {
    await addFault({ match: { operation: 'payment-create' }, action: { status: 503 }, when: 'after' });
    const before = await paymentCount();
    const res = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    expect(res.status).toBe(503);
    expect(res.headers['psd2-workbench-fault']).toContain('after the bank acts');
    expect(await paymentCount()).toBe(before + 1);
  });

  it('429 answers TOO_MANY_REQUESTS; a code given is the code sent', async () => {
    await addFault({ match: { operation: 'token-client-credentials' }, action: { status: 429, retryAfter: 2 }, times: 1 });
    await addFault({ match: { operation: 'token-client-credentials' }, action: { status: 500, code: 'PAYMENT_FAILED' }, times: 1 });
    const first = await tokenRequest();
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('2');
    expect(((await first.json()) as any).tppMessages[0].code).toBe('TOO_MANY_REQUESTS');
    const second = await tokenRequest();
    expect(second.status).toBe(500);
    expect(((await second.json()) as any).tppMessages[0].code).toBe('PAYMENT_FAILED');
    expect((await tokenRequest()).status).toBe(200);
  });

  it('delays: a fixed one, a uniform one within its bounds; then the real answer', async () => {
    await addFault({ match: { operation: 'token-client-credentials' }, action: { delayMs: 300 }, times: 1 });
    let started = performance.now();
    expect((await tokenRequest()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
    await addFault({ match: { operation: 'token-client-credentials' }, action: { delay: { uniform: [150, 250] } }, times: 3, seed: 7 });
    for (let i = 0; i < 3; i++) {
      started = performance.now();
      const res = await tokenRequest();
      const took = performance.now() - started;
      expect(res.status).toBe(200);
      expect(res.headers.get('psd2-workbench-fault')).toContain('a delay of 150-250 ms');
      expect(took).toBeGreaterThanOrEqual(145);
      expect(took, 'the upper bound and some room for a busy machine').toBeLessThan(5_000);
    }
    await addFault({ match: { operation: 'token-client-credentials' }, action: { delay: { lognormal: { medianMs: 50, sigma: 0.5 } } }, times: 1 });
    expect((await tokenRequest()).headers.get('psd2-workbench-fault')).toContain('a log-normal delay (median 50 ms)');
  });

  it('a dribble sends the real answer in pieces over its time, whole', async () => {
    await addFault({ match: { operation: 'token-client-credentials' }, action: { dribbleMs: 600 }, times: 1 });
    const auth = Buffer.from(`${bank.client.clientId}:${bank.client.clientSecret}`).toString('base64');
    const form = 'grant_type=client_credentials';
    const arrivals: number[] = [];
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(bank.sim.port, '127.0.0.1');
      const opened = performance.now();
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        arrivals.push(performance.now() - opened);
        answer += chunk;
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
      socket.write(
        `POST /frankfurt/oauth/v1/token HTTP/1.1\r\nHost: 127.0.0.1:${bank.sim.port}\r\nAuthorization: Basic ${auth}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\nConnection: close\r\n\r\n${form}`,
      );
    });
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(text).toMatch(/^transfer-encoding: chunked$/im);
    // The chunks joined: the bank's whole answer.
    let rest = text.slice(text.indexOf('\r\n\r\n') + 4);
    let body = '';
    for (let size = parseInt(rest, 16); size > 0; size = parseInt(rest, 16)) {
      const start = rest.indexOf('\r\n') + 2;
      body += rest.slice(start, start + size);
      rest = rest.slice(start + size + 2);
    }
    expect(JSON.parse(body)).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
    expect(arrivals.length).toBeGreaterThan(5);
    expect((arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThan(400);
  });
});

/** A token request over a raw socket: what came back before the connection ended, and how it ended. */
function rawTokenRequest(): Promise<{ received: string; ended: 'reset' | 'closed' }> {
  const auth = Buffer.from(`${bank.client.clientId}:${bank.client.clientSecret}`).toString('base64');
  const form = 'grant_type=client_credentials';
  return new Promise((resolve) => {
    const socket = connect(bank.sim.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ received, ended: err.code === 'ECONNRESET' ? 'reset' : 'closed' }));
    socket.on('close', () => resolve({ received, ended: 'closed' }));
    socket.write(
      `POST /frankfurt/oauth/v1/token HTTP/1.1\r\nHost: 127.0.0.1:${bank.sim.port}\r\nAuthorization: Basic ${auth}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`,
    );
  });
}
const lastLogged = async (): Promise<{ response: { status: number; headers: Record<string, string>; body: string | null } }> =>
  ((await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).json()) as never[])[0] as never;

describe('dropped connections, as a raw socket client sees them', () => {
  it('reset: the connection is reset with nothing sent; empty: closed with nothing sent; each logged as no answer (status 0)', async () => {
    await addFault({ match: { operation: 'token-client-credentials' }, action: { drop: 'reset' }, times: 1 });
    expect(await rawTokenRequest()).toEqual({ received: '', ended: 'reset' });
    expect((await lastLogged()).response).toMatchObject({
      status: 0,
      headers: { 'psd2-workbench-fault': expect.stringContaining('the connection reset, before the bank acts') },
    });
    await addFault({ match: { operation: 'token-client-credentials' }, action: { drop: 'empty' }, times: 1 });
    expect(await rawTokenRequest()).toEqual({ received: '', ended: 'closed' });
    expect((await lastLogged()).response.status).toBe(0);
    // The rules retired: the next request is answered.
    expect((await tokenRequest()).status).toBe(200);
  });

  it('partial: the head and half the body, then closed; the log keeps what was sent', async () => {
    await addFault({ match: { operation: 'token-client-credentials' }, action: { drop: 'partial' }, times: 1 });
    const { received } = await rawTokenRequest();
    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(Math.floor(length / 2));
    const logged = await lastLogged();
    expect(logged.response.status).toBe(200);
    expect(logged.response.headers['psd2-workbench-fault']).toContain('halfway');
  });

  it('before the bank acts nothing changes; after it, the payment is made though the connection was reset', async () => {
    await addFault({ match: { operation: 'payment-create' }, action: { drop: 'reset' }, times: 1 });
    const before = await paymentCount();
    await expect(bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).rejects.toThrow();
    expect(await paymentCount()).toBe(before);
    await addFault({ match: { operation: 'payment-create' }, action: { drop: 'reset' }, when: 'after', times: 1 });
    await expect(bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).rejects.toThrow();
    expect(await paymentCount()).toBe(before + 1);
  });
});

describe('which requests: times, after, probability with a seed', () => {
  it('after skips the first matches, times retires the rule', async () => {
    const rule = await addFault({ match: { operation: 'token-client-credentials' }, action: { status: 503 }, after: 2, times: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await tokenRequest()).status);
    expect(statuses).toEqual([200, 200, 503, 503, 200]);
    const [listed] = (await control('GET', '/faults')).body;
    expect(listed).toMatchObject({ id: rule.id, matched: 4, fired: 2, retired: true });
  });

  it('the same seed gives the same sequence; another seed another', async () => {
    const pattern = async (seed: number): Promise<string> => {
      await addFault({ match: { operation: 'token-client-credentials' }, action: { status: 503 }, probability: 0.5, seed });
      let seen = '';
      for (let i = 0; i < 24; i++) seen += (await tokenRequest()).status === 503 ? 'x' : '.';
      await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
      return seen;
    };
    const first = await pattern(42);
    expect(first).toMatch(/x/);
    expect(first).toMatch(/\./);
    expect(await pattern(42)).toBe(first);
    expect(await pattern(43)).not.toBe(first);
  });

  it('matches by method and a path glob; a rule that matches nothing leaves the traffic alone', async () => {
    await addFault({ match: { method: 'POST', path: '/*/oauth/v1/**' }, action: { status: 502 }, times: 1 });
    await addFault({ match: { institution: 'paris' }, action: { status: 504 } });
    expect((await tokenRequest()).status).toBe(502);
    expect((await tokenRequest()).status).toBe(200);
    // The glob is matched on the path as the router read it: one letter percent-encoded is the same path.
    await addFault({ match: { path: '/frankfurt/oauth/v1/token' }, action: { status: 503 }, times: 1 });
    const encoded = await fetch(`${bank.url}/frankfurt/%6Fauth/v1/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${bank.client.clientId}:${bank.client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(encoded.status).toBe(503);
  });
});

describe('serve --faults FILE.json', () => {
  it('sets the file’s rules at start, held to the API’s schema; a rule that is not one ends the start naming it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-faults-'));
    const file = join(dir, 'faults.json');
    writeFileSync(
      file,
      JSON.stringify([{ match: { operation: 'token-client-credentials' }, action: { status: 503, retryAfter: 3 }, times: 1, note: 'from a file' }]),
    );
    const withRules = await startTestBank({ faultsFile: file });
    try {
      const [rule] = (await (await fetch(`${withRules.url}/simulator/v1/faults`)).json()) as { note: string; fired: number }[];
      expect(rule).toMatchObject({ note: 'from a file', fired: 0 });
      const token = await withRules.tpp.tppToken('frankfurt', { renew: true }).catch((err: Error) => err.message);
      expect(String(token)).toContain('503');
    } finally {
      await withRules.stop();
    }
    writeFileSync(
      file,
      JSON.stringify([
        { match: {}, action: { delayMs: 1 } },
        { match: {}, action: { status: 503, x: 1 } },
      ]),
    );
    await expect(startTestBank({ faultsFile: file })).rejects.toThrow(`--faults ${file}: rule 2: action has no field x`);
    writeFileSync(file, JSON.stringify({ match: { operation: 'payment-teleport' }, action: { status: 503 } }));
    await expect(startTestBank({ faultsFile: file })).rejects.toThrow(
      `--faults ${file}: rule 1: match.operation "payment-teleport" is no operation of the bank`,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
