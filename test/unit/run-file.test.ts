import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFlowFile } from '../../main/flows/library/library';
import { parseRunFile, RUN_FILE_MAX_BYTES, RunFileError, runFile } from '../../main/flows/runs/run-file';
import type { FlowRunRecord } from '../../main/flows/run-record';
import { resourcesDir } from '../../main/resources-dir';

const flow = readFlowFile(join(resourcesDir(), 'flows', 'ais-consent.json'));

const run: FlowRunRecord = {
  runId: 'r1',
  flow,
  free: false,
  institution: 'frankfurt',
  psus: { psu: 'FRA-CREATOR' },
  params: {},
  autoApprove: false,
  phase: 'waiting',
  steps: [
    {
      number: 1,
      step: flow.steps[0] as FlowRunRecord['steps'][number]['step'],
      fromFlow: true,
      exchanges: [
        {
          seq: 1,
          actor: 'tpp',
          method: 'POST',
          url: '/frankfurt/oauth/v1/token',
          requestHeaders: {},
          requestBody: 'grant_type=client_credentials',
          status: 200,
          responseHeaders: {},
          responseBody: '{}',
          durationMs: 3,
          at: '2026-11-22T10:00:00.000Z',
          exchangeId: 4,
          signature: null,
          failed: false,
        },
      ],
      status: 200,
      met: true,
      unmet: [],
      error: null,
      changes: [],
      startedAt: '2026-11-22T10:00:00.000Z',
      finishedAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  nextStep: null,
  current: [],
  pending: null,
  met: null,
  startedAt: '2026-11-22T10:00:00.000Z',
  finishedAt: null,
  replayOf: null,
  imported: false,
  freeSteps: [{ operation: 'getAccounts', params: { psu: 'FRA-CREATOR' } }],
};

const file = (change: (json: Record<string, any>) => void): string => {
  const json = JSON.parse(runFile(run, '2026-11-22T11:00:00.000Z'));
  change(json);
  return JSON.stringify(json);
};

describe('an exported run file', () => {
  it('reads back as an imported run under a new id, kept for reading and replay', () => {
    const read = parseRunFile(runFile(run, '2026-11-22T11:00:00.000Z'), 'r2');
    expect(read).toMatchObject({
      runId: 'r2',
      imported: true,
      phase: 'finished',
      pending: null,
      institution: 'frankfurt',
      psus: run.psus,
      freeSteps: run.freeSteps,
    });
    expect(read.steps).toEqual(run.steps);
    expect(read.flow).toEqual(flow);
  });

  it('is refused when it is not JSON, not a run file, or of another version', () => {
    expect(() => parseRunFile('{', 'r2')).toThrow(/not JSON/);
    expect(() =>
      parseRunFile(
        file((j) => (j.format = 'har')),
        'r2',
      ),
    ).toThrow(/not an exported run/);
    expect(() =>
      parseRunFile(
        file((j) => (j.version = 2)),
        'r2',
      ),
    ).toThrow(/version 2/);
  });

  it('is refused over 20 MB', () => {
    expect(() =>
      parseRunFile(
        file((j) => (j.padding = ' '.repeat(RUN_FILE_MAX_BYTES))),
        'r2',
      ),
    ).toThrow(/larger than 20 MB/);
  });

  it('is refused when the embedded flow does not pass the flow validator, naming the field', () => {
    expect(() =>
      parseRunFile(
        file((j) => (j.run.flow.steps[0].operation = 'teleport')),
        'r2',
      ),
    ).toThrow(/run\.flow\.steps\[0\]\.operation/);
    expect(() =>
      parseRunFile(
        file((j) => delete j.run.flow),
        'r2',
      ),
    ).toThrow(RunFileError);
  });

  it('is refused when what it recorded has the wrong shape', () => {
    expect(() =>
      parseRunFile(
        file((j) => (j.run.steps = {})),
        'r2',
      ),
    ).toThrow(/run\.steps must be a list/);
    expect(() =>
      parseRunFile(
        file((j) => (j.run.steps[0].exchanges[0].status = 'ok')),
        'r2',
      ),
    ).toThrow(/exchanges\[0\]\.status/);
    expect(() =>
      parseRunFile(
        file((j) => (j.run.steps[0].exchanges[0].origin = 'https://psu.example:8443/sca')),
        'r2',
      ),
    ).toThrow(/exchanges\[0\]\.origin/);
    expect(
      parseRunFile(
        file((j) => (j.run.steps[0].exchanges[0].origin = 'https://127.0.0.1:8443')),
        'r2',
      ).steps[0]?.exchanges[0]?.origin,
    ).toBe('https://127.0.0.1:8443');
    expect(() =>
      parseRunFile(
        file((j) => (j.run.freeSteps[0].operation = 'teleport')),
        'r2',
      ),
    ).toThrow(/freeSteps\[0\]\.operation/);
    expect(() =>
      parseRunFile(
        file((j) => (j.run.psus = { psu: 3 })),
        'r2',
      ),
    ).toThrow(/run\.psus/);
  });
});
