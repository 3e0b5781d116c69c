/**
 * Decimal money as exact integers of minor units. Amounts travel as decimal strings
 * (dataset, pain.001, JSON bodies); arithmetic on them must never go through floats.
 */

const SIGNED_DECIMAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/** Unsigned decimal with at most `maxDecimals` fraction digits, no exponent, no leading zeros. */
export function isDecimalAmount(s: string, maxDecimals = 2): boolean {
  const m = SIGNED_DECIMAL.exec(s);
  return m !== null && m[1] === '' && (m[3] ?? '').length <= maxDecimals;
}

/** Like isDecimalAmount, with an optional leading minus (debits, overdrawn balances). */
export function isSignedDecimalAmount(s: string, maxDecimals = 2): boolean {
  const m = SIGNED_DECIMAL.exec(s);
  return m !== null && (m[3] ?? '').length <= maxDecimals && !(m[1] === '-' && /^[0.]+$/.test(s.slice(1)));
}

/** "-12.5" with 2 decimals → -1250n. Throws RangeError when the string is not a decimal or has too many fraction digits. */
export function toMinorUnits(amount: string, decimals = 2): bigint {
  const m = SIGNED_DECIMAL.exec(amount);
  const fraction = m?.[3] ?? '';
  if (m === null || fraction.length > decimals) {
    throw new RangeError(`${JSON.stringify(amount)} is not a decimal amount with at most ${decimals} decimals`);
  }
  const magnitude = BigInt((m[2] ?? '0') + fraction.padEnd(decimals, '0'));
  return m[1] === '-' ? -magnitude : magnitude;
}

/** -1250n with 2 decimals → "-12.50". */
export function fromMinorUnits(minor: bigint, decimals = 2): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${whole}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Sign of a − b, exactly. */
export function compareAmounts(a: string, b: string, decimals = 2): -1 | 0 | 1 {
  const d = toMinorUnits(a, decimals) - toMinorUnits(b, decimals);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
