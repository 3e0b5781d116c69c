// The request limits docs/tpp-developers.md#choices-where-the-spec-says-not-shown states, each answered in the bank's shape (tppMessages) at the limit
// plus one and passed at the limit: header lines, header block, URL, path parameter, body (a 50 MiB
// upload reads its 413 instead of a reset connection).
import { request as httpRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, CONNECTION_TIMEOUTS, MAX_HEADER_BYTES, MAX_HEADER_LINES, MAX_PARAM_LENGTH, MAX_URL_BYTES } from '../../main/http/limits';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let port: number;
beforeAll(async () => {
  bank = await startTestBank();
  port = bank.sim.port;
});
afterAll(() => bank.stop());

/** Writes exactly these bytes and reads the answer to the end of the connection (every refusal closes it). */
function raw(text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      // A keep-alive answer does not close: stop once the body announced has come.
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && Buffer.byteLength(body) >= Number(length)) socket.end();
    });
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), body: answer.split('\r\n\r\n').slice(1).join('\r\n\r\n') }));
    socket.on('error', reject);
    socket.write(text);
  });
}

const get = (target: string, extra: string[] = []): Promise<{ status: number; body: string }> =>
  raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${extra.map((line) => `${line}\r\n`).join('')}\r\n`);

const bankMessage = (body: string): { code: string; text: string } =>
  (JSON.parse(body) as { tppMessages: { code: string; text: string }[] }).tppMessages[0] as { code: string; text: string };

describe('request limits, in the bank’s shape', () => {
  it(`at most ${MAX_HEADER_LINES} header lines (Host counts): one more is 431`, async () => {
    const lines = (n: number): string[] => Array.from({ length: n }, (_, i) => `X-Line-${i}: ${i}`);
    expect((await get('/simulator/v1/info', lines(MAX_HEADER_LINES - 1))).status).toBe(200);
    const over = await get('/simulator/v1/info', lines(MAX_HEADER_LINES));
    expect(over.status).toBe(431);
    expect(bankMessage(over.body)).toMatchObject({ code: 'FORMAT_ERROR', text: `a request may carry at most ${MAX_HEADER_LINES} header lines` });
    // Lines past Node's own count are not dropped unseen: 3,000 are refused too.
    expect(
      (
        await get(
          '/simulator/v1/info',
          lines(3_000).map((l) => l.slice(0, 12)),
        )
      ).status,
    ).toBe(431);
  });

  it(`a header block over ${MAX_HEADER_BYTES / 1024} KiB is 431`, async () => {
    const over = await get('/simulator/v1/info', [`X-Big: ${'a'.repeat(MAX_HEADER_BYTES)}`]);
    expect(over.status).toBe(431);
    expect(bankMessage(over.body)).toMatchObject({ code: 'FORMAT_ERROR', text: `the request's header block is over ${MAX_HEADER_BYTES / 1024} KiB` });
  });

  it(`a path and query over ${MAX_URL_BYTES / 1024} KiB is 414; at the limit it is read`, async () => {
    const target = (bytes: number): string => `/simulator/v1/info?x=${'a'.repeat(bytes - '/simulator/v1/info?x='.length)}`;
    expect((await get(target(MAX_URL_BYTES))).status).toBe(200);
    const over = await get(target(MAX_URL_BYTES + 1));
    expect(over.status).toBe(414);
    expect(bankMessage(over.body)).toMatchObject({ code: 'FORMAT_ERROR', text: `the request's path and query are over ${MAX_URL_BYTES / 1024} KiB` });
    // Longer than the whole header block too (which Node counts the request line into): still the URL's 414.
    for (const bytes of [MAX_HEADER_BYTES + 1, 100 * 1024]) {
      const huge = await get(target(bytes));
      expect(huge.status, `${bytes} bytes`).toBe(414);
      expect(bankMessage(huge.body).text).toBe(`the request's path and query are over ${MAX_URL_BYTES / 1024} KiB`);
    }
  });

  it(`a path parameter over ${MAX_PARAM_LENGTH} characters is 414`, async () => {
    const at = await get(`/frankfurt/berlingroup/v1/consents/${'a'.repeat(MAX_PARAM_LENGTH)}/status`, [`X-Request-ID: ${crypto.randomUUID()}`]);
    expect(at.status).toBe(401);
    const over = await get(`/frankfurt/berlingroup/v1/consents/${'a'.repeat(MAX_PARAM_LENGTH + 1)}/status`, [`X-Request-ID: ${crypto.randomUUID()}`]);
    expect(over.status).toBe(414);
    expect(bankMessage(over.body)).toMatchObject({
      code: 'FORMAT_ERROR',
      text: `a path parameter is longer than ${MAX_PARAM_LENGTH} characters: no identifier of this bank is`,
    });
  });

  it.each([
    ['with its Content-Length', { 'content-length': String(50 * 1024 * 1024) }],
    ['chunked, its size unknown until it is read', {}],
  ])(
    `a body over ${BODY_LIMIT_BYTES / 1024 / 1024} MiB sent %s: a client sending 50 MiB reads the 413, not a reset connection`,
    async (_how, sizing) => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/frankfurt/berlingroup/v1/consents',
            headers: { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID(), ...sizing },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const write = (): void => {
          while (sent < 50) {
            sent++;
            if (!req.write(chunk)) {
              req.once('drain', write);
              return;
            }
          }
          req.end();
        };
        write();
      });
      expect(answer.status).toBe(413);
      expect(bankMessage(answer.body)).toMatchObject({ code: 'FORMAT_ERROR', text: 'Request body is too large' });
    },
    60_000,
  );
});

