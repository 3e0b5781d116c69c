// A journey that times out records why, in words the PSU reads on the SCA page and the Phone.
import { describe, expect, it } from 'vitest';
import { outcomeReasonAt, startedJourney, timeoutReason, type ScaJourney } from '../../main/domain/sca/journey';

const CREATED = new Date('2026-03-02T10:00:00Z');
const after = (minutes: number, seconds = 0): Date => new Date(CREATED.getTime() + (minutes * 60 + seconds) * 1000);

function journey(kind: ScaJourney['kind'], opened: boolean): ScaJourney {
  const started = startedJourney(
    'j-1',
    kind,
    { institution: 'frankfurt', psuId: 'FRA-CREATOR', resourceId: 'r-1', tppRedirectUri: 'https://tpp.example/cb?state=1' },
    CREATED,
  );
  return opened ? { ...started, status: 'opened', openedAt: CREATED } : started;
}

describe('SCA timeout reasons', () => {
  it('an opened journey times out with "no decision within 5 minutes of opening the link"', () => {
    expect(timeoutReason(journey('consent', true))).toBe('no decision within 5 minutes of opening the link');
  });

  it('an authorisation link never opened times out with "the link was not opened within 15 minutes"', () => {
    expect(timeoutReason(journey('payment-authorisation', false))).toBe('the link was not opened within 15 minutes');
    expect(timeoutReason(journey('signing-basket', false))).toBe('the link was not opened within 15 minutes');
  });

  it('a consent link never opened never times out, so has no reason', () => {
    expect(timeoutReason(journey('consent', false))).toBeNull();
    expect(outcomeReasonAt(journey('consent', false), after(600))).toBeNull();
  });

  it('the reason reads at once when the time is up, before the timeout is written', () => {
    const opened = journey('consent', true);
    expect(outcomeReasonAt(opened, after(4, 59))).toBeNull();
    expect(outcomeReasonAt(opened, after(5))).toBe('no decision within 5 minutes of opening the link');
  });

  it('a stored reason (an authorisation rule, or the written timeout) is the one shown', () => {
    const failed: ScaJourney = { ...journey('payment-authorisation', true), status: 'failed', outcomeReason: 'approval limit exceeded' };
    expect(outcomeReasonAt(failed, after(60))).toBe('approval limit exceeded');
    expect(outcomeReasonAt({ ...failed, outcomeReason: null }, after(60))).toBeNull();
  });
});
