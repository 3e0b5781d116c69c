import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '../support/simulator';

/**
 * The Bruno collection for TPP developers (collections/bruno), run by @usebruno/cli against a real
 * simulator as a developer runs it: `bru run -r --env local --sandbox developer`, with the
 * simulator's address and data folder as environment variables. Its collection script signs.
 */
const COLLECTION = resolve('collections/bruno');
const BRU = resolve('node_modules/@usebruno/cli/bin/bru.js');
const FOLDERS = ['1 Consent journey', '2 Payment journey'];

interface BruTestResult {
  description: string;
  status: string;
  error?: string;
}
interface BruResult {
  test: { filename: string };
  status: string;
  error: string | null;
  response: { status?: number; data?: unknown };
  testResults: BruTestResult[];
  assertionResults: BruTestResult[];
  preRequestTestResults?: BruTestResult[];
  postResponseTestResults?: BruTestResult[];
}
interface BruReport {
  results: BruResult[];
  summary: Record<string, number>;
}

/** The collection's requests in run order: folder by folder, files by their number. */
function requestFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(COLLECTION, folder))
      .filter((name) => name.endsWith('.bru') && name !== 'folder.bru')
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

/** What failed, with the bank's answer, so a red run says why. */
function failures(report: BruReport): string[] {
  return report.results.flatMap((result) => {
    const tests = [...result.testResults, ...result.assertionResults, ...(result.preRequestTestResults ?? []), ...(result.postResponseTestResults ?? [])];
    const failed = tests.filter((t) => t.status !== 'pass');
    if (result.status === 'pass' && failed.length === 0) return [];
    return [
      `${result.test.filename}: ${result.status}${result.error ? ` (${result.error})` : ''}, HTTP ${result.response?.status ?? '-'} ${JSON.stringify(result.response?.data ?? null).slice(0, 400)}` +
        failed.map((t) => `\n    ✗ ${t.description}: ${t.error ?? t.status}`).join(''),
    ];
  });
}

let bank: TestBank;
let outDir: string;
beforeAll(async () => {
  bank = await startTestBank();
  outDir = mkdtempSync(join(tmpdir(), 'wb-bruno-'));
});
afterAll(async () => {
  await bank.stop();
  rmSync(outDir, { recursive: true, force: true });
});

describe('Bruno collection', () => {
  it('runs under @usebruno/cli: consent journey and signed payment journey, every request and test passing, signatures valid at the bank', async () => {
    const reportFile = join(outDir, 'report.json');
    const args = [
      BRU,
      'run',
      '-r',
      '--env',
      'local',
      '--sandbox',
      'developer',
      '--noproxy',
      '--env-var',
      `base=${bank.url}`,
      '--env-var',
      `dataDir=${bank.dataDir}`,
      '--reporter-json',
      reportFile,
    ];
    // Asynchronous: the simulator answers from this same process.
    const run = await promisify(execFile)(process.execPath, args, { cwd: COLLECTION, encoding: 'utf8', timeout: 60_000 }).then(
      (out) => ({ code: 0, output: out.stdout + out.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    let report: BruReport;
    try {
      report = (JSON.parse(readFileSync(reportFile, 'utf8')) as BruReport[])[0] as BruReport;
    } catch {
      throw new Error(`bru wrote no report (exit ${run.code}):\n${run.output.slice(-4000)}`);
    }

    expect(failures(report)).toEqual([]);
    expect(run.code, run.output.slice(-4000)).toBe(0);

    // Every request of both folders ran, in order: a folder skipped or a request left out fails here.
    const expected = requestFiles();
    expect(expected).toHaveLength(40);
    expect(report.results.map((r) => r.test.filename.replaceAll('\\', '/'))).toEqual(expected);
    expect(report.summary).toMatchObject({
      totalRequests: expected.length,
      passedRequests: expected.length,
      failedRequests: 0,
      errorRequests: 0,
      skippedRequests: 0,
      failedTests: 0,
    });
    // Every request asserts something.
    for (const result of report.results) expect(result.testResults.length, result.test.filename).toBeGreaterThan(0);
    expect(report.summary.passedTests).toBe(report.results.reduce((n, r) => n + r.testResults.length, 0));

    // The bank checked the collection script's signatures: the pain.001 and the two authorisations.
    const signed = (await (await fetch(`${bank.url}/simulator/v1/exchanges?signature=valid,invalid&limit=100`)).json()) as {
      signature: { operation: string; verdict: { valid: boolean } };
    }[];
    expect(signed.map((e) => [e.signature.operation, e.signature.verdict.valid]).sort()).toEqual([
      ['payment-initiation', true],
      ['start-authorisation', true],
      ['start-authorisation', true],
    ]);
  }, 60_000);
});
