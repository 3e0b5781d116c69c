// Where the body sent first parts from the body that was hashed: byte offset, line and column of the body
// sent, and both bytes in words; and the Digest's cause when no usual change explains it but the hashed body is known.
import { describe, expect, it } from 'vitest';
import { bodyDifferenceWords, firstDifferingByte } from '../../main/domain/signing/body-difference';
import { computeDigest, digestMismatchCause } from '../../main/domain/signing/digest';

const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
const digestOf = (s: string): string => computeDigest(bytes(s)).slice('SHA-256='.length);

describe('the first difference between two bodies', () => {
  it('gives the offset, the line and column in the body sent, and both bytes', () => {
    const d = firstDifferingByte(bytes('<a>\n  <b>12.50</b>\n</a>'), bytes('<a>\n  <b>12.40</b>\n</a>'));
    expect(d).toEqual({ offset: 12, line: 2, column: 9, sent: 0x35, hashed: 0x34 });
    expect(bodyDifferenceWords(d!)).toBe(
      "the body you sent first differs from the body that was hashed at byte 12 (line 2, column 9): sent 0x35 '5', hashed 0x34 '4'",
    );
  });

  it('tells a body that ends early or goes on, and names the invisible bytes', () => {
    expect(bodyDifferenceWords(firstDifferingByte(bytes('ab'), bytes('ab c'))!)).toBe(
      'the body you sent ends at byte 2 (line 1, column 3), where the body that was hashed goes on with 0x20 space',
    );
    expect(bodyDifferenceWords(firstDifferingByte(bytes('ab\r\n'), bytes('ab'))!)).toBe(
      'the body you sent goes on at byte 2 (line 1, column 3) with 0x0D CR, where the body that was hashed had ended',
    );
    expect(firstDifferingByte(bytes('same'), bytes('same'))).toBeNull();
  });
});

describe('a Digest no usual change explains', () => {
  const sent = '{"amount":"12.50","iban":"DE02"}';
  const hashed = '{"amount":"12.40","iban":"DE02"}';

  it('is unexplained without the hashed body, and told by its first differing byte with it', () => {
    expect(digestMismatchCause(bytes(sent), digestOf(hashed))).toBeNull();
    expect(digestMismatchCause(bytes(sent), digestOf(hashed), bytes(hashed))).toEqual({
      text: "the body you sent first differs from the body that was hashed at byte 14 (line 1, column 15): sent 0x35 '5', hashed 0x34 '4': the body was changed after hashing (rule 6)",
      rule: 6,
    });
  });

  it('says so when the body given as hashed is not the one the Digest was computed over', () => {
    const cause = digestMismatchCause(bytes(sent), digestOf(hashed), bytes('{"amount":"99.00"}'));
    expect(cause?.text).toMatch(/^the body given as hashed does not hash to the Digest either \(it hashes to SHA-256=/);
    expect(cause?.rule).toBe(5);
  });

  it('names a usual change first, when one explains the Digest, even with the hashed body given', () => {
    expect(digestMismatchCause(bytes(`${sent}\n`), digestOf(sent), bytes(sent))?.text).toBe('the body has a trailing newline that was not hashed (rule 6)');
  });
});
