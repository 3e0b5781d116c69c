import { describe, it, expect } from 'vitest';
import { ibanCheckDigits, ibanProblem, isValidIban } from '../../main/domain/iso20022/iban';
import { isValidBic } from '../../main/domain/iso20022/bic';

describe('IBAN', () => {
  it.each([
    'DE89370400440532013000',
    'GB82WEST12345698765432',
    'FR1420041010050500013M02606',
    'BE68539007547034',
    'NL91ABNA0417164300',
    'CH9300762011623852957',
    'GB29NWBK60161331926819',
  ])('accepts the published example %s', (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
  });

  it.each([
    ['DE88370400440532013000', 'check digits 88 are wrong (expected 89)'],
    ['GB82WEST12345698765433', 'check digits 82 are wrong'],
    ['FR1420041010050500013M02607', 'check digits 14 are wrong'],
    ['BE68539007547035', 'check digits 68 are wrong'],
    ['DE8937040044053201300', 'has 21 characters, DE IBANs have 22'],
    ['BE685390075470341', 'has 17 characters, BE IBANs have 16'],
    ['DE89 3704 0044 0532 0130 00', 'contains whitespace'],
    ['de89370400440532013000', 'upper-case letters and digits'],
    ['1289370400440532013000', 'two-letter country code'],
    ['DEAB370400440532013000', 'two-digit check digits'],
    ['DE00370400440532013000', 'outside 02-98'],
    ['XX12', 'IBANs have 15 to 34'],
    ['', 'is empty'],
  ])('refuses %s: %s', (iban, problem) => {
    expect(ibanProblem(iban)).toContain(problem);
    expect(isValidIban(iban)).toBe(false);
  });

  it('computes the check digits of a BBAN', () => {
    expect(ibanCheckDigits('DE', '370400440532013000')).toBe('89');
    expect(ibanCheckDigits('GB', 'WEST12345698765432')).toBe('82');
    expect(ibanCheckDigits('BE', '539007547034')).toBe('68');
  });
});

describe('BIC', () => {
  it.each(['DEUTDEFF', 'DEUTDEFF500', 'NBRBGB2L', 'BNPAFRPPXXX', 'GEBABEBB'])('accepts %s', (bic) => {
    expect(isValidBic(bic)).toBe(true);
  });

  it.each(['DEUTDEF', 'DEUTDEFF5', 'deutdeff', 'DEUTDE0F', 'DEUTDEFO', 'DEU1DEFF', 'DEUTDEFF 500'])('refuses %s', (bic) => {
    expect(isValidBic(bic)).toBe(false);
  });
});
