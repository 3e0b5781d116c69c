// Whole-log exports. GET /simulator/v1/exchanges/har takes the filters of GET /exchanges and
// streams HAR 1.2 of every match, not a page; a body that is not UTF-8 goes as base64. GET /exchanges/{id}/curl
// answers the cURL command as text.
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import type { Har } from '../../shared/har';
import { sendRaw } from '../support/qa-forms';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
/** More than the Inspector's page (200) and more than one of the export's slices. */
const FRANKFURT = 180;
const PARIS = 70;
const LATIN1 = Buffer.concat([Buffer.from('{"note":"M'), Buffer.from([0xfc]), Buffer.from('ller"}')]);
const UTF8 = Buffer.from('{"note":"Müller"}', 'utf8');

const get = (path: string) => fetch(`${bank.url}/simulator/v1${path}`);
const accounts = (institution: string, n: number) =>
  sendRaw(bank.url, {
    method: 'GET',
    path: `/${institution}/berlingroup/v1/accounts?n=${n}`,
    headers: [['X-Request-ID', `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`]],
    body: Buffer.alloc(0),
  });
const post = (body: Buffer) =>
  sendRaw(bank.url, { method: 'POST', path: '/frankfurt/berlingroup/v1/consents', headers: [['Content-Type', 'application/json']], body });

beforeAll(async () => {
  bank = await startTestBank();
  for (let n = 0; n < FRANKFURT; n += 30) await Promise.all(Array.from({ length: Math.min(30, FRANKFURT - n) }, (_, i) => accounts('frankfurt', n + i)));
  for (let n = 0; n < PARIS; n += 35) await Promise.all(Array.from({ length: 35 }, (_, i) => accounts('paris', 1000 + n + i)));
  await post(LATIN1);
  await post(UTF8);
}, 60_000);
afterAll(() => bank?.stop());

async function har(query: string): Promise<{ res: Response; har: Har & { log: { _exchangeCount: number } } }> {
  const res = await get(`/exchanges/har${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return { res, har: (await res.json()) as Har & { log: { _exchangeCount: number } } };
}

const totalOf = async (query: string): Promise<number> => Number((await get(`/exchanges${query}${query ? '&' : '?'}limit=1`)).headers.get('x-total-count'));

/** The fields HAR 1.2 requires (http://www.softwareishard.com/blog/har-12-spec/), and our custom ones. */
const HAR_1_2 = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: { type: 'object', required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
        comment: { type: 'string' },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize'],
                properties: {
                  url: { type: 'string', pattern: '^https?://' },
                  headers: { type: 'array', items: { $ref: '#/$defs/nameValue' } },
                  queryString: { type: 'array', items: { $ref: '#/$defs/nameValue' } },
                  cookies: { type: 'array' },
                  postData: {
                    type: 'object',
                    required: ['mimeType', 'text'],
                    properties: { mimeType: { type: 'string' }, text: { type: 'string' }, encoding: { const: 'base64' } },
                  },
                  headersSize: { type: 'integer' },
                  bodySize: { type: 'integer' },
                },
              },
              response: {
                type: 'object',
                required: ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize'],
                properties: {
                  status: { type: 'integer' },
                  headers: { type: 'array', items: { $ref: '#/$defs/nameValue' } },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: { size: { type: 'integer' }, mimeType: { type: 'string' }, text: { type: 'string' }, encoding: { const: 'base64' } },
                  },
                  redirectURL: { type: 'string' },
                },
              },
              cache: { type: 'object' },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: { send: { type: 'number' }, wait: { type: 'number' }, receive: { type: 'number' } },
              },
              _simulatedAt: { type: 'string' },
            },
          },
        },
      },
    },
  },
  $defs: { nameValue: { type: 'object', required: ['name', 'value'], properties: { name: { type: 'string' }, value: { type: 'string' } } } },
};

describe('GET /simulator/v1/exchanges/har', () => {
  it('is HAR 1.2 of every exchange of the log, oldest first, not a page; it ends saying how many it holds', async () => {
    const { res, har: log } = await har('');
    const total = await totalOf('');
    expect(total).toBeGreaterThan(250);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="psd2-workbench.har"');
    // Streamed, a few exchanges at a time: no length known up front.
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    expect(Number(res.headers.get('x-total-count'))).toBe(total);
    expect(log.log.entries).toHaveLength(total);
    expect(log.log._exchangeCount).toBe(total);
    expect(log.log.comment).toBe(`${total} exchanges: the whole traffic log of PSD2 Workbench`);
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(HAR_1_2);
    expect(validate(log), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const times = log.log.entries.map((e) => Date.parse(e.startedDateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('takes the filters of GET /exchanges: every match of each, and nothing else', async () => {
    for (const query of ['?institution=paris', '?status=4xx&institution=frankfurt', '?q=consents', '?signature=none&tpp=PSDXX-NOBODY']) {
      const { har: log } = await har(query);
      const total = await totalOf(query);
      expect(log.log.entries, query).toHaveLength(total);
      expect(log.log._exchangeCount, query).toBe(total);
    }
    const paris = (await har('?institution=paris')).har.log.entries;
    expect(paris).toHaveLength(PARIS);
    expect(paris.every((e) => new URL(e.request.url).pathname.startsWith('/paris/'))).toBe(true);
    const consents = (await har('?q=consents')).har.log.entries;
    expect(consents.map((e) => e.request.method)).toEqual(['POST', 'POST']);
  });

  it('takes before, as a page of GET /exchanges does, and refuses limit: it exports every match', async () => {
    const newest = ((await (await get('/exchanges?limit=1')).json()) as Exchange[])[0];
    const { har: older } = await har(`?before=${newest?.id}`);
    expect(older.log.entries).toHaveLength((await totalOf('')) - 1);
    const refused = await get('/exchanges/har?limit=10');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: expect.stringMatching(/^limit is not taken here/) }],
    });
    expect((await get('/exchanges/har?status=abc')).status).toBe(400);
  });

  it('writes a body that is not UTF-8 as its base64 with encoding: base64, and a UTF-8 one as text', async () => {
    const [latin1, utf8] = (await har('?q=consents')).har.log.entries;
    expect(latin1?.request.postData).toEqual({ mimeType: 'application/json', text: LATIN1.toString('base64'), encoding: 'base64' });
    expect(latin1?.request.bodySize).toBe(LATIN1.length);
    expect(utf8?.request.postData).toEqual({ mimeType: 'application/json', text: UTF8.toString('utf8') });
  });
});

describe('GET /simulator/v1/exchanges/{id}/curl', () => {
  it('answers the cURL command as text, the body that is not UTF-8 piped from printf', async () => {
    const [latin1] = (await har('?q=consents')).har.log.entries;
    const exchanges = (await (await get('/exchanges?q=consents')).json()) as Exchange[];
    const id = exchanges.at(-1)?.id;
    expect(latin1?.request.url).toContain('/frankfurt/berlingroup/v1/consents');
    const res = await get(`/exchanges/${id}/curl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(
      [
        `printf '{"note":"M\\374ller"}' | curl --silent --show-error --request 'POST' '${bank.url}/frankfurt/berlingroup/v1/consents'`,
        `--header 'Content-Type: application/json'`,
        `--data-binary @-\n`,
      ].join(' \\\n  '),
    );
    expect((await get('/exchanges/999999/curl')).status).toBe(404);
  });
});
