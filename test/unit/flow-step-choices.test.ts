// A step for some of the trainer's choices only (its `when`): read from the flow file with its parameter
// and values checked, left out of a run whose choices it does not name, and never referred to by a later step.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLibrary } from '../../main/flows/library/library';
import { flowForChoices, givenOrDefault, runsFor } from '../../main/flows/library/step-choices';
import { FlowFormatError, parseFlow } from '../../main/flows/library/validate';

const PAYEE = {
  name: 'payee',
  label: 'What the payee’s bank says',
  kind: 'payee',
  choices: [
    { value: 'closeMatch', label: 'Close match' },
    { value: 'timeout', label: 'No answer' },
  ],
  default: 'closeMatch',
};
const AMOUNT = { name: 'amount', label: 'How much', kind: 'amount', default: '10.00' };

const consent = {
  id: 'consent',
  title: 'A consent',
  explanation: 'Asked for.',
  spec: 'Consents',
  operation: 'createConsent',
  params: { psu: 'psu' },
  expect: { status: 201 },
};
const clock = (when: unknown) => ({
  id: 'time',
  title: 'The clock moves',
  explanation: 'Six seconds on.',
  spec: 'Clock',
  operation: 'advanceClock',
  params: { duration: 'PT6S' },
  expect: { status: 200 },
  when,
});

const flowWith = (steps: unknown[]): Record<string, unknown> => ({
  formatVersion: 1,
  name: 'a-flow',
  title: 'A flow',
  description: 'For the tests.',
  institutions: ['frankfurt'],
  psus: { psu: 'AISONLY' },
  parameters: [PAYEE, AMOUNT],
  steps,
});

describe('a step for some choices only', () => {
  it('is read with the values it runs for', () => {
    const flow = parseFlow(flowWith([consent, clock({ payee: ['timeout'] })]));
    expect(flow.steps[1]?.when).toEqual({ payee: ['timeout'] });
    expect(flow.steps[0]?.when).toBeUndefined();
  });

  it.each([
    ['no parameter', { colour: ['blue'] }, 'steps[1].when.colour'],
    ['a parameter without choices', { amount: ['10.00'] }, 'steps[1].when.amount'],
    ['a value the parameter does not offer', { payee: ['noMatch'] }, 'steps[1].when.payee[0]'],
    ['no values', { payee: [] }, 'steps[1].when.payee'],
    ['nothing', {}, 'steps[1].when'],
  ])('is refused when its when names %s', (_, when, field) => {
    expect(() => parseFlow(flowWith([consent, clock(when)]))).toThrow(expect.objectContaining({ constructor: FlowFormatError, field }));
  });

  it('is refused as what a later step refers to: it may not have run', () => {
    const later = { ...consent, id: 'status', operation: 'consentStatus', params: { consentId: '${steps.time.values.now}' } };
    expect(() => parseFlow(flowWith([consent, clock({ payee: ['timeout'] }), later]))).toThrow(
      expect.objectContaining({ constructor: FlowFormatError, field: 'steps[2].params.consentId' }),
    );
  });

  it('runs only for the values it lists; the flow for other choices leaves it out', () => {
    const flow = parseFlow(flowWith([consent, clock({ payee: ['timeout'] })]));
    expect(runsFor(flow.steps[1] ?? {}, { payee: 'timeout' })).toBe(true);
    expect(runsFor(flow.steps[1] ?? {}, { payee: 'closeMatch' })).toBe(false);
    expect(flowForChoices(flow, { payee: 'timeout' })).toBe(flow);
    expect(flowForChoices(flow, givenOrDefault(flow)).steps.map((s) => s.id)).toEqual(['consent']);
    expect(givenOrDefault(flow, { amount: '5.00' })).toEqual({ payee: 'closeMatch', amount: '5.00' });
  });

  it('the close-match lesson moves the clock past the name check’s limit only where the payee’s bank does not answer', () => {
    const lesson = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows')).find((f) => f.name === 'vop-close-match-psu-decides');
    if (!lesson) throw new Error('no close-match lesson');
    const ids = (payee: string): string[] => flowForChoices(lesson, givenOrDefault(lesson, { payee })).steps.map((s) => s.id);
    for (const payee of ['match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable']) expect(ids(payee), payee).not.toContain('time');
    expect(ids('timeout')).toContain('time');
  });
});
