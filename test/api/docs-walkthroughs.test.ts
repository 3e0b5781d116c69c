import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { freePort, untilGone } from '../support/ports';

/** The curl walk-throughs of docs/tpp-developers.md, run as written (only the server's address and data folder differ). */
let sim: RunningSimulator;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wb-readme-'));
  // Months from this machine's date (before the templates' execution date, so the payment stays PDNG): the walk-through must take its dates from the simulated clock
  // (validUntil from the host's date would be in the bank's past and refused).
  sim = await startSimulator({ port: 0, host: '127.0.0.1', dataDir, mode: 'simulation', tls: false, now: '2027-03-01T10:00:00Z' });
});
afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first bash block under a heading of a docs file, as written there. */
function bashBlock(file: string, heading: string): string {
  const doc = readFileSync(file, 'utf8');
  const at = doc.indexOf(heading);
  const code = at < 0 ? undefined : /```bash\n([\s\S]*?)```/.exec(doc.slice(at))?.[1];
  if (!code) throw new Error(`${file}: no bash block under "${heading}"`);
  return code;
}

function walkthrough(): string {
  const block = (heading: string): string => bashBlock('docs/tpp-developers.md', heading);
  return `${block('\n## A consent, step by step')}\n${block('\n## A payment, step by step')}`
    .split('\n')
    .filter((line) => !line.startsWith('npx psd2-workbench serve'))
    .join('\n')
    .replaceAll('http://127.0.0.1:4646', sim.url)
    .replaceAll('.data/', `${dataDir}/`);
}

/**
 * The clone's block of docs/ci.md, as written but on a free port and without its `npm ci` (this checkout is
 * installed); "# … the tests …" becomes a request that must be answered.
 */
function ciBlock(port: number): string {
  return bashBlock('docs/ci.md', '## From a clone')
    .split('\n')
    .filter((line) => !line.startsWith('npm ci'))
    .join('\n')
    .replaceAll('4646', String(port))
    .replace('# … the tests …', `curl -sf http://127.0.0.1:${port}/simulator/v1/info > "$RUNNER_TEMP/info.json"`);
}

describe('the walk-throughs in docs/', () => {
  it('docs/ci.md, from a clone: the block runs as written: the server starts, answers once ready, the flow writes its JUnit report, and `kill $!` ends it', async () => {
    const runnerTemp = mkdtempSync(join(tmpdir(), 'wb-ci-'));
    const port = await freePort();
    try {
      await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', ciBlock(port)], {
        cwd: process.cwd(),
        env: { ...process.env, RUNNER_TEMP: runnerTemp },
        encoding: 'utf8',
        timeout: 90_000,
      });
      expect(JSON.parse(readFileSync(join(runnerTemp, 'info.json'), 'utf8'))).toMatchObject({ mode: 'simulation' });
      expect(readFileSync(join(runnerTemp, 'flows.xml'), 'utf8')).toContain('<testsuite name="ais-consent" tests="13" failures="0" errors="0" skipped="0"');
      await untilGone(port);
    } finally {
      rmSync(runnerTemp, { recursive: true, force: true });
    }
  }, 120_000);

  it('docs/tpp-developers.md: the curl walk-throughs work as written: consent, SCA, PKCE token, read, accounts, delete; signed payment, two authorisations, pain.002', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'wb-readme-run-'));
    // Asynchronous: the simulator answers from this same process.
    const { stdout: output } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', walkthrough()], { cwd, encoding: 'utf8', timeout: 90_000 });
    expect(output).toContain('"consentStatus":"valid","scaStatus":"finalised"');
    expect(output).toContain('"paymentCreations"');
    expect(output).toContain('{"resourceId":"FRA-ACC-01","iban":"DE37500112000001058185","balances":[{"balanceAmount"');
    expect(output).toContain('"balanceType":"interimBooked"');
    expect(output).toMatch(/^204$/m);
    expect(output).toContain('CONSENT_INVALID');
    expect(output).toContain('"transactionStatus":"PATC"');
    expect(output.match(/\{"status":"finalised","outcomeReason":null\}/g)).toHaveLength(2);
    expect(output).toContain('<TxSts>PDNG</TxSts>');
  }, 120_000);
});
