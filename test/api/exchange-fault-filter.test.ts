// The traffic log searched for injected answers (docs/testing-your-tpp.md): `GET /simulator/v1/exchanges?fault=any`
// lists exactly the answers a fault rule injected (an error status, a delayed 200, a dropped connection), `fault=N` those
// of rule N, with the other parameters as ever; anything else is refused in plain words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFaultRule, tokenRequest as bankTokenRequest } from '../support/control';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const addFault = async (rule: unknown): Promise<number> => ((await addFaultRule(bank, rule)) as { id: number }).id;
const tokenRequest = (institution = 'frankfurt'): Promise<Response> => bankTokenRequest(bank, institution);
const search = async (query: string): Promise<{ status: number; ids: number[]; total: number; body: any }> => {
  const res = await fetch(`${bank.url}/simulator/v1/exchanges?${query}`);
  const body = await res.json();
  return { status: res.status, ids: Array.isArray(body) ? body.map((e: { id: number }) => e.id) : [], total: Number(res.headers.get('x-total-count')), body };
};
/** The ids of the `count` exchanges `act` makes, newest first. */
const logged = async (count: number, act: () => Promise<unknown>): Promise<number[]> => {
  const before = (await search('limit=1')).ids[0] ?? 0;
  await act();
  const newer = async (): Promise<number[]> => (await search('limit=100')).ids.filter((id) => id > before);
  // An exchange is logged once its answer is out, a moment after the client has it.
  await expect.poll(async () => (await newer()).length, { timeout: 5_000 }).toBe(count);
  return newer();
};

describe('GET /simulator/v1/exchanges?fault=', () => {
  it('lists exactly the injected answers: any rule’s, or one rule’s; with the other parameters as ever', async () => {
    const ordinary = await logged(2, () => Promise.all([tokenRequest(), tokenRequest('paris')]));
    const unavailable = await addFault({ match: { operation: 'token-client-credentials', institution: 'frankfurt' }, action: { status: 503 }, times: 2 });
    const erred = await logged(2, async () => {
      expect((await tokenRequest()).status).toBe(503);
      expect((await tokenRequest()).status).toBe(503);
    });
    const slow = await addFault({ match: { institution: 'paris' }, action: { delayMs: 1 }, times: 1 });
    const delayed = await logged(1, async () => expect((await tokenRequest('paris')).status).toBe(200));
    const reset = await addFault({ match: { institution: 'london' }, action: { drop: 'reset' }, times: 1 });
    const dropped = await logged(1, () => tokenRequest('london').catch(() => null));
    const after = await logged(3, () => Promise.all([tokenRequest(), tokenRequest('paris'), tokenRequest('london')]));
    expect(ordinary.concat(after)).toHaveLength(5);

    const any = await search('fault=any');
    expect(any.status).toBe(200);
    expect(any.ids).toEqual([...dropped, ...delayed, ...erred]);
    expect(any.total).toBe(4);
    expect((await search(`fault=${unavailable}`)).ids).toEqual(erred);
    expect((await search(`fault=${slow}`)).ids).toEqual(delayed);
    const drop = await search(`fault=${reset}`);
    expect(drop.ids).toEqual(dropped);
    expect(drop.body[0].response.status).toBe(0);
    expect((await search(`fault=${reset + 1}`)).ids).toEqual([]);
    // Beside the other parameters: each narrows.
    expect((await search('fault=any&status=2xx')).ids).toEqual(delayed);
    expect((await search('fault=any&institution=frankfurt')).ids).toEqual(erred);
    expect((await search(`fault=any&before=${erred[0]}`)).ids).toEqual(erred.slice(1));
    expect((await search('fault=any&q=oauth')).ids).toEqual(any.ids);
    expect((await search('fault=any&limit=1')).ids).toEqual(any.ids.slice(0, 1));
  });

  it.each(['0', 'all', '-1', '1.5', '1e3'])('refuses fault=%s, saying what it takes', async (fault) => {
    const res = await search(`fault=${fault}`);
    expect(res.status).toBe(400);
    expect(res.body.tppMessages[0].text).toBe("fault must be any (every answer a fault rule injected) or a fault rule's id");
  });
});
