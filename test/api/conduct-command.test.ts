// `psd2-workbench conduct` (docs/testing-your-tpp.md#conduct): a TPP team's CI step after its
// tests. Against a started simulator: exit 0 with nothing at --fail-on, 1 with a finding there, 2 on a
// usage error; the JUnit file has one testcase per rule, failed by its findings; --json is the report.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { cliCommand } from '../support/flow-command';
import { otherTpp, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const dir = mkdtempSync(join(tmpdir(), 'wb-conduct-'));
let bank: TestBank;
const bad = 'PSDDE-BAFIN-300001';
const polite = 'PSDDE-BAFIN-300002';
beforeAll(async () => {
  bank = await startTestBank();
  // One TPP reads a PATC payment four times with nothing to wait for (a warning), then creates it again (an error).
  const tpp = await otherTpp(bank, bad);
  const psu = await psuSession(tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const created = await tpp.createPayment(psu, SEPA, readTemplate('sepa-single.xml'));
  const paymentId = (created.body as { paymentId: string }).paymentId;
  for (let i = 0; i < 4; i++) await tpp.paymentStatus(psu, SEPA, paymentId);
  await tpp.createPayment(psu, SEPA, readTemplate('sepa-single.xml'));
  // The other reads its accounts, as a TPP should.
  const good = await otherTpp(bank, polite);
  await good.accounts(await psuSession(good, bank.control, 'frankfurt', 'FRA-CREATOR'));
});
afterAll(async () => {
  await bank.stop();
  rmSync(dir, { recursive: true, force: true });
});

const conduct = (...args: string[]) => cliCommand('conduct', ['--base', bank.url, ...args]);

describe('psd2-workbench conduct', () => {
  it('exits 1 on an error finding, printing it by rule with its exchanges and the spec', async () => {
    const { code, output } = await conduct('--tpp', bad);
    expect(code, output).toBe(1);
    expect(output).toContain('✗ error   duplicate-payment-while-pending: The same payment created again while the first is PATC or PDNG');
    expect(output).toContain('! warning status-polling-without-reason');
    expect(output).toContain('spec: Payment transaction status: PDNG');
  });

  it('exits 0 for a TPP that kept the rules, naming what it kept', async () => {
    const { code, output } = await conduct('--tpp', polite);
    expect(code, output).toBe(0);
    expect(output).toContain('0 findings');
    expect(output).toContain('✓ kept:');
  });

  it('--fail-on warning counts warnings; the default counts errors only', async () => {
    const file = join(dir, 'warnings.json');
    // Only the reads: the window ends where the duplicate was created.
    const report = (await (await fetch(`${bank.url}/simulator/v1/conduct?tppId=${bad}`)).json()) as { findings: { rule: string; exchanges: number[] }[] };
    const duplicate = report.findings.find((f) => f.rule === 'duplicate-payment-while-pending');
    const until = await exchangeTime(duplicate?.exchanges.at(-1) ?? 0);
    expect((await conduct('--tpp', bad, '--until', until)).code).toBe(0);
    const { code } = await conduct('--tpp', bad, '--until', until, '--fail-on', 'warning', '--json', file);
    expect(code).toBe(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'psd2-workbench-conduct', failOn: 'warning', failed: true });
  });

  it('--junit writes one testcase per rule, the broken ones failed with their findings', async () => {
    const file = join(dir, 'conduct.xml');
    expect((await conduct('--tpp', bad, '--junit', file)).code).toBe(1);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(
      readFileSync(file, 'utf8'),
    );
    const suite = doc.testsuites.testsuite[0] as {
      tests: string;
      failures: string;
      testcase: { name: string; failure?: { message: string; '#text': string } }[];
    };
    expect(suite.testcase).toHaveLength(12);
    expect(suite.tests).toBe('12');
    expect(suite.failures).toBe('1');
    const failed = suite.testcase.filter((t) => t.failure !== undefined);
    expect(failed.map((t) => t.name)).toEqual(['duplicate-payment-while-pending']);
    expect(failed[0]?.failure?.['#text']).toContain(bad);
  });

  it('exits 2 on a usage error, a query the simulator refuses, or no simulator', async () => {
    expect((await cliCommand('conduct', [])).code).toBe(2);
    expect((await conduct('--fail-on', 'notice')).code).toBe(2);
    expect((await conduct('--since', 'yesterday')).output).toContain('since must be a date-time');
    expect((await conduct('--since', 'yesterday')).code).toBe(2);
    expect((await cliCommand('conduct', ['--base', 'http://127.0.0.1:9'])).code).toBe(2);
    const help = await cliCommand('conduct', ['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('--fail-on');
  });
});

/** The start of an exchange, for --until: the duplicate's own start leaves it out. */
async function exchangeTime(id: number): Promise<string> {
  const e = (await (await fetch(`${bank.url}/simulator/v1/exchanges/${id}`)).json()) as { startedAt: string };
  return e.startedAt;
}
