// The flags of `serve` and `web` a CI setup uses: --public-url (and its variable),
// --psu-public-url, and --now refusing days that do not exist instead of rolling them over.
import { afterEach, describe, expect, it } from 'vitest';
import { isCalendarInstant, parseHostArgs, UsageError } from '../../main/hosts/cli/args';

afterEach(() => {
  delete process.env.PSD2_WORKBENCH_PUBLIC_URL;
});

describe('--public-url', () => {
  it('takes an http(s) origin, from the flag or $PSD2_WORKBENCH_PUBLIC_URL, the flag first', () => {
    expect(parseHostArgs(['--public-url', 'http://bank-sim:4646']).publicUrl).toBe('http://bank-sim:4646');
    expect(parseHostArgs(['--public-url', 'https://Bank.Example/']).publicUrl).toBe('https://bank.example');
    process.env.PSD2_WORKBENCH_PUBLIC_URL = 'http://from-env:8080';
    expect(parseHostArgs([]).publicUrl).toBe('http://from-env:8080');
    expect(parseHostArgs(['--public-url', 'http://bank-sim:4646']).publicUrl).toBe('http://bank-sim:4646');
  });

  it.each(['bank-sim:4646', 'ftp://bank-sim', 'http://bank-sim:4646/bank', 'http://bank-sim:4646/?a=1', 'http://user:pw@bank-sim:4646'])(
    'refuses %s in one line',
    (value) => {
      expect(() => parseHostArgs(['--public-url', value])).toThrow(UsageError);
      expect(() => parseHostArgs(['--public-url', value])).toThrow(/--public-url must be an (absolute URL|http\(s\) origin)/);
    },
  );

  it('--psu-public-url is for --tls only', () => {
    expect(parseHostArgs(['--tls', '--psu-public-url', 'https://psu.example:8443']).psuPublicUrl).toBe('https://psu.example:8443');
    expect(() => parseHostArgs(['--psu-public-url', 'https://psu.example:8443'])).toThrow('--psu-public-url is for --tls');
  });
});

describe('--now', () => {
  it('refuses a day that does not exist instead of rolling it over', () => {
    expect(() => parseHostArgs(['--now', '2026-02-30T00:00:00Z'])).toThrow('--now must be a real calendar day');
    expect(() => parseHostArgs(['--now', '2026-02-30'])).toThrow(
      "(2026-03-29: its midnight at the dataset's first institution, London's Europe/London in the default dataset)",
    );
    expect(parseHostArgs(['--now', '2028-02-29T23:59:59Z']).now).toBe('2028-02-29T23:59:59Z');
  });

  it('takes a date alone, as written (the simulator starts at its midnight at the first institution)', () => {
    expect(parseHostArgs(['--now', '2026-02-28']).now).toBe('2026-02-28');
  });

  it.each([
    ['2026-03-29T00:30:00Z', true],
    ['2026-03-29T00:30Z', true],
    ['2026-03-29T02:30:00.123+02:00', true],
    ['2026-02-29T00:00:00Z', false],
    ['2026-04-31T00:00:00Z', false],
    ['2026-03-29T24:00:00Z', false],
    ['2026-03-29T12:60:00Z', false],
    ['2026-03-29', false],
    ['tomorrow', false],
  ])('%s is a calendar instant: %s', (text, ok) => {
    expect(isCalendarInstant(text)).toBe(ok);
  });
});
