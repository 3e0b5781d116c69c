// The operator's lists say when they are cut: `limit` and `offset` page them, newest
// first, and X-Total-Count says how many there are in all, so "500 of 1,893" can be shown and paged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
const created: string[] = [];
beforeAll(async () => {
  bank = await startTestBank();
  const session = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  for (let i = 0; i < 5; i++)
    created.unshift((await bank.tpp.createPayment(session, 'pain.001-sepa-credit-transfers', readTemplate('sepa-single.xml'))).body.paymentId);
});
afterAll(() => bank.stop());

const list = async (path: string): Promise<{ status: number; total: string | null; body: any }> => {
  const res = await fetch(`${bank.url}/simulator/v1${path}`);
  return { status: res.status, total: res.headers.get('x-total-count'), body: await res.json() };
};

describe('control-API lists, a page at a time', () => {
  it('payments: limit and offset page the list newest first; X-Total-Count is the whole list', async () => {
    const all = await list('/payments');
    expect(all.total).toBe('5');
    expect(all.body.map((p: { paymentId: string }) => p.paymentId)).toEqual(created);
    const first = await list('/payments?limit=2');
    expect(first.total).toBe('5');
    expect(first.body.map((p: { paymentId: string }) => p.paymentId)).toEqual(created.slice(0, 2));
    const second = await list('/payments?limit=2&offset=2');
    expect(second.body.map((p: { paymentId: string }) => p.paymentId)).toEqual(created.slice(2, 4));
    const past = await list('/payments?offset=5');
    expect(past.body).toEqual([]);
    expect(past.total).toBe('5');
  });

  it('consents and baskets too; the sandbox’s static consents count only in the sandbox behaviour', async () => {
    const consents = await list('/consents?limit=1');
    expect(consents.body).toHaveLength(1);
    expect(consents.total).toBe('1');
    const baskets = await list('/baskets');
    expect(baskets).toMatchObject({ status: 200, total: '0', body: [] });
    await fetch(`${bank.url}/simulator/v1/mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"sandbox"}' });
    try {
      expect(Number((await list('/consents?limit=1')).total)).toBeGreaterThan(1);
    } finally {
      await fetch(`${bank.url}/simulator/v1/mode`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"simulation"}' });
    }
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=501', 'limit must be at most 500'],
    ['limit=ten', 'limit must be a whole number'],
    ['limit=0x10', 'limit must be a whole number'],
    ['offset=-1', 'offset must be at least 0'],
    ['offset=1.5', 'offset must be a whole number'],
    ['offset=1000000001', 'offset must be at most 1,000,000,000'],
    ['limit=1&limit=2', 'limit must be given once'],
  ])('%s is FORMAT_ERROR naming the parameter', async (query, text) => {
    const res = await list(`/payments?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.tppMessages[0].code).toBe('FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toBe(text);
  });
});
