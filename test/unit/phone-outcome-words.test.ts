// The Phone's words for each way an SCA journey ends, and for a refusal the bank already knows.
import { describe, expect, it } from 'vitest';
import type { JourneyOutcome } from '../../preload/api/workbench-api';
import { outcomeWords, refusalWarning } from '../../renderer/src/screens/phone/outcome-words';
import { JOURNEY_OUTCOMES } from '../../main/domain/sca/outcome';

describe('the words for each outcome', () => {
  it('has a headline and a sentence for every kind the bank can answer, with no wire code in them', () => {
    for (const outcome of JOURNEY_OUTCOMES) {
      const words = outcomeWords({ status: outcome === 'approved' ? 'finalised' : 'failed', outcome: outcome as JourneyOutcome, outcomeReason: null });
      expect(words.title.length, outcome).toBeGreaterThan(0);
      expect(words.sentence, outcome).toMatch(/\.$/);
      expect(`${words.title} ${words.sentence}`, outcome).not.toMatch(/PATC|RJCT|failed|finalised|[a-z][A-Z]/);
    }
  });

  it('says which time limit ran out', () => {
    expect(outcomeWords({ status: 'failed', outcome: 'timedOutAfterOpening', outcomeReason: null })).toMatchObject({
      title: 'Time is up',
      sentence: expect.stringContaining('5 minutes of opening the link'),
    });
    expect(outcomeWords({ status: 'failed', outcome: 'timedOutAfterStart', outcomeReason: null })).toMatchObject({
      title: 'Time is up',
      sentence: expect.stringContaining('15 minutes'),
    });
  });

  it('a journey ended before kinds were kept says its status and the bank’s reason', () => {
    expect(outcomeWords({ status: 'finalised', outcome: null, outcomeReason: null }).title).toBe('Approved');
    expect(outcomeWords({ status: 'failed', outcome: null, outcomeReason: 'the payment no longer exists' }).sentence).toBe(
      'The bank did not approve it: the payment no longer exists.',
    );
  });

  it('warns before the decision in the same words, saying what pressing Approve will do', () => {
    const warning = refusalWarning({ outcome: 'separationOfDuty', reason: 'separation of duty: FRA-CREATOR created the payment' });
    expect(warning.title).toBe('You cannot approve this: you created this payment');
    expect(warning.sentence).toContain('If you press Approve anyway, the bank will refuse it.');
  });
});
