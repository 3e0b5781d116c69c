// A flow's parameters and the byValue matcher, the pure parts: a parameter is read with its field
// named when wrong; a run's values are the given ones or the defaults, a value the flow does not
// take is refused in one line naming the choices; `${params...}` references and byValue cases are
// checked when the file is read; a byValue expects its case for the value the run has; an unmet
// expectation shows values once-quoted.
import { describe, expect, it } from 'vitest';
import { unmetExpectations } from '../../main/flows/runs/expectations';
import type { FlowFile } from '../../main/flows/library/format';
import { chosenPsuIds, chosenValues, ParameterError, withParameterLabels } from '../../main/flows/library/parameters';
import { resolveReferences } from '../../main/flows/library/references';
import type { StepResult } from '../../main/flows/runs/result';
import { FlowFormatError, parseFlow } from '../../main/flows/library/validate';

const PAYEE = {
  name: 'payee',
  label: "What the payee's bank says about the name",
  help: 'The bank asks the payee’s bank before the customer approves.',
  kind: 'payee',
  choices: [
    { value: 'match', label: 'Match' },
    { value: 'closeMatch', label: 'Close match' },
  ],
  default: 'closeMatch',
};
const AMOUNT = { name: 'amount', label: 'How much', kind: 'amount', default: '250.00' };

const decide = {
  id: 'decide',
  title: 'The PSU decides',
  explanation: 'Either way.',
  spec: 'x',
  operation: 'psuDecides',
  params: { scaRedirect: '/sca/j', action: 'psu' },
  expect: { status: 200 },
};
const read = (fields: Record<string, unknown>, params: Record<string, unknown> = { consentId: 'c' }): Record<string, unknown> => ({
  id: 'read',
  title: 'Read',
  explanation: 'Read it.',
  spec: 'x',
  operation: 'consentStatus',
  params,
  expect: { status: 200, fields },
});

const flowWith = (overrides: Record<string, unknown> = {}, steps: unknown[] = [decide]): Record<string, unknown> => ({
  formatVersion: 1,
  name: 'a-lesson',
  title: 'A lesson',
  description: 'For the tests.',
  institutions: ['frankfurt'],
  psus: { clerk: 'CLERK', signatory: 'SOLO' },
  parameters: [PAYEE, AMOUNT, { name: 'signatory', label: 'Who authorises', kind: 'psu' }],
  steps,
  ...overrides,
});

const problem = (input: unknown): string => {
  try {
    parseFlow(input);
  } catch (err) {
    if (err instanceof FlowFormatError) return err.message;
    throw err;
  }
  throw new Error('the flow was accepted');
};

