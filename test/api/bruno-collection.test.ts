import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bruFailures as failures, COLLECTION, runBruno } from '../support/bruno';
import { startTestBank, type TestBank } from '../support/simulator';

/**
 * The Bruno collection for TPP developers (collections/bruno), run by @usebruno/cli against a real
 * simulator as a developer runs it: `bru run -r --env local --sandbox developer`, with the
 * simulator's address and data folder as environment variables. Its collection script signs.
 */
const FOLDERS = ['1 Consent journey', '2 Payment journey'];

/** The collection's requests in run order: folder by folder, files by their number. */
function requestFiles(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(COLLECTION, folder))
      .filter((name) => name.endsWith('.bru') && name !== 'folder.bru')
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

describe('Bruno collection', () => {
  it('runs under @usebruno/cli: consent journey and signed payment journey, every request and test passing, signatures valid at the bank', async () => {
    const { code, output, report } = await runBruno([`base=${bank.url}`, `dataDir=${bank.dataDir}`]);
    const run = { code, output };
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
