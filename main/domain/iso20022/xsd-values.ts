/**
 * Lexical forms of the XML Schema built-in types ISO 20022 messages restrict
 * (xs:decimal, xs:date, xs:dateTime, xs:boolean). Their whitespace facet is "collapse",
 * so callers trim before asking; xs:string-based types are never trimmed.
 */
import { isIsoDate } from '../time/uk-time';

/** A decimal value with leading zeros of the integer part and trailing zeros of the fraction removed. */
export interface XsdDecimal {
  negative: boolean;
  integer: string;
  fraction: string;
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function parseXsdDecimal(s: string): XsdDecimal | null {
  const m = DECIMAL.exec(s);
  if (m === null) return null;
  const rawInteger = m[2] ?? '';
  const rawFraction = m[3] ?? '';
  if (rawInteger === '' && rawFraction === '') return null;
  return { negative: m[1] === '-', integer: rawInteger.replace(/^0+/, ''), fraction: rawFraction.replace(/0+$/, '') };
}

export const isZeroDecimal = (d: XsdDecimal): boolean => d.integer === '' && d.fraction === '';

/** The value as an integer of 10^-scale units; scale must be at least the value's fraction digits. */
export function scaledDecimal(d: XsdDecimal, scale: number): bigint {
  const magnitude = BigInt(`${d.integer}${d.fraction.padEnd(scale, '0')}` || '0');
  return d.negative ? -magnitude : magnitude;
}

/** Plain form with exactly `decimals` fraction digits (e.g. "0100.5" with 2 → "100.50"). */
export function formatDecimal(d: XsdDecimal, decimals: number): string {
  const sign = d.negative && !isZeroDecimal(d) ? '-' : '';
  const fraction = d.fraction.padEnd(decimals, '0');
  return `${sign}${d.integer || '0'}${decimals > 0 ? `.${fraction}` : ''}`;
}

const TIME_ZONE = '(Z|[+-](\\d{2}):(\\d{2}))?';
const DATE = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})${TIME_ZONE}$`);
const DATE_TIME = new RegExp(`^(\\d{4}-\\d{2}-\\d{2})T(\\d{2}):(\\d{2}):(\\d{2})(\\.\\d+)?${TIME_ZONE}$`);

function validZone(sign: string | undefined, hh: string | undefined, mm: string | undefined): boolean {
  if (sign === undefined || sign === 'Z') return true;
  const h = Number(hh);
  const m = Number(mm);
  return m <= 59 && (h < 14 || (h === 14 && m === 0));
}

/** The calendar date of an xs:date (its optional time zone dropped), or null. Years 0001-9999 only. */
export function xsdDate(s: string): string | null {
  const m = DATE.exec(s);
  if (m === null || m[1] === undefined || !isIsoDate(m[1]) || m[1].startsWith('0000')) return null;
  return validZone(m[2], m[3], m[4]) ? m[1] : null;
}

export function isXsdDateTime(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (m === null || m[1] === undefined || !isIsoDate(m[1]) || m[1].startsWith('0000')) return false;
  const [h, min, sec] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const midnightEnd = h === 24 && min === 0 && sec === 0 && /^(\.0*)?$/.test(m[5] ?? '');
  if (!midnightEnd && (h > 23 || min > 59 || sec > 59)) return false;
  return validZone(m[6], m[7], m[8]);
}

/** xs:boolean: true, false, 1 or 0. */
export function xsdBoolean(s: string): boolean | null {
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  return null;
}
