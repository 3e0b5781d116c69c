// Evidence budgets: signature failures have a budget of their own, so 20,000 unrelated
// failures push none of them out, and each is kept with the answer it is compared with (the most recent
// success of the same signed operation by the same TPP), which ordinary traffic would otherwise push out.
// X-Discarded-Count and its companions say what each budget dropped.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { parseHostArgs } from '../../main/hosts/cli/args';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { flood } from '../support/flood';
import { sendChangedAfterSigning } from '../support/failing-payment';
import { call, expectBgError, startTestBank, type JsonResponse, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const UNRELATED_FAILURES = 20_000;

let bank: TestBank;
let psu: PsuSession;
let success: number;
const failed: number[] = [];

const exchanges = (query: string): Promise<JsonResponse<Exchange[]>> => call<Exchange[]>(bank, 'GET', `/simulator/v1/exchanges?${query}`);
const newest = async (): Promise<number> => (await exchanges('limit=1')).body[0]?.id ?? 0;

async function sendFailingPayment(): Promise<void> {
  expectBgError((await sendChangedAfterSigning(bank, psu)).res, 401, 'SIGNATURE_INVALID');
  failed.push(await newest());
}

beforeAll(async () => {
  // The flags as `npm run serve` reads them: the log's and the failures' budgets below the flood, the signature budget at its default.
  const flags = parseHostArgs(['--log-limit', '1000', '--failure-log-limit', '1000']);
  expect(flags).toMatchObject({ logLimit: 1000, failureLogLimit: 1000, signatureFailureLimit: undefined });
  bank = await startTestBank({ logLimit: flags.logLimit, failureLogLimit: flags.failureLogLimit, signatureFailureLimit: flags.signatureFailureLimit });
  psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  expect((await bank.tpp.createPayment(psu, SEPA, readTemplate('sepa-single.xml'))).status).toBe(201);
  success = await newest();
  for (let i = 0; i < 3; i++) await sendFailingPayment();
  const statuses = await flood(bank.url, UNRELATED_FAILURES, () => ({
    method: 'GET',
    path: `/frankfurt/berlingroup/v1/consents/${psu.consentId}/status`,
    headers: { authorization: 'Bearer not-a-token', 'x-request-id': randomUUID() },
  }));
  expect(Object.fromEntries(statuses)).toEqual({ 401: UNRELATED_FAILURES });
}, 180_000);
afterAll(() => bank?.stop());

describe('signature failures outlive a flood of other failures', () => {
  it('finds every signature failure, each compared with the success before it, which is kept too', async () => {
    const found = await exchanges('signature=invalid&limit=100');
    expect(found.body.map((e) => e.id).reverse()).toEqual(failed);
    expect(found.body.map((e) => e.comparedWith)).toEqual([success, success, success]);
    const compared = await call<Exchange>(bank, 'GET', `/simulator/v1/exchanges/${success}`);
    expect(compared.status, compared.text).toBe(200);
    expect(compared.body).toMatchObject({ id: success, response: { status: 201 }, signature: { verdict: { valid: true } } });
    expect(compared.body.comparedWith).toBeUndefined();
  });

  it('says what each budget dropped: other failures beyond theirs, no signature failure', async () => {
    const page = await exchanges('limit=1');
    const discarded = Number(page.headers['x-discarded-count']);
    const discardedFailures = Number(page.headers['x-discarded-failure-count']);
    expect(discardedFailures).toBeGreaterThan(UNRELATED_FAILURES - 2_100);
    expect(discarded).toBeGreaterThanOrEqual(discardedFailures);
    expect(page.headers['x-discarded-signature-failure-count']).toBe('0');
  });
});
