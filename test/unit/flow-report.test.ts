// How the headless runner prints a step: one line with number, ✓/✗, title, actor, requests and
// status; under an unmet step each unmet expectation and the bank's own reason.
import { describe, expect, it } from 'vitest';
import type { FlowStep } from '../../main/flows/library/format';
import { describeStep } from '../../main/flows/runs/report';
import type { StepOutcome } from '../../main/flows/runs/runner';

const step: FlowStep = {
  id: 'approve',
  title: 'Approver B approves',
  explanation: '-',
  spec: '-',
  actor: 'psuApp',
  operation: 'psuDecides',
  params: {},
  expect: { status: 200 },
};

const outcome = (overrides: Partial<StepOutcome>): StepOutcome => ({
  number: 7,
  step,
  requests: [{ method: 'POST', path: '/simulator/v1/sca/j-1?x=1', status: 200 }],
  result: { status: 200, headers: {}, body: { status: 'failed', outcomeReason: 'approval limit: EUR 1250.00 is above the limit' }, text: '', values: {} },
  unmet: [],
  error: null,
  met: true,
  ...overrides,
});

describe('describeStep', () => {
  it('a met step is one line, the query left out', () => {
    expect(describeStep(outcome({}))).toBe(' 7. ✓ Approver B approves [psuApp] POST /simulator/v1/sca/j-1 → 200');
  });

  it('an unmet step lists what was not met and what the bank said', () => {
    expect(describeStep(outcome({ met: false, unmet: [{ field: 'body.status', expected: '"finalised"', actual: '"failed"' }] })).split('\n')).toEqual([
      ' 7. ✗ Approver B approves [psuApp] POST /simulator/v1/sca/j-1 → 200',
      '      ✗ body.status: expected "finalised", got "failed"',
      '      the bank said: approval limit: EUR 1250.00 is above the limit',
    ]);
  });

  it('a step that could not run says why', () => {
    expect(describeStep(outcome({ met: false, requests: [], result: null, error: 'approverB has no PSU session yet' }))).toBe(
      ' 7. ✗ Approver B approves [psuApp] (no request) → -\n      ✗ could not run: approverB has no PSU session yet',
    );
  });
});
