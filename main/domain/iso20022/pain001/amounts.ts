/** Amounts of a draft message as exact decimals; only values the schema accepted reach here. */
import { fromMinorUnits } from '../../money';
import { parseXsdDecimal, scaledDecimal, type XsdDecimal } from '../xsd-values';
import type { DraftTransaction, Read } from './extract';

/** Enough fraction digits for any DecimalNumber (17) and amount (5), so sums are exact. */
export const SUM_SCALE = 17;

export function decimalOf(field: Read): XsdDecimal | null {
  return field ? parseXsdDecimal(field.value.trim()) : null;
}

/** Sum of the instructed amounts at SUM_SCALE, or null when any amount is missing or invalid. */
export function sumOfAmounts(transactions: readonly DraftTransaction[]): bigint | null {
  let sum = 0n;
  for (const tx of transactions) {
    const d = decimalOf(tx.amount);
    if (d === null) return null;
    sum += scaledDecimal(d, SUM_SCALE);
  }
  return sum;
}

/** A SUM_SCALE integer as a plain decimal without trailing zeros. */
export function formatScaled(value: bigint): string {
  return fromMinorUnits(value, SUM_SCALE).replace(/\.?0+$/, '');
}
