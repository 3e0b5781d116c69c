// `flow --junit FILE`: one testsuite per flow, one testcase per step; a step whose expectation
// was not met is a failure with what was expected, one that could not be made an error, the steps after
// the run stopped skipped; the counts on testsuites and each testsuite add up.
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findFlow } from '../../main/flows/library/library';
import { junitReport } from '../../main/flows/runs/junit';
import type { FlowRun, StepOutcome } from '../../main/flows/runs/runner';
import { resourcesDir } from '../../main/resources-dir';

const flow = findFlow('ais-consent', join(resourcesDir(), 'flows'));
const outcome = (i: number, over: Partial<StepOutcome> = {}): StepOutcome => ({
  number: i + 1,
  step: flow.steps[i] as StepOutcome['step'],
  requests: [{ method: 'GET', path: '/frankfurt/berlingroup/v1/consents/c<1>', status: 200 }],
  result: null,
  unmet: [],
  error: null,
  met: true,
  ...over,
});
const base = { flow, institution: 'frankfurt', psus: { psu: 'FRA-AISONLY' }, params: {} };
const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(xml);

describe('the JUnit report of headless runs', () => {
  it('counts a failure, an error and the skipped steps, and keeps the unmet expectation and the bank’s bytes escaped', () => {
    const failed: FlowRun = {
      ...base,
      steps: [outcome(0), outcome(1, { met: false, unmet: [{ field: 'status', expected: '201', actual: '400 <&>' }] })],
      met: false,
    };
    const broken: FlowRun = { ...base, steps: [outcome(0, { met: false, error: 'GET http://bank-sim:4646/sca/x failed: ENOTFOUND' })], met: false };
    const xml = junitReport(
      [
        { run: failed, stepSeconds: [0.25, 0.5] },
        { run: broken, stepSeconds: [1] },
      ],
      new Date('2026-11-29T10:00:00.123Z'),
    );
    const doc = parse(xml);
    const steps = flow.steps.length;
    expect(doc.testsuites).toMatchObject({ tests: String(2 * steps), failures: '1', errors: '1', time: '1.750' });
    const [first, second] = doc.testsuites.testsuite;
    expect(first).toMatchObject({
      name: 'ais-consent',
      tests: String(steps),
      failures: '1',
      errors: '0',
      skipped: String(steps - 2),
      timestamp: '2026-11-29T10:00:00',
    });
    expect(first.testcase).toHaveLength(steps);
    expect(first.testcase[1].failure).toMatchObject({ message: 'status: expected 201, got 400 <&>', type: 'expectation' });
    expect(first.testcase[1].failure['#text']).toContain('✗ status: expected 201, got 400 <&>');
    expect(first.testcase[2].skipped).toMatchObject({ message: 'the run stopped at an earlier step' });
    expect(first.testcase[0]).toMatchObject({ classname: 'ais-consent', time: '0.250', name: `01 ${flow.steps[0]?.title}` });
    expect(second).toMatchObject({ failures: '0', errors: '1', skipped: String(steps - 1) });
    expect(second.testcase[0].error.message).toBe('GET http://bank-sim:4646/sca/x failed: ENOTFOUND');
    expect(xml).toContain('400 &lt;&amp;&gt;');
  });

  it('a run that met everything has no failure, error or skipped step', () => {
    const run: FlowRun = { ...base, steps: flow.steps.map((_, i) => outcome(i)), met: true };
    const doc = parse(junitReport([{ run, stepSeconds: flow.steps.map(() => 0.1) }], new Date()));
    expect(doc.testsuites.testsuite[0]).toMatchObject({ failures: '0', errors: '0', skipped: '0' });
    expect(doc.testsuites.testsuite[0].testcase.every((c: object) => !('failure' in c) && !('error' in c) && !('skipped' in c))).toBe(true);
  });
});