describe('parameters in a flow file', () => {
  it('are read with their labels, help, kinds, choices and defaults; a flow without any has none', () => {
    expect(parseFlow(flowWith()).parameters).toEqual([PAYEE, AMOUNT, { name: 'signatory', label: 'Who authorises', kind: 'psu' }]);
    expect(parseFlow(flowWith({ parameters: undefined })).parameters).toEqual([]);
  });

  it.each([
    ['a kind the runner has not', [{ ...AMOUNT, kind: 'colour' }], 'parameters[0].kind: must be one of choice, amount, psu, payee'],
    ['no default', [{ ...AMOUNT, default: undefined }], 'parameters[0].default: is needed: the value preselected in the form'],
    ['a default that is not a choice', [{ ...PAYEE, default: 'noMatch' }], 'parameters[0].default: payee must be one of match, closeMatch (got "noMatch")'],
    ['a default that is no amount', [{ ...AMOUNT, default: '12,50' }], 'parameters[0].default: amount must be an amount in euro such as 250.00 (got "12,50")'],
    [
      'a payee choice that is no VoP outcome',
      [{ ...PAYEE, choices: [{ value: 'maybe', label: 'Maybe' }] }],
      'parameters[0].choices[0].value: must be a VoP outcome of the registry (match, closeMatch, noMatch, notApplicable, serviceUnavailable, timeout)',
    ],
    ['choices on an amount', [{ ...AMOUNT, choices: PAYEE.choices }], 'parameters[0].choices: only a choice or payee parameter has choices'],
    [
      'a psu parameter that names no role',
      [{ name: 'boss', label: 'The boss', kind: 'psu' }],
      "parameters[0].name: a psu parameter is named after the PSU role it chooses (the flow's roles: clerk, signatory)",
    ],
    ['the same name twice', [AMOUNT, AMOUNT], 'parameters[1].name: "amount" is the name of an earlier parameter'],
    ['an unknown field', [{ ...AMOUNT, colour: 'red' }], 'parameters[0].colour: unknown field (known: name, label, help, kind, choices, default, needs)'],
    ['needs on an amount', [{ ...AMOUNT, needs: { usesBankApp: true } }], 'parameters[0].needs: only a psu parameter has needs'],
    [
      'an unknown need',
      [{ name: 'clerk', label: 'Clerk', kind: 'psu', needs: { speaksFrench: true } }],
      'parameters[0].needs.speaksFrench: unknown field (known: usesBankApp, createsPayments, authorisesPayments, authorisesAlone, authorisesOneOfTwo)',
    ],
    [
      'a need that is not true or false',
      [{ name: 'clerk', label: 'Clerk', kind: 'psu', needs: { createsPayments: 'yes' } }],
      'parameters[0].needs.createsPayments: must be true or false',
    ],
    [
      'authorising the payments of no role',
      [{ name: 'signatory', label: 'Signatory', kind: 'psu', needs: { authorisesAlone: { paymentsOf: 'boss', category: 'sepa' } } }],
      'parameters[0].needs.authorisesAlone.paymentsOf: must name another psu parameter of the flow (got "boss")',
    ],
    ['no label', [{ ...AMOUNT, label: undefined }], 'parameters[0].label: must be a non-empty string'],
    ['a help that is no text', [{ ...AMOUNT, help: 3 }], 'parameters[0].help: must be a non-empty string'],
    [
      'an approver of two for the payments of no role',
      [{ name: 'signatory', label: 'Signatory', kind: 'psu', needs: { authorisesOneOfTwo: { paymentsOf: 'signatory', category: 'sepa' } } }],
      'parameters[0].needs.authorisesOneOfTwo.paymentsOf: must name another psu parameter of the flow (got "signatory")',
    ],
    [
      'an approver of two held against no amount',
      [
        { name: 'clerk', label: 'Clerk', kind: 'psu' },
        { name: 'signatory', label: 'Signatory', kind: 'psu', needs: { authorisesOneOfTwo: { paymentsOf: 'clerk', category: 'sepa', amount: 'much' } } },
      ],
      'parameters[1].needs.authorisesOneOfTwo.amount: amount must be an amount in euro such as 250.00 (got "much")',
    ],
    [
      'a limit held against no amount parameter',
      [
        { name: 'clerk', label: 'Clerk', kind: 'psu' },
        { name: 'signatory', label: 'Signatory', kind: 'psu', needs: { authorisesAlone: { paymentsOf: 'clerk', category: 'sepa', amountParameter: 'clerk' } } },
      ],
      'parameters[1].needs.authorisesAlone.amountParameter: must name an amount parameter of the flow (got "clerk")',
    ],
  ])('refuses %s', (_, parameters, message) => {
    expect(problem(flowWith({ parameters }))).toBe(message);
  });

  it('references to parameters name a parameter, a payee with one of its fields, anything else with nothing after it', () => {
    const payment = (creditorName: string, amount = '${params.amount}'): Record<string, unknown> => ({
      ...read({}, {}),
      operation: 'createPayment',
      params: { psu: 'clerk', product: 'pain.001-sepa-credit-transfers', creditors: [{ name: creditorName, iban: '${params.payee.iban}', amount }] },
    });
    expect(() => parseFlow(flowWith({}, [payment('${params.payee.creditorName}')]))).not.toThrow();
    expect(problem(flowWith({}, [payment('${params.colour}')]))).toBe(
      'steps[0].params.creditors: ${params.colour} names no parameter of the flow (its parameters: payee, amount, signatory)',
    );
    expect(problem(flowWith({}, [payment('${params.payee}')]))).toBe(
      'steps[0].params.creditors: ${params.payee} must go on with one of outcome, creditorName, iban, registeredName (the payee the outcome picks)',
    );
    expect(problem(flowWith({}, [payment('x', '${params.amount.value}')]))).toBe(
      'steps[0].params.creditors: ${params.amount.value} stands for the chosen value itself: nothing follows it',
    );
  });

  it("a psuDecides action is approve, reject or psu (the PSU's own decision)", () => {
    expect(problem(flowWith({}, [{ ...decide, params: { scaRedirect: '/sca/j', action: 'maybe' } }]))).toBe(
      'steps[0].params.action: must be approve, reject, psu (psu: the PSU decides; either is expected)',
    );
  });
});

