// Lessons prepared ahead (docs/teaching.md): what the payee's bank answers for a payee a trainer added (the
// trainer's outcome for the trainer's name, the usual comparison for any other), and a lesson's payee chosen
// by its IBAN (`closeMatch:IBAN`): taken by the form's checks, the step of its outcome kept, that payee used.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preparedPayeeAnswer, type PreparedPayee } from '../../main/domain/vop/prepared-payees';
import type { FlowFile } from '../../main/flows/library/format';
import { readLibrary } from '../../main/flows/library/library';
import { ParameterError, scopeOf, valueProblem } from '../../main/flows/library/parameters';
import { flowForChoices } from '../../main/flows/library/step-choices';

const CAFE: PreparedPayee = {
  institution: 'frankfurt',
  iban: 'DE44500105175407324931',
  registeredName: 'Café Müller',
  creditorName: 'Cafe Mueller Frankfurt',
  outcome: 'closeMatch',
  demonstrates: 'Added for a lesson',
};

describe('a prepared payee’s answer', () => {
  it('is the trainer’s outcome for the trainer’s name, written in any case and spacing', () => {
    expect(preparedPayeeAnswer(CAFE, 'Cafe Mueller Frankfurt')).toEqual({ outcome: 'closeMatch', registeredName: 'Café Müller' });
    expect(preparedPayeeAnswer(CAFE, 'cafe  mueller frankfurt')).toEqual({ outcome: 'closeMatch', registeredName: 'Café Müller' });
    expect(preparedPayeeAnswer({ ...CAFE, outcome: 'noMatch', creditorName: 'Café Muller' }, 'Café Muller')).toEqual({ outcome: 'noMatch' });
    expect(preparedPayeeAnswer({ ...CAFE, outcome: 'match', creditorName: 'Mueller' }, 'Mueller')).toEqual({ outcome: 'match' });
  });

  it('compares any other name with the registered name, as for the dataset’s payees', () => {
    expect(preparedPayeeAnswer(CAFE, 'Café Müller')).toEqual({ outcome: 'match' });
    expect(preparedPayeeAnswer(CAFE, 'Bäckerei Schulz')).toEqual({ outcome: 'noMatch' });
  });

  it('is no answer, unavailable or not applicable whatever the name, when the trainer chose so', () => {
    expect(preparedPayeeAnswer({ ...CAFE, outcome: 'timeout' }, 'Cafe Mueller Frankfurt')).toBeUndefined();
    expect(preparedPayeeAnswer({ ...CAFE, outcome: 'serviceUnavailable' }, 'Café Müller')).toEqual({ outcome: 'serviceUnavailable' });
    expect(preparedPayeeAnswer({ ...CAFE, outcome: 'notApplicable' }, 'anyone')).toMatchObject({ outcome: 'notApplicable' });
  });
});

describe('a payee parameter’s value naming one payee', () => {
  const lesson = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows')).find((f) => f.name === 'vop-close-match-psu-decides') as FlowFile;
  const payee = lesson.parameters.find((p) => p.name === 'payee');
  if (payee === undefined) throw new Error('the close-match lesson has a payee parameter');

  it('is one of the choices and an IBAN', () => {
    expect(valueProblem(payee, `closeMatch:${CAFE.iban}`)).toBeNull();
    expect(valueProblem(payee, 'closeMatch')).toBeNull();
    expect(valueProblem(payee, `almost:${CAFE.iban}`)).toMatch(/^payee must be one of match, closeMatch/);
    expect(valueProblem(payee, 'closeMatch:Café Müller')).toBe('payee names the payee "Café Müller", which is not an IBAN such as DE89370400440532013000');
  });

  it('keeps the steps of its outcome: no answer moves the clock, as the outcome alone does', () => {
    const steps = (value: string): string[] => flowForChoices(lesson, { payee: value }).steps.map((s) => s.id);
    expect(steps(`timeout:${CAFE.iban}`)).toEqual(steps('timeout'));
    expect(steps(`timeout:${CAFE.iban}`)).toContain('time');
    expect(steps(`closeMatch:${CAFE.iban}`)).not.toContain('time');
  });

  it('pays that payee of the registry, which must give the outcome', () => {
    const registry = [
      { iban: 'DE97700205700631807745', registeredName: 'Müller Logistik GmbH', creditorName: 'Mueller Logistik', outcome: 'closeMatch' },
      { iban: CAFE.iban, registeredName: CAFE.registeredName, creditorName: CAFE.creditorName, outcome: 'closeMatch' },
    ];
    expect(scopeOf(lesson, 'frankfurt', { payee: `closeMatch:${CAFE.iban}` }, registry)).toEqual({
      payee: { outcome: 'closeMatch', creditorName: CAFE.creditorName, iban: CAFE.iban, registeredName: CAFE.registeredName },
    });
    expect(scopeOf(lesson, 'frankfurt', { payee: 'closeMatch' }, registry)).toMatchObject({ payee: { iban: 'DE97700205700631807745' } });
    expect(() => scopeOf(lesson, 'frankfurt', { payee: `noMatch:${CAFE.iban}` }, registry)).toThrow(ParameterError);
  });
});