describe('slow and idle connections (a short timeout each, set through the server option)', () => {
  const SHORT = { headersMs: 1_500, bodyMs: 1_500, idleMs: 1_500 };
  let slow: TestBank;
  beforeAll(async () => {
    slow = await startTestBank({ connectionTimeouts: SHORT });
  });
  afterAll(() => slow.stop());

  /** A socket doing `act`, with when it closed (ms after connecting) and everything it was sent. */
  function watch(act: (write: (text: string) => void) => void): Promise<{ closedAfter: number; answer: string }> {
    return new Promise((resolve) => {
      const socket = connect(slow.sim.port, '127.0.0.1');
      const opened = Date.now();
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        resolve({ closedAfter: Date.now() - opened, answer });
      });
      socket.on('connect', () =>
        act((text) => {
          if (!socket.destroyed) socket.write(text);
        }),
      );
    });
  }
  const host = (): string => `Host: 127.0.0.1:${slow.sim.port}\r\n`;
  const status = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const text = (answer: string): string => bankMessage(answer.split('\r\n\r\n')[1] ?? '').text;
  /** Writes `first`, then `piece` every 250 ms until the socket closes (at most 40 pieces, 10 s). */
  const dripping = (first: string, piece: string) => (write: (text: string) => void) => {
    write(first);
    let left = 40;
    const timer = setInterval(() => (left-- > 0 ? write(piece) : clearInterval(timer)), 250);
    timer.unref();
  };

  it('a connection that sends nothing is answered 408 and closed once the header block is due', async () => {
    const { closedAfter, answer } = await watch(() => undefined);
    expect(status(answer)).toBe(408);
    expect(text(answer)).toBe("the request's header block did not arrive within 1.5 s");
    expect(closedAfter).toBeGreaterThanOrEqual(SHORT.headersMs - 100);
    expect(closedAfter).toBeLessThan(SHORT.headersMs + 1_500);
  });

  it('a header block dripped a line at a time is answered 408 and closed when due, however busy it keeps the socket', async () => {
    const { closedAfter, answer } = await watch(dripping(`GET /simulator/v1/info HTTP/1.1\r\n${host()}`, 'X-Slow: 1\r\n'));
    expect(status(answer)).toBe(408);
    expect(closedAfter).toBeGreaterThanOrEqual(SHORT.headersMs - 100);
    expect(closedAfter).toBeLessThan(SHORT.headersMs + 1_500);
  });

  it('a body dripped a byte at a time is answered 408 and closed when due, and changes nothing', async () => {
    const before = await (await fetch(`${slow.url}/simulator/v1/clock`)).text();
    const head = `POST /simulator/v1/clock HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"advance":"P1D"`;
    const { closedAfter, answer } = await watch(dripping(head, ' '));
    expect(status(answer)).toBe(408);
    expect(text(answer)).toBe("the request's body did not arrive within 1.5 s of its header block");
    expect(closedAfter).toBeGreaterThanOrEqual(SHORT.bodyMs - 100);
    expect(closedAfter).toBeLessThan(SHORT.bodyMs + 1_500);
    const moved = Date.parse(JSON.parse(await (await fetch(`${slow.url}/simulator/v1/clock`)).text()).now) - Date.parse(JSON.parse(before).now);
    expect(moved, 'the day was not advanced').toBeLessThan(60_000);
  });

  it('an idle keep-alive connection is closed when due; a slow body that arrives in time is answered', async () => {
    const idle = await watch((write) => write(`GET /simulator/v1/info HTTP/1.1\r\n${host()}\r\n`));
    expect(status(idle.answer)).toBe(200);
    expect(idle.closedAfter).toBeGreaterThanOrEqual(SHORT.idleMs - 100);
    expect(idle.closedAfter).toBeLessThan(SHORT.idleMs + 1_500);

    const body = '{"paused":true}';
    const inTime = await watch((write) => {
      write(`POST /simulator/v1/clock HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      setTimeout(() => write(body), SHORT.bodyMs - 700);
    });
    expect(status(inTime.answer), inTime.answer).toBe(200);
  });

  it('the defaults are the documented 30 s each', () => {
    expect(CONNECTION_TIMEOUTS).toEqual({ headersMs: 30_000, bodyMs: 30_000, idleMs: 30_000 });
    const limits = readFileSync('docs/tpp-developers.md', 'utf8');
    expect(limits).toContain('the header block must arrive within 30 s of its first byte and the body within 30 s of the header block');
    expect(limits).toContain('an idle keep-alive connection is closed after 30 s');
  });
});
