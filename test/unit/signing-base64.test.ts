import { describe, expect, it } from 'vitest';
import { isPaddedBase64 } from '../../main/domain/signing/base64';

/** The regex the signing headers were checked with before; the faster check must accept exactly the same strings. */
const PADDED_BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('isPaddedBase64', () => {
  it('agrees with the padded-base64 regex on tricky and random strings', () => {
    const fixed = ['', 'QQ==', 'QUI=', 'QUJD', '====', 'Q===', '=QQ=', 'QQ=Q', 'QUJD\n', ' QUJD', 'QUJDQQ==', 'QUJDQ===', 'QUJD-_==', 'QUJDÄ==='];
    for (const value of fixed) expect(isPaddedBase64(value), JSON.stringify(value)).toBe(PADDED_BASE64_RE.test(value));

    // A deterministic generator, so a failure names a string that can be replayed.
    let seed = 1;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const alphabet = 'Az09+/=-_ \n\u00e9';
    const disagreements: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const value = Array.from({ length: next(13) }, () => alphabet.charAt(next(alphabet.length))).join('');
      if (isPaddedBase64(value) !== PADDED_BASE64_RE.test(value)) disagreements.push(value);
    }
    expect(disagreements).toEqual([]);
  });
});
