// The operation registry (main/domain/operations/registry.ts) names the bank's own routes: every row's
// method and path template is one the bank serves, so a row cannot drift from the routes unseen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_OPERATION_NAMES, BANK_OPERATIONS } from '../../main/domain/operations/registry';
import { call, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => bank.stop());

/** The template with the institution filled in and every other segment a placeholder value. */
const concrete = (template: string): string => template.replace('{institution}', 'frankfurt').replace(/\{[^}]+\}/g, 'x');

describe('the operation registry', () => {
  it.each(BANK_OPERATION_NAMES)('%s is a route of the bank', async (operation) => {
    const { method, path } = BANK_OPERATIONS[operation];
    const res = await call(bank, method, concrete(path));
    expect(res.status, `${method} ${concrete(path)}`).not.toBe(405);
    expect(JSON.stringify(res.body ?? ''), `${method} ${concrete(path)}`).not.toContain('no operation');
  });

  it('a path the bank does not serve is told apart', async () => {
    const res = await call(bank, 'GET', concrete('/{institution}/berlingroup/v1/signing-basket/{basketId}'));
    expect(JSON.stringify(res.body)).toContain('no operation');
  });
});
