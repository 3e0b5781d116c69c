// A flow file's fault steps are held to the control API when the flow is read: addFault's parameters are the body
// of POST /simulator/v1/faults (its schema, the bank's operation names and institutions), refused in the API's
// plain words with the field named; clearFaults takes a rule's id or an earlier addFault step's.
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../main/flows/library/operations';
import { FlowFormatError, parseFlow } from '../../main/flows/library/validate';

const step = (id: string, operation: string, params: Record<string, unknown>, status = 201) => ({
  id,
  title: id,
  explanation: 'For the tests.',
  spec: 'Controlled status retrieval',
  operation,
  params,
  expect: { status },
});
const flowWith = (...steps: unknown[]) => ({
  formatVersion: 1,
  name: 'fault-steps',
  title: 'Fault steps',
  description: 'For the tests.',
  institutions: ['frankfurt'],
  psus: { creator: 'CREATOR' },
  steps,
});
const rule = (params: Record<string, unknown>) => flowWith(step('fault', 'addFault', params));
const refusal = (flow: unknown): string => {
  try {
    parseFlow(flow);
  } catch (err) {
    if (err instanceof FlowFormatError) return err.message;
    throw err;
  }
  throw new Error('the flow was accepted');
};
const unavailable = { match: { operation: 'payment-status' }, action: { status: 503, retryAfter: 5 } };

describe('addFault', () => {
  it('accepts the bodies the API takes, references in text included, and is the operator’s', () => {
    const flow = parseFlow(rule({ ...unavailable, times: 1, after: 0, when: 'after', probability: 0.5, seed: 7, note: 'a lesson' }));
    expect(flow.steps[0]?.actor).toBe('operator');
    expect(() => parseFlow(rule({ match: { institution: '${institution}', path: '/**/status' }, action: { delay: { uniform: [10, 20] } } }))).not.toThrow();
    expect(() => parseFlow(rule({ match: {}, action: { drop: 'reset' } }))).not.toThrow();
  });

  it('offers every field of the API’s body to the composer', () => {
    expect(Object.keys(OPERATIONS.addFault.optional)).toEqual(
      expect.arrayContaining(['match', 'action', 'when', 'times', 'after', 'probability', 'seed', 'note']),
    );
    expect(OPERATIONS.addFault.optional).toMatchObject({ match: 'object', action: 'object', times: 'number', when: 'text' });
  });

  it.each([
    ['no rule at all', {}, 'steps[0].params: the rule needs match, action (the body of POST /simulator/v1/faults)'],
    ['no action', { match: {} }, 'steps[0].params: the rule needs action (the body of POST /simulator/v1/faults)'],
    ['a status the API does not inject', { match: {}, action: { status: 404 } }, 'steps[0].params: action.status must be one of: 429, 500, 502, 503, 504'],
    ['two actions in one', { match: {}, action: { status: 503, delayMs: 10 } }, 'steps[0].params: action has no field delayMs'],
    ['a delay beyond a minute', { match: {}, action: { delayMs: 90_000 } }, 'steps[0].params: action.delayMs must be at most 60,000'],
    ['a match field the API does not know', { match: { route: '/x' }, action: { status: 503 } }, 'steps[0].params: match has no field route'],
    ['times of none', { ...unavailable, times: 0 }, 'steps[0].params: times must be at least 1'],
    [
      'a preset the bank does not have',
      { preset: 'holiday' },
      'steps[0].params: preset must be one of: pending-processing, payee-bank-silent, sca-abandoned, maintenance',
    ],
    ['a when the API does not know', { ...unavailable, when: 'during' }, 'steps[0].params: when must be one of: before, after'],
    ['a match that is no object', { match: 'payment-status', action: { status: 503 } }, 'steps[0].params.match: must be a JSON object'],
    ['a parameter that is no field of the body', { ...unavailable, colour: 'red' }, 'steps[0].params.colour: addFault takes no such parameter'],
    [
      'an operation the bank does not have',
      { match: { operation: 'payment-stats' }, action: { status: 503 } },
      'steps[0].params.match.operation: "payment-stats" is no operation of the bank (payment-status, payment-create',
    ],
    [
      'an institution the bank does not have',
      { match: { institution: 'atlantis' }, action: { status: 503 } },
      'steps[0].params.match.institution: must be one of london',
    ],
  ])('refuses %s, in plain words', (_, params, words) => {
    expect(refusal(rule(params))).toContain(words);
  });
});

describe('clearFaults', () => {
  const added = step('slow', 'addFault', unavailable);
  const other = step('clock', 'advanceClock', { duration: 'PT1M' }, 200);

  it('takes nothing (every rule), a rule’s id, or an earlier addFault step’s id', () => {
    for (const params of [{}, { faultId: 3 }, { faultId: '${steps.slow.values.faultId}' }])
      expect(parseFlow(flowWith(added, other, step('clear', 'clearFaults', params, 204))).steps[2]?.actor).toBe('operator');
  });

  it.each([
    [
      'a reference to a step that set no rule',
      { faultId: '${steps.clock.values.faultId}' },
      "steps[2].params.faultId: must be a rule's id or an earlier addFault step's",
    ],
    [
      'a reference to another value of the step',
      { faultId: '${steps.slow.body.note}' },
      "steps[2].params.faultId: must be a rule's id or an earlier addFault step's",
    ],
    ['text', { faultId: 'the slow one' }, 'steps[2].params.faultId: must be a number'],
  ])('refuses %s', (_, params, words) => {
    expect(refusal(flowWith(added, other, step('clear', 'clearFaults', params, 204)))).toContain(words);
  });
});
