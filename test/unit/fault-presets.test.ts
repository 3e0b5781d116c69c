// The fault presets' pure rules (main/domain/faults/presets.ts): when each holds on the simulated clock,
// for whom, and what it counts. The bank's behaviour under each is in test/api/fault-presets.test.ts.
import { describe, expect, it } from 'vitest';
import { faultFor } from '../../main/domain/faults/first-fault';
import {
  abandonedSca,
  isPresetActive,
  newPresetState,
  presetEnd,
  processingMoment,
  silentPayeeBank,
  type FaultPresetName,
  type FaultPresetRule,
} from '../../main/domain/faults/presets';
import { newRuleState } from '../../main/domain/faults/rule';

const T0 = new Date('2026-11-24T09:00:00Z');
const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);

const preset = (name: FaultPresetName, fields: Partial<FaultPresetRule> = {}): FaultPresetRule => {
  const minutes = fields.minutes === undefined ? 30 : fields.minutes;
  return {
    id: 1,
    preset: name,
    minutes,
    institution: null,
    tppId: null,
    until: presetEnd(T0, minutes)?.toISOString() ?? null,
    note: null,
    createdAt: T0.toISOString(),
    ...fields,
  };
};
const payment = { paymentId: 'p1', institution: 'frankfurt', tppId: 'PSDDE-BAFIN-123456' };

describe('a preset on the simulated clock', () => {
  it('holds from its creation until its minutes have passed; without minutes until removed', () => {
    expect(isPresetActive(preset('maintenance'), at(29.99))).toBe(true);
    expect(isPresetActive(preset('maintenance'), at(30))).toBe(false);
    expect(isPresetActive(preset('sca-abandoned', { minutes: null }), at(100_000))).toBe(true);
    // The clock put back before the preset was set (New class): it has not begun, so it does not hold again.
    expect(isPresetActive(preset('maintenance'), at(-60))).toBe(false);
    expect(isPresetActive(preset('sca-abandoned', { minutes: null }), at(-1))).toBe(false);
  });
});

describe('pending-processing', () => {
  it('moves a payment due while it holds to its end, counting the payment once it would have moved on', () => {
    const state = newPresetState(preset('pending-processing'));
    expect(processingMoment([state], payment, at(15).getTime(), at(10))).toBe(at(30).getTime());
    expect(state.fired).toBe(0);
    expect(processingMoment([state], payment, at(15).getTime(), at(20))).toBe(at(30).getTime());
    expect(processingMoment([state], payment, at(15).getTime(), at(25))).toBe(at(30).getTime());
    expect(state.fired).toBe(1);
  });

  it('leaves alone a payment due after it ends, once it has ended, and payments of other institutions or TPPs', () => {
    const state = newPresetState(preset('pending-processing'));
    expect(processingMoment([state], payment, at(45).getTime(), at(20))).toBe(at(45).getTime());
    expect(processingMoment([state], payment, at(15).getTime(), at(31))).toBe(at(15).getTime());
    const elsewhere = newPresetState(preset('pending-processing', { institution: 'paris' }));
    const otherTpp = newPresetState(preset('pending-processing', { tppId: 'PSDFR-ACPR-000001' }));
    expect(processingMoment([elsewhere, otherTpp], payment, at(15).getTime(), at(20))).toBe(at(15).getTime());
    expect(elsewhere.fired + otherTpp.fired).toBe(0);
  });

  it('the latest end of those holding it wins; one without minutes holds until removed', () => {
    const short = newPresetState(preset('pending-processing', { minutes: 20 }));
    const long = newPresetState(preset('pending-processing', { minutes: 60 }));
    expect(processingMoment([short, long], payment, at(15).getTime(), at(16))).toBe(at(60).getTime());
    expect(processingMoment([newPresetState(preset('pending-processing', { minutes: null }))], payment, at(15).getTime(), at(16))).toBe(Infinity);
  });
});

describe('payee-bank-silent and sca-abandoned', () => {
  it('hold for the payments or journeys in their scope while they last, each counted once', () => {
    const silent = newPresetState(preset('payee-bank-silent', { institution: 'frankfurt' }));
    expect(silentPayeeBank([silent], payment, at(1))?.id).toBe(1);
    expect(silentPayeeBank([silent], { ...payment, institution: 'paris' }, at(1))).toBeNull();
    expect(silentPayeeBank([silent], payment, at(31))).toBeNull();
    expect(silent.fired).toBe(1);

    const abandoned = newPresetState(preset('sca-abandoned', { minutes: null }));
    const journey = { journeyId: 'j1', institution: 'frankfurt', tppId: null };
    expect(abandonedSca([abandoned], journey, at(1))).not.toBeNull();
    expect(abandonedSca([abandoned], journey, at(2))).not.toBeNull();
    expect(abandonedSca([abandoned], { ...journey, journeyId: 'j2' }, at(3))).not.toBeNull();
    expect(abandoned.fired).toBe(2);
    // Neither answers a request in place of the bank.
    expect(faultFor([silent, abandoned], { operation: null, institution: 'frankfurt', tppId: null, method: 'GET', path: '/x' }, at(1))).toBeNull();
  });
});

describe('maintenance', () => {
  const request = { operation: null, institution: 'frankfurt', tppId: null, method: 'GET', path: '/frankfurt/berlingroup/v1/accounts' };

  it('answers every request of its institution 503 SERVICE_UNAVAILABLE with Retry-After the seconds left, until its end', () => {
    const state = newPresetState(preset('maintenance', { institution: 'frankfurt', minutes: 10 }));
    expect(faultFor([state], request, at(4))).toMatchObject({
      ruleId: 1,
      action: { status: 503, code: 'SERVICE_UNAVAILABLE', retryAfter: 360 },
      when: 'before',
      delayMs: 0,
    });
    expect(faultFor([state], { ...request, institution: 'paris' }, at(4))).toBeNull();
    expect(faultFor([state], request, at(10))).toBeNull();
    expect(state.fired).toBe(1);
  });

  it('comes in its turn among the rules, in the order added', () => {
    const earlier = newRuleState({
      id: 1,
      match: { institution: 'frankfurt' },
      action: { status: 429 },
      when: 'before',
      times: 1,
      after: 0,
      probability: 1,
      seed: 1,
      note: null,
      createdAt: T0.toISOString(),
    });
    const maintenance = newPresetState(preset('maintenance', { id: 2, institution: 'frankfurt' }));
    expect(faultFor([earlier, maintenance], request, at(1))?.ruleId).toBe(1);
    expect(faultFor([earlier, maintenance], request, at(1))?.ruleId).toBe(2);
  });
});
