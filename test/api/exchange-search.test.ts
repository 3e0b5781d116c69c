// `GET /simulator/v1/exchanges` searches the whole traffic log (docs/qa.md#the-inspector): each
// parameter checked against the whole log filtered here, on real signed and unsigned traffic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange, ExchangeSummary } from '../../preload/api/workbench-api';
import { controlClient } from '../../shared/control-client';
import { validateSignedAndTampered } from '../support/signing';
import { call, createConsent, expectBgError, otherTpp, startTestBank, tppToken, type JsonResponse, type TestBank } from '../support/simulator';

const OTHER_TPP = 'PSDDE-BAFIN-654321';

let bank: TestBank;
let whole: Exchange[];

const search = (query: string): Promise<JsonResponse<Exchange[]>> => call<Exchange[]>(bank, 'GET', `/simulator/v1/exchanges?${query}`);

/** The ids a search answers, after checking it answered 200 with the total of `expected`. */
async function idsOf(query: string, expected: Exchange[]): Promise<number[]> {
  const res = await search(`limit=10000&${query}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(expected.length));
  expect(res.headers['x-kept-count']).toBe(String(whole.length));
  return res.body.map((e) => e.id);
}

const ids = (list: Exchange[]): number[] => list.map((e) => e.id);

beforeAll(async () => {
  bank = await startTestBank();
  const token = await tppToken(bank, 'frankfurt');
  await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  const other = await otherTpp(bank, OTHER_TPP);
  await createConsent({ ...bank, tpp: other }, 'paris', 'PAR-CREATOR', await other.tppToken('paris', { renew: true }));
  // A signature the bank accepts, and one it refuses: PSU-ID changed after signing.
  await validateSignedAndTampered(bank, '<Document>Müller</Document>\n');
  // A word only a request body carries, and bytes that are not UTF-8.
  await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', {
    headers: { 'content-type': 'application/json' },
    body: '{"note":"the Quokka smiles 100%"}',
  });
  await call(bank, 'POST', '/london/berlingroup/v1/consents', {
    headers: { 'content-type': 'application/octet-stream' },
    body: Buffer.from([0xff, 0xfe, 0x41, 0x0a]),
  });
  for (let i = 0; i < 6; i++) await call(bank, 'GET', `/frankfurt/berlingroup/v1/accounts?page=${i}`);
  whole = (await search('limit=10000')).body;
}, 60_000);
afterAll(() => bank.stop());

describe('GET exchanges?view=summary: the rows of a list', () => {
  it('gives each match as a list row shows it, the same page and counts as the whole', async () => {
    const res = await call<ExchangeSummary[]>(bank, 'GET', '/simulator/v1/exchanges?limit=10000&view=summary');
    expect(res.status, res.text).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(whole.length));
    expect(res.body.map((e) => e.id)).toEqual(ids(whole));
    for (const [i, summary] of res.body.entries()) {
      const full = whole[i] as Exchange;
      const { id, startedAt, durationMs, method, url, institution, tppId, resourceId } = full;
      expect(summary).toEqual({
        ...{ id, startedAt, durationMs, method, url, institution, tppId, resourceId },
        status: full.response.status,
        pinned: full.pinned,
        verdict: full.signature?.verdict ?? null,
        failure: full.failure,
      });
    }
    expect(res.text.length).toBeLessThan(JSON.stringify(whole).length / 4);
  });

  it("carries the signature's verdict, and a failure's code and first words", async () => {
    const summaries = (await call<ExchangeSummary[]>(bank, 'GET', '/simulator/v1/exchanges?limit=10000&view=summary')).body;
    const refused = summaries.find((e) => e.verdict?.valid === false);
    expect(refused?.verdict).toMatchObject({ valid: false, code: 'SIGNATURE_INVALID' });
    expect(summaries.some((e) => e.verdict?.valid === true)).toBe(true);
    const failed = summaries.find((e) => e.url === '/london/berlingroup/v1/consents');
    const answered = JSON.parse(whole.find((e) => e.id === failed?.id)?.response.body ?? '{}') as { tppMessages: { code: string }[] };
    expect(failed?.status).toBe(400);
    expect(failed?.failure?.code).toBe(answered.tppMessages[0]?.code);
    expect(failed?.failure?.text.split(' ').length).toBeLessThanOrEqual(8);
    expect(summaries.filter((e) => e.status < 400).every((e) => e.failure === null)).toBe(true);
  });
});

describe('GET exchanges: search the whole log', () => {
  it('keeps the array body and gives the counts in headers', async () => {
    const res = await search('limit=2');
    expect(res.body).toHaveLength(2);
    expect(res.headers['x-total-count']).toBe(String(whole.length));
    expect(res.headers['x-kept-count']).toBe(String(whole.length));
    expect(whole.length).toBeGreaterThan(12);
  });

  it('q finds a word only a body holds, case-insensitively', async () => {
    const holding = whole.filter((e) => (e.request.body ?? '').includes('Quokka'));
    expect(holding).toHaveLength(1);
    expect(JSON.stringify({ ...holding[0], request: { ...holding[0]?.request, body: null } })).not.toMatch(/quokka/i);
    expect(await idsOf('q=quokka', holding)).toEqual(ids(holding));
    expect(await idsOf('q=QUOKKA%20smiles', holding)).toEqual(ids(holding));
    expect(await idsOf('q=quokka%20absent-word', [])).toEqual([]);
  });

  it('q takes % and _ literally', async () => {
    expect(
      await idsOf(
        `q=${encodeURIComponent('100%')}`,
        whole.filter((e) => (e.request.body ?? '').includes('100%')),
      ),
    ).toHaveLength(1);
    expect(await idsOf(`q=${encodeURIComponent('quo%a')}`, [])).toEqual([]);
    expect(await idsOf(`q=${encodeURIComponent('quokk_')}`, [])).toEqual([]);
  });

  it('q finds the signature verdict’s code and text', async () => {
    const refused = whole.filter((e) => e.signature !== null && !e.signature.verdict.valid);
    expect(refused).toHaveLength(1);
    const verdict = refused[0]?.signature?.verdict;
    if (verdict === undefined || verdict.valid) throw new Error('no refused signature');
    const word = verdict.text
      .split(/\s+/)
      .find((w) => w.length > 6 && !whole.some((e) => e !== refused[0] && JSON.stringify(e).toLowerCase().includes(w.toLowerCase())));
    if (word) expect(await idsOf(`q=${encodeURIComponent(word)}`, refused)).toEqual(ids(refused));
    const byCode = whole.filter((e) => JSON.stringify(e).toLowerCase().includes(verdict.code.toLowerCase()));
    expect(await idsOf(`q=${verdict.code.toLowerCase()}`, byCode)).toContain(refused[0]?.id);
  });

  it('status takes a class, a status, or a list of them', async () => {
    const in4xx = whole.filter((e) => e.response.status >= 400 && e.response.status < 500);
    expect(in4xx.length).toBeGreaterThan(0);
    expect(in4xx.length).toBeLessThan(whole.length);
    expect(await idsOf('status=4xx', in4xx)).toEqual(ids(in4xx));
    const exact = in4xx[0]?.response.status ?? 0;
    const same = whole.filter((e) => e.response.status === exact);
    expect(await idsOf(`status=${exact}`, same)).toEqual(ids(same));
    const twoOrFour = whole.filter((e) => Math.floor(e.response.status / 100) === 2 || Math.floor(e.response.status / 100) === 4);
    expect(await idsOf('status=2xx,4xx', twoOrFour)).toEqual(ids(twoOrFour));
  });

  it('signature takes valid, invalid and none', async () => {
    const valid = whole.filter((e) => e.signature?.verdict.valid === true);
    const invalid = whole.filter((e) => e.signature?.verdict.valid === false);
    const none = whole.filter((e) => e.signature === null);
    expect(valid.length * invalid.length * none.length).toBeGreaterThan(0);
    expect(await idsOf('signature=valid', valid)).toEqual(ids(valid));
    expect(await idsOf('signature=invalid', invalid)).toEqual(ids(invalid));
    expect(await idsOf('signature=none', none)).toEqual(ids(none));
    const signed = whole.filter((e) => e.signature !== null);
    expect(await idsOf('signature=valid,invalid', signed)).toEqual(ids(signed));
  });

  it('tpp, institution and resource narrow to their exchanges, together with the rest', async () => {
    const other = whole.filter((e) => e.tppId === OTHER_TPP);
    expect(other.length).toBeGreaterThan(0);
    expect(await idsOf(`tpp=${OTHER_TPP}`, other)).toEqual(ids(other));
    const paris = whole.filter((e) => e.institution === 'paris');
    expect(paris.length).toBeGreaterThan(0);
    expect(await idsOf('institution=paris', paris)).toEqual(ids(paris));
    const london4xx = whole.filter((e) => e.institution === 'london' && e.response.status >= 400 && e.response.status < 500);
    expect(london4xx.length).toBeGreaterThan(0);
    expect(await idsOf('institution=london&status=4xx', london4xx)).toEqual(ids(london4xx));
    const resource = whole.find((e) => e.resourceId !== null)?.resourceId ?? '';
    const concerning = whole.filter((e) => e.resourceId === resource);
    expect(await idsOf(`resource=${resource}`, concerning)).toEqual(ids(concerning));
  });

  it('pages older with before, the total the same on every page', async () => {
    const matching = whole.filter((e) => e.institution === 'frankfurt');
    const seen: number[] = [];
    let before: number | undefined;
    for (;;) {
      const res = await search(`institution=frankfurt&limit=3${before === undefined ? '' : `&before=${before}`}`);
      expect(res.headers['x-total-count']).toBe(String(matching.length));
      if (res.body.length === 0) break;
      expect(res.body.length).toBeLessThanOrEqual(3);
      seen.push(...res.body.map((e) => e.id));
      before = res.body.at(-1)?.id;
    }
    expect(seen).toEqual(ids(matching));
  });

  it('the control client gives the page with its counts, each exchange as its summary', async () => {
    const page = await controlClient(bank.url).searchExchanges({ q: 'quokka', limit: 5 });
    expect(page.total).toBe(1);
    expect(page.kept).toBe(whole.length);
    expect(page.exchanges[0]?.id).toBe(whole.find((e) => e.request.body?.includes('Quokka'))?.id);
    expect(page.exchanges[0]).not.toHaveProperty('request');
  });

  it('gives the exact bytes in bodyBase64 when a body is not UTF-8, and only then', async () => {
    const binary = whole.filter((e) => e.request.bodyBase64 !== undefined);
    expect(binary).toHaveLength(1);
    expect([...Buffer.from(binary[0]?.request.bodyBase64 ?? '', 'base64')]).toEqual([0xff, 0xfe, 0x41, 0x0a]);
    expect(whole.filter((e) => e.request.body?.includes('Müller')).every((e) => e.request.bodyBase64 === undefined)).toBe(true);
  });

  const bad: [string, string][] = [
    ['an unknown view', 'view=short'],
    ['q over 200 characters', `q=${'x'.repeat(201)}`],
    ['q over 8 words', `q=${'a '.repeat(9)}`],
    ['q twice', 'q=a&q=b'],
    ['a status class out of range', 'status=6xx'],
    ['a half status class', 'status=4x'],
    ['an empty status in a list', 'status=4xx,'],
    ['an unknown verdict', 'signature=maybe'],
    ['before zero', 'before=0'],
    ['before not a number', 'before=abc'],
    ['limit zero', 'limit=0'],
    ['limit over 10,000', 'limit=10001'],
    ['a tpp with a space', 'tpp=a%20b'],
    ['an institution with markup', 'institution=%3Cx%3E'],
  ];
  for (const [what, query] of bad) {
    it(`refuses ${what} (FORMAT_ERROR 400)`, async () => {
      expectBgError(await search(query), 400, 'FORMAT_ERROR');
    });
  }
});
