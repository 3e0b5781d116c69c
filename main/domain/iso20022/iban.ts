/**
 * IBAN checks per ISO 13616: electronic format (no spaces), the registered length of
 * the country where known, and the mod-97 check digits.
 */

/** IBAN lengths from the SWIFT IBAN registry; countries not listed get only the generic 15-34 bound. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Remainder mod 97 of the IBAN's digit expansion (A=10 … Z=35), computed in chunks to stay within safe integers. */
function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const ch of alphanumeric) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder;
}

/** The two check digits that make countryCode + digits + bban valid. */
export function ibanCheckDigits(countryCode: string, bban: string): string {
  return String(98 - mod97(`${bban}${countryCode}00`)).padStart(2, '0');
}

/** What is wrong with an IBAN in electronic format, or null when it is valid. */
export function ibanProblem(s: string): string | null {
  if (s.length === 0) return 'is empty';
  if (/\s/.test(s)) return 'contains whitespace (use the electronic format without spaces)';
  if (!/^[A-Z0-9]+$/.test(s)) return 'may contain only upper-case letters and digits';
  if (!/^[A-Z]{2}/.test(s)) return 'does not start with a two-letter country code';
  if (!/^[A-Z]{2}\d{2}/.test(s)) return 'has no two-digit check digits after the country code';
  const country = s.slice(0, 2);
  const checkDigits = s.slice(2, 4);
  // 00, 01 and 99 can never result from the check-digit computation, though 00 and 97 pass mod-97 alike.
  if (checkDigits === '00' || checkDigits === '01' || checkDigits === '99') {
    return `check digits ${checkDigits} are outside 02-98`;
  }
  const expectedLength = IBAN_LENGTHS[country];
  if (expectedLength !== undefined && s.length !== expectedLength) {
    return `has ${s.length} characters, ${country} IBANs have ${expectedLength}`;
  }
  if (s.length < 15 || s.length > 34) return `has ${s.length} characters, IBANs have 15 to 34`;
  const bban = s.slice(4);
  if (mod97(`${bban}${s.slice(0, 4)}`) !== 1) {
    return `check digits ${checkDigits} are wrong (expected ${ibanCheckDigits(country, bban)})`;
  }
  return null;
}

export function isValidIban(s: string): boolean {
  return ibanProblem(s) === null;
}
