/**
 * BIC (ISO 9362) as pain.001.001.03 accepts it (BICIdentifier): party prefix and
 * country, a location code whose first character is never 0 or 1 and whose second is
 * never O, and an optional three-character branch code.
 */
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

export function isValidBic(s: string): boolean {
  return BIC.test(s);
}
