// The request limits docs/tpp-developers.md#choices-where-the-spec-says-not-shown states, each answered in the bank's shape (tppMessages) at the limit
// plus one and passed at the limit: header lines, header block, URL, path parameter, body (a 50 MiB
// upload reads its 413 instead of a reset connection).
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, IDLE_TIMEOUT_MS, MAX_HEADER_BYTES, MAX_HEADER_LINES, MAX_PARAM_LENGTH, MAX_URL_BYTES } from '../../main/http/limits';
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

describe('idle connections', () => {
  it(
    `an idle keep-alive connection is closed after ${IDLE_TIMEOUT_MS / 1000} s, not Node's 72`,
    async () => {
      const socket = connect(port, '127.0.0.1');
      const opened = Date.now();
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - opened)));
      socket.write(`GET /simulator/v1/info HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      socket.resume();
      const after = await closed;
      expect(after).toBeGreaterThan(IDLE_TIMEOUT_MS - 1_000);
      expect(after).toBeLessThan(IDLE_TIMEOUT_MS + 5_000);
    },
    IDLE_TIMEOUT_MS + 20_000,
  );
});
