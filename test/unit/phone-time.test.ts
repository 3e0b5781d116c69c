// The Phone's and the shell's time helpers: the running simulated clock, how times read in lists,
// and the countdown to the SCA time limits (5 minutes after opening the link, 15 to open it).
import { describe, expect, it } from 'vitest';
import type { ScaJourney } from '../../preload/api/workbench-api';
import { clockOffsetMs, simulatedNowMs } from '../../renderer/src/widgets/clock';
import { formatDate, formatInstant, instantTitle } from '../../renderer/src/widgets/format';
import { countdown, deadlineText, scaDeadline } from '../../renderer/src/widgets/sca-time';
import { approvalsText } from '../../renderer/src/widgets/plain-words';
import { vopHeadline } from '../../renderer/src/widgets/vop';
import { timeLimit } from '../../main/domain/sca/journey';

const journey = (patch: Partial<ScaJourney>): ScaJourney => ({
  journeyId: 'j1',
  kind: 'payment-authorisation',
  institution: 'frankfurt',
  psuId: 'FRA-APPROVER-A',
  resourceId: 'p1',
  status: 'started',
  redirectUrl: 'http://127.0.0.1/sca/j1',
  createdAt: '2026-03-02T10:00:00.000Z',
  openedAt: null,
  finishedAt: null,
  outcomeReason: null,
  tppRedirectUri: 'https://tpp.example/cb',
  timeLimit: null,
  outcome: null,
  tpp: null,
  approvalRefusal: null,
  ...patch,
});

/** The journey as the host answers it: its time limit from the simulator's own rule. */
const timed = (patch: Partial<ScaJourney>): ScaJourney => {
  const j = journey(patch);
  const limit = timeLimit({ kind: j.kind, createdAt: new Date(j.createdAt), openedAt: j.openedAt === null ? null : new Date(j.openedAt) });
  return { ...j, timeLimit: limit && { deadline: limit.deadline.toISOString(), reason: limit.reason } };
};

describe('the running simulated clock', () => {
  it('runs on with wall time from the last instant learned', () => {
    const learnedAt = 1_000_000;
    expect(simulatedNowMs('2026-03-02T10:00:00.000Z', learnedAt, learnedAt + 61_500)).toBe(Date.parse('2026-03-02T10:01:01.500Z'));
    expect(simulatedNowMs('2026-03-02T10:00:00.000Z', learnedAt, learnedAt)).toBe(Date.parse('2026-03-02T10:00:00.000Z'));
  });

  it('knows its offset from the wall clock, to tell the wall time of a simulated instant', () => {
    expect(clockOffsetMs('2026-03-02T10:00:00.000Z', Date.parse('2026-03-02T09:00:00.000Z'))).toBe(3_600_000);
    expect(instantTitle('2026-03-02T10:00:00.000Z', 3_600_000)).toContain('Wall clock');
    expect(instantTitle('2026-03-02T10:00:00.000Z', null)).not.toContain('Wall clock');
  });
});

describe('formatInstant', () => {
  const today = Date.parse('2026-03-02T18:00:00Z');

  it('leaves the date out on the simulated today and shows it on any other day', () => {
    const sameDay = formatInstant('2026-03-02T09:15:00Z', { today });
    expect(sameDay).not.toMatch(/2026/);
    expect(sameDay).toMatch(/15/);
    expect(formatInstant('2026-03-01T23:59:00Z', { today })).toMatch(/2026/);
    expect(formatInstant('2026-03-02T09:15:00Z')).toMatch(/2026/);
  });

  it('shows seconds only when asked, and says UTC', () => {
    expect(formatInstant('2026-03-02T09:15:42Z', { seconds: true })).toMatch(/42/);
    expect(formatInstant('2026-03-02T09:15:42Z')).not.toMatch(/42/);
    expect(formatInstant('2026-03-02T09:15:42Z')).toMatch(/UTC$/);
  });

  it('keeps what is not an instant as it is', () => {
    expect(formatInstant('soon')).toBe('soon');
    expect(formatDate('2026-03-02')).toMatch(/2026/);
    expect(formatDate('2026-03-02')).not.toBe('2026-03-02');
    expect(formatDate('n/a')).toBe('n/a');
  });
});

describe('the SCA time limits', () => {
  it('are the simulator’s: 15 minutes to open an authorisation link, 5 to decide once opened; an unopened consent link has none', () => {
    expect(scaDeadline(timed({}))).toEqual({ at: Date.parse('2026-03-02T10:15:00.000Z'), to: 'open', reason: 'the link was not opened within 15 minutes' });
    expect(scaDeadline(timed({ status: 'opened', openedAt: '2026-03-02T10:03:00.000Z' }))).toEqual({
      at: Date.parse('2026-03-02T10:08:00.000Z'),
      to: 'decide',
      reason: 'no decision within 5 minutes of opening the link',
    });
    expect(scaDeadline(timed({ kind: 'consent' }))).toBeNull();
    expect(scaDeadline(timed({ status: 'finalised' }))).toBeNull();
  });

  it('reads as a countdown, then says clearly that the time is up', () => {
    expect(countdown(299_001)).toBe('5:00');
    expect(countdown(65_000)).toBe('1:05');
    expect(countdown(9_000)).toBe('0:09');
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(-5)).toBe('0:00');
    const deadline = scaDeadline(timed({ status: 'opened', openedAt: '2026-03-02T10:03:00.000Z' }));
    if (deadline === null) throw new Error('an opened authorisation has a time limit');
    expect(deadlineText(deadline, Date.parse('2026-03-02T10:04:00Z'))).toEqual({ passed: false, text: '4:00 left to decide' });
    const passed = deadlineText(deadline, Date.parse('2026-03-02T10:08:00Z'));
    expect(passed.passed).toBe(true);
    expect(passed.text).toContain('Time is up: no decision within 5 minutes of opening the link');
  });
});

describe('the Phone in plain words', () => {
  it('counts approvals as people do', () => {
    expect(approvalsText(1, 2)).toBe('1 of 2 approvals');
    expect(approvalsText(0, 1)).toBe('0 of 1 approval');
  });

  it('words VoP results as the EPC rulebook has the bank app show them', () => {
    expect(vopHeadline({ outcome: 'closeMatch', reasonCode: 'CMTC', additionalInfo: 'Müller Logistik GmbH' })).toBe('Did you mean Müller Logistik GmbH?');
    expect(vopHeadline({ outcome: 'noMatch', reasonCode: 'NMTC', additionalInfo: null })).toBe('The name does not match the account holder.');
    expect(vopHeadline({ outcome: 'inProgress', reasonCode: 'RECI', additionalInfo: null })).toBe('The bank is checking the payee’s name…');
    expect(vopHeadline({ outcome: 'timeout', reasonCode: 'NOAP', additionalInfo: 'timeout' })).toBe('The payee could not be checked.');
  });
});