describe('byValue in a flow file', () => {
  const byAction = (cases: Record<string, unknown>): Record<string, unknown> => ({ byValue: { of: 'steps.decide.values.action', cases } });

  it('accepts a case for each decision of the PSU, and for each choice of a parameter', () => {
    expect(() =>
      parseFlow(flowWith({}, [decide, read({ 'body.consentStatus': byAction({ approve: 'valid', reject: { oneOf: ['rejected'] } }) })])),
    ).not.toThrow();
    expect(() =>
      parseFlow(flowWith({}, [read({ 'values.reasons': { byValue: { of: 'params.payee.outcome', cases: { match: [null], closeMatch: ['CMTC'] } } } })])),
    ).not.toThrow();
  });

  it.each([
    [
      'a case missing for a decision of the PSU',
      [decide, read({ 'body.consentStatus': byAction({ approve: 'valid' }) })],
      'steps[1].expect.fields.body.consentStatus.byValue.cases: steps.decide.values.action may be approve, reject: a case for reject is missing',
    ],
    [
      'a case for a value that never comes',
      [decide, read({ 'body.consentStatus': byAction({ approve: 'valid', reject: 'rejected', later: 'x' }) })],
      'steps[1].expect.fields.body.consentStatus.byValue.cases.later: steps.decide.values.action is never "later" (it may be approve, reject)',
    ],
    [
      'a case missing for a choice',
      [read({ 'values.reasons': { byValue: { of: 'params.payee.outcome', cases: { match: [null] } } } })],
      'steps[0].expect.fields.values.reasons.byValue.cases: params.payee.outcome may be match, closeMatch: a case for closeMatch is missing',
    ],
    [
      'an `of` naming a later step',
      [read({ 'body.consentStatus': byAction({ approve: 'valid', reject: 'rejected' }) }), decide],
      'steps[0].expect.fields.body.consentStatus.byValue.of: ${steps.decide.values.action} names no earlier step',
    ],
    [
      'no cases',
      [decide, read({ 'body.consentStatus': byAction({}) })],
      'steps[1].expect.fields.body.consentStatus.byValue.cases: must be an object of value: expected, with at least one case',
    ],
    [
      'a bad matcher in a case',
      [decide, read({ 'body.consentStatus': byAction({ approve: { oneOf: 'valid' }, reject: 'rejected' }) })],
      'steps[1].expect.fields.body.consentStatus.byValue.cases.approve.oneOf: must be a list',
    ],
  ])('refuses %s', (_, steps, message) => {
    expect(problem(flowWith({}, steps))).toBe(message);
  });
});

