// The flow format's pure parts: a bad flow file is refused with the field named, references resolve
// to earlier results with their types, and each kind of expectation is met or reported.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unmetExpectations } from '../../main/flows/runs/expectations';
import { readLibrary } from '../../main/flows/library/library';
import { pain002Values } from '../../main/flows/runs/pain002-values';
import { readPath } from '../../main/flows/library/paths';
import { referencesIn, resolveReferences, UnresolvedReference } from '../../main/flows/library/references';
import type { StepResult } from '../../main/flows/runs/result';
import { FlowFormatError, parseFlow } from '../../main/flows/library/validate';

const step = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'consent',
  title: 'Create the consent',
  explanation: 'The TPP asks for a consent.',
  spec: 'Endpoints > Consents',
  operation: 'createConsent',
  params: { psu: 'psu' },
  expect: { status: 201 },
  ...overrides,
});

const flowWith = (overrides: Record<string, unknown> = {}, steps: unknown[] = [step()]): Record<string, unknown> => ({
  formatVersion: 1,
  name: 'a-flow',
  title: 'A flow',
  description: 'For the tests.',
  institutions: ['frankfurt'],
  psus: { psu: 'AISONLY' },
  steps,
  ...overrides,
});

describe('parseFlow', () => {
  it('accepts a valid flow and fills in the actor from the operation', () => {
    const flow = parseFlow(flowWith());
    expect(flow.steps[0]?.actor).toBe('tpp');
    expect(parseFlow(flowWith({}, [step({ operation: 'psuDecides', params: { scaRedirect: '/sca/x' } })])).steps[0]?.actor).toBe('psuApp');
  });

  it('reads the behaviour: simulation unless the file says sandbox', () => {
    expect(parseFlow(flowWith()).behaviour).toBe('simulation');
    expect(parseFlow(flowWith({ behaviour: 'simulation' })).behaviour).toBe('simulation');
    expect(parseFlow(flowWith({ behaviour: 'sandbox' })).behaviour).toBe('sandbox');
  });

  it('marks a lesson for a class only where the file says so', () => {
    expect(parseFlow(flowWith({ lesson: true })).lesson).toBe(true);
    expect(parseFlow(flowWith()).lesson).toBeUndefined();
    expect(parseFlow(flowWith({ lesson: false })).lesson).toBeUndefined();
  });

  it.each([
    ['another format version', flowWith({ formatVersion: 2 }), 'formatVersion'],
    ['a name with capitals', flowWith({ name: 'AIS' }), 'name'],
    ['an unknown top-level field', flowWith({ colour: 'blue' }), 'colour'],
    ['a behaviour the simulator has not', flowWith({ behaviour: 'production' }), 'behaviour'],
    ['a behaviour that is no string', flowWith({ behaviour: true }), 'behaviour'],
    ['a lesson mark that is no true or false', flowWith({ lesson: 'yes' }), 'lesson'],
    ['an unknown institution', flowWith({ institutions: ['frankfurt', 'atlantis'] }), 'institutions[1]'],
    ['no steps', flowWith({}, []), 'steps'],
    ['a PSU suffix in lower case', flowWith({ psus: { psu: 'aisonly' } }), 'psus.psu'],
    ['an unknown operation', flowWith({}, [step({ operation: 'teleport' })]), 'steps[0].operation'],
    ['an unknown actor', flowWith({}, [step({ actor: 'robot' })]), 'steps[0].actor'],
    ['a missing parameter', flowWith({}, [step({ params: {} })]), 'steps[0].params.psu'],
    ['an unknown parameter', flowWith({}, [step({ params: { psu: 'psu', colour: 'blue' } })]), 'steps[0].params.colour'],
    ['a PSU role the flow lacks', flowWith({}, [step({ params: { psu: 'approver' } })]), 'steps[0].params.psu'],
    ['a number where true/false goes', flowWith({}, [step({ params: { psu: 'psu', recurringIndicator: 1 } })]), 'steps[0].params.recurringIndicator'],
    [
      'an unknown fault',
      flowWith({ psus: { c: 'CREATOR' } }, [step({ operation: 'createPayment', params: { psu: 'c', product: 'p', faults: { loud: true } } })]),
      'steps[0].params.faults.loud',
    ],
    [
      'creditors that are no list',
      flowWith({ psus: { c: 'CREATOR' } }, [step({ operation: 'createPayment', params: { psu: 'c', product: 'p', creditors: { name: 'A', iban: 'X' } } })]),
      'steps[0].params.creditors',
    ],
    [
      'a creditor without an IBAN',
      flowWith({ psus: { c: 'CREATOR' } }, [step({ operation: 'createPayment', params: { psu: 'c', product: 'p', creditors: [{ name: 'A' }] } })]),
      'steps[0].params.creditors[0].iban',
    ],
    [
      'a creditor with an unknown field',
      flowWith({ psus: { c: 'CREATOR' } }, [
        step({ operation: 'createPayment', params: { psu: 'c', product: 'p', creditors: [{ name: 'A', iban: 'X', bic: 'Y' }] } }),
      ]),
      'steps[0].params.creditors[0].bic',
    ],
    [
      'a creditor amount that is no string',
      flowWith({ psus: { c: 'CREATOR' } }, [
        step({ operation: 'createPayment', params: { psu: 'c', product: 'p', creditors: [{ name: 'A', iban: 'X', amount: 5 }] } }),
      ]),
      'steps[0].params.creditors[0].amount',
    ],
    ['a step id used twice', flowWith({}, [step(), step()]), 'steps[1].id'],
    [
      'a reference to a later step',
      flowWith({}, [step({ id: 'status', operation: 'consentStatus', params: { consentId: '${steps.consent.values.consentId}' } }), step()]),
      'steps[0].params.consentId',
    ],
    [
      'a reference to an unknown root',
      flowWith({}, [step(), step({ id: 'status', operation: 'consentStatus', params: { consentId: '${bank.id}' } })]),
      'steps[1].params.consentId',
    ],
    [
      'a reference into no result part',
      flowWith({}, [step(), step({ id: 'status', operation: 'consentStatus', params: { consentId: '${steps.consent.consentId}' } })]),
      'steps[1].params.consentId',
    ],
    ['a status that is no HTTP status', flowWith({}, [step({ expect: { status: 42 } })]), 'steps[0].expect.status'],
    [
      'an expected field outside the result',
      flowWith({}, [step({ expect: { status: 201, fields: { 'reply.code': 'X' } } })]),
      'steps[0].expect.fields.reply.code',
    ],
    [
      'a matcher that is no regular expression',
      flowWith({}, [step({ expect: { status: 201, fields: { text: { matches: '(' } } } })]),
      'steps[0].expect.fields.text.matches',
    ],
  ])('refuses %s, naming the field', (_, input, field) => {
    expect(() => parseFlow(input)).toThrow(expect.objectContaining({ constructor: FlowFormatError, field }));
  });

  it('every flow of the library is valid and named like its file', () => {
    expect(readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows')).length).toBeGreaterThanOrEqual(13);
  });

  it('every lesson of the library says each of its choices in a trainer’s words, with a sentence of help', () => {
    const lessons = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows')).filter((f) => f.lesson === true);
    expect(lessons.map((f) => f.name).sort()).toEqual([
      'ais-consent',
      'sca-rejected-payment',
      'sca-timeout-after-opening',
      'sca-timeout-after-start',
      'separation-of-duty',
      'temporary-error-read-again',
      'vop-close-match-psu-decides',
      'vop-no-match',
      'vop-payee-bank-silent',
    ]);
    for (const lesson of lessons)
      for (const parameter of lesson.parameters) {
        // Words, not the parameter's name: "Who prepares the payment", never "creator".
        expect(parameter.label, `${lesson.name} ${parameter.name}`).toMatch(/^[A-Z]\S* \S+/);
        expect(parameter.help, `${lesson.name} ${parameter.name}`).toMatch(/^[A-Z].*\.$/);
      }
  });
});

describe('references', () => {
  const scope = {
    institution: 'paris',
    psus: { creator: { psuId: 'PAR-CREATOR', accounts: [{ iban: 'FR76...', currency: 'EUR' }] } },
    steps: { pay: { status: 201, body: { paymentId: 'p-1', list: ['a', 'b'] }, values: { count: 2 } } },
  };

  it('a whole reference keeps the type of what it refers to', () => {
    expect(resolveReferences('${steps.pay.body.list}', scope)).toEqual(['a', 'b']);
    expect(resolveReferences('${steps.pay.values.count}', scope)).toBe(2);
    expect(resolveReferences({ iban: '${psus.creator.accounts[0].iban}', ids: ['${steps.pay.body.paymentId}'] }, scope)).toEqual({
      iban: 'FR76...',
      ids: ['p-1'],
    });
  });

  it('a reference inside text is written into it', () => {
    expect(resolveReferences('/${institution}/payments/${steps.pay.body.paymentId}', scope)).toBe('/paris/payments/p-1');
  });

  it('a reference to nothing is an error naming it', () => {
    expect(() => resolveReferences('${steps.pay.body.basketId}', scope)).toThrow(UnresolvedReference);
    expect(() => resolveReferences('${steps.pay.body.basketId}', scope)).toThrow('${steps.pay.body.basketId}');
  });

  it('finds references anywhere in a parameter', () => {
    expect(referencesIn({ a: ['${x.y}', 'no'], b: 'text ${z} and ${w[0]}' })).toEqual(['x.y', 'z', 'w[0]']);
  });

  it('paths read names with hyphens and list indexes, and lead nowhere safely', () => {
    const value = { headers: { 'content-type': 'application/xml' }, body: { tppMessages: [{ code: 'X' }] } };
    expect(readPath(value, 'headers.content-type')).toBe('application/xml');
    expect(readPath(value, 'body.tppMessages[0].code')).toBe('X');
    expect(readPath(value, 'body.tppMessages[1].code')).toBeUndefined();
    expect(readPath(value, 'body.tppMessages.code')).toBeUndefined();
    expect(readPath(value, 'body..x')).toBeUndefined();
  });
});

describe('expectations', () => {
  const result: StepResult = {
    status: 401,
    headers: { 'content-type': 'application/json' },
    body: { tppMessages: [{ code: 'SIGNATURE_INVALID' }], list: ['PDNG'] },
    text: '{"tppMessages":[{"code":"SIGNATURE_INVALID"}]}',
    values: { txStatuses: ['PATC', 'PATC'], reasons: [null, 'CMTC'] },
    signature: { verdict: { valid: false, checkId: 'digest-matches' } },
  };

  it('all met: status, equal values, lists, oneOf, matches, present', () => {
    expect(
      unmetExpectations(
        {
          status: [400, 401],
          fields: {
            'body.tppMessages[0].code': 'SIGNATURE_INVALID',
            'values.reasons': [null, 'CMTC'],
            'body.list': { oneOf: [['PDNG'], ['ACCP']] },
            'headers.content-type': { matches: '^application/json' },
            'signature.verdict': { valid: false, checkId: 'digest-matches' },
            'body.nothing': { present: false },
          },
        },
        result,
      ),
    ).toEqual([]);
  });

  it('each unmet one is reported with what was expected and what came', () => {
    expect(
      unmetExpectations(
        {
          status: 201,
          fields: {
            'body.tppMessages[0].code': 'CONSENT_INVALID',
            'values.txStatuses': ['PATC'],
            'signature.verdict.checkId': { oneOf: ['a', 'b'] },
            'body.missing': { present: true },
            text: { matches: '^<' },
          },
        },
        result,
      ),
    ).toEqual([
      { field: 'status', expected: '201', actual: `401 ${result.text}` },
      { field: 'body.tppMessages[0].code', expected: '"CONSENT_INVALID"', actual: '"SIGNATURE_INVALID"' },
      { field: 'values.txStatuses', expected: '["PATC"]', actual: '["PATC","PATC"]' },
      { field: 'signature.verdict.checkId', expected: 'one of "a", "b"', actual: '"digest-matches"' },
      { field: 'body.missing', expected: 'present', actual: 'nothing' },
      { field: 'text', expected: 'matching /^</', actual: JSON.stringify(result.text) },
    ]);
  });

  it('objects are compared whole: an extra or a missing key is a difference', () => {
    expect(unmetExpectations({ status: 401, fields: { 'signature.verdict': { valid: false } } }, result)).toHaveLength(1);
    expect(unmetExpectations({ status: 401, fields: { 'signature.verdict': { valid: false, checkId: 'digest-matches', rule: 6 } } }, result)).toHaveLength(1);
  });
});

describe('pain002Values', () => {
  it('gives each transfer its TxSts and its reason code, null where there is none', () => {
    const tx = (status: string, reason?: string): string =>
      `<TxInfAndSts><OrgnlEndToEndId>E</OrgnlEndToEndId><TxSts>${status}</TxSts>${reason ? `<StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn><AddtlInf>x</AddtlInf></StsRsnInf>` : ''}</TxInfAndSts>`;
    const report = `<Document><CstmrPmtStsRpt>${tx('PATC')}${tx('PATC', 'CMTC')}${tx('RJCT', 'AM04')}</CstmrPmtStsRpt></Document>`;
    expect(pain002Values(report)).toEqual({ txStatuses: ['PATC', 'PATC', 'RJCT'], txStatus: 'PATC', reasons: [null, 'CMTC', 'AM04'] });
  });
});
