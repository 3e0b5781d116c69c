import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/** The Bruno collection for TPP developers, as a developer runs it. */
export const COLLECTION = resolve('collections/bruno');
const BRU = resolve('node_modules/@usebruno/cli/bin/bru.js');

export interface BruTestResult {
  description: string;
  status: string;
  error?: string;
}
export interface BruResult {
  test: { filename: string };
  status: string;
  error: string | null;
  response: { status?: number; data?: unknown };
  testResults: BruTestResult[];
  assertionResults: BruTestResult[];
  preRequestTestResults?: BruTestResult[];
  postResponseTestResults?: BruTestResult[];
}
export interface BruReport {
  results: BruResult[];
  summary: Record<string, number>;
}

/**
 * `bru run -r --env local --sandbox developer` with these environment variables (`name=value`) and a JSON
 * report; asynchronous, as the simulator answers from this same process.
 */
export async function runBruno(envVars: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number; output: string; report: BruReport }> {
  const outDir = mkdtempSync(join(tmpdir(), 'wb-bruno-'));
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
    ...envVars.flatMap((v) => ['--env-var', v]),
    '--reporter-json',
    reportFile,
  ];
  try {
    const run = await promisify(execFile)(process.execPath, args, { cwd: COLLECTION, encoding: 'utf8', timeout: 60_000, env }).then(
      (out) => ({ code: 0, output: out.stdout + out.stderr }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? -1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
    );
    let report: BruReport;
    try {
      report = (JSON.parse(readFileSync(reportFile, 'utf8')) as BruReport[])[0] as BruReport;
    } catch {
      throw new Error(`bru wrote no report (exit ${run.code}):\n${run.output.slice(-4000)}`);
    }
    return { ...run, report };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** What failed, with the bank's answer, so a red run says why. */
export function bruFailures(report: BruReport): string[] {
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
