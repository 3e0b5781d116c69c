// The command palette's ranking: what a person types first must be what Enter runs.
import { describe, expect, it } from 'vitest';
import { matchItems, splitHighlights } from '../../renderer/src/shell/command-match';

const COMMANDS = [
  { title: 'Go to Inspector', keywords: 'Screens' },
  { title: 'Go to Phone', keywords: 'Screens' },
  { title: 'Advance the clock by 10 minutes', keywords: 'Bank +10 min' },
  { title: 'Advance the clock by 1 day', keywords: 'Bank +1 day' },
  { title: 'Advance the clock by 90 days', keywords: 'Bank +90 days' },
  { title: 'Approve access to your accounts', keywords: 'Phone sca journey' },
  { title: 'Sign in as Jonas Becker (FRA-CREATOR)', keywords: 'Phone psu frankfurt' },
  { title: 'Copy the selected exchange as cURL', keywords: 'Inspector curl' },
];

const titles = (query: string): string[] => matchItems(COMMANDS, query).map((m) => m.item.title);

describe('matchItems', () => {
  it('keeps every entry in its order when nothing is typed', () => {
    expect(titles('')).toEqual(COMMANDS.map((c) => c.title));
    expect(titles('   ')).toEqual(COMMANDS.map((c) => c.title));
  });

  it('needs every typed word, in any order and case', () => {
    expect(titles('90 days')).toEqual(['Advance the clock by 90 days']);
    expect(titles('DAYS 90')).toEqual(['Advance the clock by 90 days']);
    expect(titles('clock 7')).toEqual([]);
  });

  it('ranks a shown whole word above an entry that only names it in its keywords', () => {
    expect(titles('phone')[0]).toBe('Go to Phone');
    expect(titles('phone')).toContain('Approve access to your accounts');
  });

  it('keeps the given order among entries the words fit equally well', () => {
    expect(titles('phone')).toEqual(['Go to Phone', 'Approve access to your accounts', 'Sign in as Jonas Becker (FRA-CREATOR)']);
  });

  it('ranks a whole word above the start of a word, and that above the inside of one', () => {
    const items = [{ title: 'reapprove' }, { title: 'approved' }, { title: 'approve' }];
    expect(matchItems(items, 'approve').map((m) => m.item.title)).toEqual(['approve', 'approved', 'reapprove']);
  });

  it('ranks an exact word, in the title or the keywords, above a word that only starts with it', () => {
    const phone = [
      { title: 'Sign in as Anna Weber (FRA-APPROVER-A)', keywords: 'Phone psu user' },
      { title: 'Open the link for a payment', keywords: 'Phone sca journey approve reject' },
      { title: 'Approve a payment', keywords: 'Phone sca journey' },
    ];
    expect(matchItems(phone, 'approve').map((m) => m.item.title)).toEqual([
      'Approve a payment',
      'Open the link for a payment',
      'Sign in as Anna Weber (FRA-APPROVER-A)',
    ]);
    // The start of a word stays marked where it matched.
    expect(matchItems(phone, 'approve')[2]?.highlights).toEqual([[27, 34]]);
  });

  it('ranks a part of a keyword below any visible match', () => {
    const items = [{ title: 'Reset the bank', keywords: 'approvers' }, { title: 'Sign in as approver' }];
    expect(matchItems(items, 'approve').map((m) => m.item.title)).toEqual(['Sign in as approver', 'Reset the bank']);
  });

  it('finds words in the keywords without highlighting them', () => {
    const [match] = matchItems(COMMANDS, '+10');
    expect(match?.item.title).toBe('Advance the clock by 10 minutes');
    expect(match?.highlights).toEqual([]);
  });

  it('falls back to letters in order, below any word match', () => {
    expect(titles('adv90')).toEqual(['Advance the clock by 90 days']);
    expect(titles('curl')[0]).toBe('Copy the selected exchange as cURL');
  });

  it('marks what matched, merging touching ranges', () => {
    const [match] = matchItems([{ title: 'Advance the clock by 90 days' }], 'clock by');
    expect(match?.highlights).toEqual([
      [12, 17],
      [18, 20],
    ]);
    const [joined] = matchItems([{ title: 'Advance the clock' }], 'adv vance');
    expect(joined?.highlights).toEqual([[0, 7]]);
  });
});

describe('splitHighlights', () => {
  it('cuts the title into plain and marked parts that join back to it', () => {
    const parts = splitHighlights('Go to Phone', [[6, 11]]);
    expect(parts).toEqual([
      { text: 'Go to ', marked: false },
      { text: 'Phone', marked: true },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('Go to Phone');
  });
});
