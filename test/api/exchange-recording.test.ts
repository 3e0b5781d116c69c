// What the traffic log records of each bank exchange, and which requests are bank traffic at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, expectBgError, startTestBank, tppToken, type TestBank } from '../support/simulator';
import { LOG_BODY_LIMIT } from '../../main/services/context';

interface Message {
  headers: Record<string, string | string[]>;
  body: string | null;
  bodySize: number;
  truncated: boolean;
}
interface Exchange {
  id: number;
  institution: string | null;
  method: string;
  url: string;
  durationMs: number;
  request: Message;
  response: Message & { status: number };
}

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const newest = async (): Promise<Exchange> => {
  const list = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body as Exchange[];
  expect(list).toHaveLength(1);
  return (await call(bank, 'GET', `/simulator/v1/exchanges/${list[0]!.id}`)).body as Exchange;
};

describe('each bank exchange is recorded whole', () => {
  it('a refused request: its headers, the exact answer, the echoed X-Request-ID, the institution and a duration', async () => {
    const requestId = crypto.randomUUID();
    const res = await call(bank, 'GET', '/frankfurt/berlingroup/v1/nothing-here?x=1', { headers: { 'x-request-id': requestId } });
    expectBgError(res, 404, 'RESOURCE_UNKNOWN');
    expect(res.headers['x-request-id']).toBe(requestId);
    const logged = await newest();
    expect(logged).toMatchObject({ institution: 'frankfurt', method: 'GET', url: '/frankfurt/berlingroup/v1/nothing-here?x=1' });
    expect(logged.durationMs).toBeGreaterThanOrEqual(0);
    expect(logged.request.headers['x-request-id']).toBe(requestId);
    expect(logged.request).toMatchObject({ body: null, bodySize: 0, truncated: false });
    expect(logged.response).toMatchObject({ status: 404, body: res.text, bodySize: Buffer.byteLength(res.text), truncated: false });
    expect(logged.response.headers).toMatchObject({
      'x-request-id': requestId,
      'content-type': res.headers['content-type'],
      'content-length': res.headers['content-length'],
    });
  });

  it('a body over the log’s limit is kept cut to it, with the size received', async () => {
    const token = await tppToken(bank);
    const body = Buffer.alloc(LOG_BODY_LIMIT + 1000, 'a');
    const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
      headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    const logged = await newest();
    expect(logged.request).toMatchObject({ bodySize: body.length, truncated: true });
    expect(logged.request.body).toBe(body.subarray(0, LOG_BODY_LIMIT).toString('utf8'));
    expect(logged.response).toMatchObject({ body: res.text, truncated: false });
  });

  it('an over-long X-Request-ID is not echoed, and the answer is still recorded', async () => {
    const res = await call(bank, 'GET', '/frankfurt/berlingroup/v1/nothing-here', { headers: { 'x-request-id': 'x'.repeat(101) } });
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBeUndefined();
    expect((await newest()).response.headers['x-request-id']).toBeUndefined();
  });
});

describe('bank traffic, and only it, goes to the log', () => {
  const count = async (): Promise<number> => Number((await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).headers['x-total-count']);

  for (const path of [
    '/simulator/v1/info',
    '/sca/some-journey/status',
    '/sca/some-journey/status?t=1',
    '/simulator/berlingroup/v1/consents',
    '/frankfurt/other/v1/x',
    '/',
  ]) {
    it(`${path} is not recorded`, async () => {
      const before = await count();
      await call(bank, 'GET', path);
      expect(await count()).toBe(before);
    });
  }

  for (const [path, institution] of [
    ['/sca/some-journey', null],
    ['/sca/some-journey/statuses', null],
    ['/frankfurt/oauth/v1/token', 'frankfurt'],
    ['/frankfurt/sandboxauth/v1/authorize', 'frankfurt'],
    ['/frankfurt/sandbox/v1/signature', 'frankfurt'],
  ] as const) {
    it(`${path} is recorded, institution ${institution}`, async () => {
      await call(bank, 'GET', path);
      expect(await newest()).toMatchObject({ url: path, institution });
    });
  }
});

describe('X-Request-ID on the Berlin Group operations only', () => {
  it('the automatic HEAD of a Berlin Group read needs it too', async () => {
    const res = await call(bank, 'HEAD', '/frankfurt/berlingroup/v1/consents/some-consent/status');
    expect(res.status).toBe(400);
  });

  it('a path that is no operation is RESOURCE_UNKNOWN, X-Request-ID or not', async () => {
    expectBgError(await call(bank, 'GET', '/frankfurt/berlingroup/v1/nothing-here'), 404, 'RESOURCE_UNKNOWN');
  });
});