describe("a run's parameter values", () => {
  const flow = parseFlow(flowWith()) as FlowFile;

  it('are the given ones, else the defaults; a psu parameter given chooses its role', () => {
    expect(chosenValues(flow)).toEqual({ payee: 'closeMatch', amount: '250.00' });
    expect(chosenValues(flow, { payee: 'match', signatory: 'FRA-LOWLIMIT' })).toEqual({ payee: 'match', amount: '250.00', signatory: 'FRA-LOWLIMIT' });
    expect(chosenPsuIds(flow, { payee: 'match', signatory: 'FRA-LOWLIMIT' })).toEqual({ signatory: 'FRA-LOWLIMIT' });
  });

  it.each([
    [{ payee: 'noMatch' }, 'payee must be one of match, closeMatch (got "noMatch")'],
    [{ amount: '0.00' }, 'amount must be an amount in euro such as 250.00 (got "0.00")'],
    [{ amount: '1.234' }, 'amount must be an amount in euro such as 250.00 (got "1.234")'],
    [{ colour: 'red' }, 'a-lesson has no parameter colour (its parameters: payee, amount, signatory)'],
    [{ signatory: 'somebody' }, 'signatory must be a psuId such as FRA-SOLO (got "somebody")'],
  ])('refuses %j in one line naming what will do', (given, message) => {
    expect(() => chosenValues(flow, given)).toThrow(new ParameterError(message));
  });

  it('a flow without parameters takes none', () => {
    expect(() => chosenValues({ name: 'plain', parameters: [] }, { amount: '1.00' })).toThrow('plain takes no parameters (got amount)');
  });

  it('references read the chosen values and the payee they picked', () => {
    const scope = { params: { amount: '12.50', payee: { outcome: 'closeMatch', creditorName: 'Mueller Logistik', iban: 'DE97700205700631807745' } } };
    expect(resolveReferences({ name: '${params.payee.creditorName}', amount: '${params.amount}' }, scope)).toEqual({
      name: 'Mueller Logistik',
      amount: '12.50',
    });
  });
});

describe('the byValue matcher', () => {
  const result = (status: unknown): StepResult => ({ status: 200, headers: {}, body: { scaStatus: status }, text: '', values: {} });
  const expectation = {
    status: 200,
    fields: { 'body.scaStatus': { byValue: { of: 'steps.decide.values.action', cases: { approve: 'finalised', reject: { oneOf: ['failed'] } } } } },
  };
  const after = (action: string): unknown => ({ steps: { decide: { values: { action } } } });

  it('expects the case for the value the run has, and says which value picked it when unmet', () => {
    expect(unmetExpectations(expectation, result('finalised'), after('approve'))).toEqual([]);
    expect(unmetExpectations(expectation, result('failed'), after('reject'))).toEqual([]);
    expect(unmetExpectations(expectation, result('failed'), after('approve'))).toEqual([
      { field: 'body.scaStatus', expected: '"finalised" (as steps.decide.values.action is "approve")', actual: '"failed"' },
    ]);
    expect(unmetExpectations(expectation, result('finalised'), after('reject'))).toEqual([
      { field: 'body.scaStatus', expected: 'one of "failed" (as steps.decide.values.action is "reject")', actual: '"finalised"' },
    ]);
  });

  it('a value without a case is unmet, naming the cases there are', () => {
    expect(unmetExpectations(expectation, result('finalised'), after('later'))).toEqual([
      { field: 'body.scaStatus', expected: 'a case for steps.decide.values.action = "later" (the flow has cases for approve, reject)', actual: '"finalised"' },
    ]);
  });

  it('values in the unmet words are quoted once', () => {
    const [unmet] = unmetExpectations({ status: 200, fields: { 'body.scaStatus': 'finalised' } }, result('failed'));
    expect(`expected ${unmet?.expected}, got ${unmet?.actual}`).toBe('expected "finalised", got "failed"');
  });
});

describe('a flow kept or exported before parameters had labels', () => {
  it('reads each parameter’s title as its label', () => {
    const older = flowWith({ parameters: [{ name: 'amount', title: 'How much', kind: 'amount', default: '250.00' }] });
    expect(parseFlow(withParameterLabels(older)).parameters).toEqual([{ name: 'amount', label: 'How much', kind: 'amount', default: '250.00' }]);
    expect(withParameterLabels(flowWith())).toEqual(flowWith());
  });
});
