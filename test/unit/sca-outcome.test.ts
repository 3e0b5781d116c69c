// How a journey ended, as a kind: the stored one, a timeout's as soon as the time is up, and what a
// journey ended before kinds were kept still tells (domain/sca/journey.ts outcomeAt).
import { describe, expect, it } from 'vitest';
import { outcomeAt, startedJourney, TIMEOUT_REASONS, type ScaJourney } from '../../main/domain/sca/journey';
import { endingOutcome } from '../../main/domain/sca/outcome';

const CREATED = new Date('2026-03-02T10:00:00Z');
const after = (minutes: number): Date => new Date(CREATED.getTime() + minutes * 60_000);
const started = startedJourney(
  'j-1',
  'payment-authorisation',
  { institution: 'frankfurt', psuId: 'FRA-APPROVER-A', resourceId: 'p-1', tppRedirectUri: 'https://tpp.example/cb' },
  CREATED,
);
const opened: ScaJourney = { ...started, status: 'opened', openedAt: CREATED };

describe('a journey’s outcome kind', () => {
  it('is null while the journey waits, and the stored kind once it ended', () => {
    expect(outcomeAt(opened, after(1))).toBeNull();
    const refused: ScaJourney = { ...opened, status: 'failed', finishedAt: after(1), outcome: 'aboveLimit', outcomeReason: 'approval limit: …' };
    expect(outcomeAt(refused, after(2))).toBe('aboveLimit');
  });

  it('names the time limit as soon as it has passed, before the bank writes the timeout', () => {
    expect(outcomeAt(opened, after(5))).toBe('timedOutAfterOpening');
    expect(outcomeAt(started, after(14))).toBeNull();
    expect(outcomeAt(started, after(15))).toBe('timedOutAfterStart');
  });

  it('tells a journey ended before kinds were kept by its status and reason', () => {
    const ended = (patch: Partial<ScaJourney>): ScaJourney => ({ ...opened, status: 'failed', finishedAt: after(1), outcome: null, ...patch });
    expect(outcomeAt(ended({ status: 'finalised' }), after(2))).toBe('approved');
    expect(outcomeAt(ended({ outcomeReason: null }), after(2))).toBe('rejected');
    expect(outcomeAt(ended({ outcomeReason: TIMEOUT_REASONS.opened }), after(6))).toBe('timedOutAfterOpening');
    expect(outcomeAt(ended({ outcomeReason: TIMEOUT_REASONS.unopened }), after(16))).toBe('timedOutAfterStart');
    // A rule's reason in words only: no kind can be told from it, and none is made up.
    expect(outcomeAt(ended({ outcomeReason: 'separation of duty: …' }), after(2))).toBeNull();
  });

  it('says whether the payment ended under its own journey or under a basket’s', () => {
    expect(endingOutcome('cancelled', false)).toBe('paymentCancelled');
    expect(endingOutcome('expired', true)).toBe('basketMemberExpired');
    expect(endingOutcome('processed', true)).toBe('basketMemberProcessed');
  });
});
