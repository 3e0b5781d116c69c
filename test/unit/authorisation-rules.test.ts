import { describe, expect, it } from 'vitest';
import { afterAuthorisation, authorisationRefusal, authorisationsRequired } from '../../main/domain/payment/authorisation-rules';
import type { PaymentForRules } from '../../main/domain/payment/payment';
import type { ApprovalRules, Psu } from '../../main/domain/dataset/types';

const rules: ApprovalRules = {
  authorisationsRequired: 2,
  creatorMayAuthoriseSecond: true,
  distinctSignatoryGroups: true,
  singleAuthorisationUpTo: [{ currency: 'EUR', amount: '250.00' }],
};
const psu = (
  psuId: string,
  group: string | null,
  limit = '10000.00',
  perms: ('ais' | 'paymentCreation' | 'paymentAuthorisation')[] = ['paymentAuthorisation'],
): Psu => ({
  psuId,
  name: psuId,
  institution: 'frankfurt',
  corporateId: 'C1',
  signatoryGroup: group,
  scaEnrolled: true,
  role: '',
  accounts: [{ resourceId: 'ACC', permissions: perms }],
  approvalLimits: { sepa: { currency: 'EUR', amount: limit } },
});
const payment = (over: Partial<PaymentForRules> = {}): PaymentForRules => ({
  status: 'PATC',
  creatorPsuId: 'CREATOR',
  corporateId: 'C1',
  debtorAccountId: 'ACC',
  product: 'pain.001-sepa-credit-transfers',
  currency: 'EUR',
  totalAmount: '5000.00',
  authorisationsRequired: 2,
  authorisations: [],
  ...over,
});
const first = { psuId: 'A1', signatoryGroup: 'A', at: new Date(0), via: 'individual' as const };

describe('authorisation rules', () => {
  it('two authorisations unless the customer lets small amounts pass with one', () => {
    expect(authorisationsRequired(rules, 'EUR', '250.00')).toBe(1);
    expect(authorisationsRequired(rules, 'EUR', '250.01')).toBe(2);
    expect(authorisationsRequired(rules, 'GBP', '10.00')).toBe(2);
    expect(authorisationsRequired({ ...rules, authorisationsRequired: 1 }, 'EUR', '99999.00')).toBe(1);
  });

  it('separation of duty: the creator cannot give the first authorisation', () => {
    expect(authorisationRefusal(payment(), psu('CREATOR', 'A'), rules)).toMatch(/cannot give its first/);
  });

  it('separation of duty: the creator may give the second where the customer allows', () => {
    expect(authorisationRefusal(payment({ authorisations: [{ ...first, signatoryGroup: 'B', psuId: 'B1' }] }), psu('CREATOR', 'A'), rules)).toBeNull();
    expect(
      authorisationRefusal(payment({ authorisations: [{ ...first, signatoryGroup: 'B', psuId: 'B1' }] }), psu('CREATOR', 'A'), {
        ...rules,
        creatorMayAuthoriseSecond: false,
      }),
    ).toMatch(/creator give the second/);
  });

  it('one PSU never gives both authorisations', () => {
    expect(authorisationRefusal(payment({ authorisations: [first] }), psu('A1', 'B'), { ...rules, distinctSignatoryGroups: false })).toMatch(
      /already authorised/,
    );
  });

  it('signatory groups: the second must come from another group', () => {
    expect(authorisationRefusal(payment({ authorisations: [first] }), psu('A2', 'A'), rules)).toMatch(/another group/);
    expect(authorisationRefusal(payment({ authorisations: [first] }), psu('B1', 'B'), rules)).toBeNull();
    expect(authorisationRefusal(payment({ authorisations: [first] }), psu('A2', 'A'), { ...rules, distinctSignatoryGroups: false })).toBeNull();
  });

  it('approval limits per category and currency', () => {
    expect(authorisationRefusal(payment({ totalAmount: '10000.01' }), psu('A1', 'A'), rules)).toMatch(/above A1's sepa limit/);
    expect(authorisationRefusal(payment({ totalAmount: '10000.00' }), psu('A1', 'A'), rules)).toBeNull();
    expect(authorisationRefusal(payment({ product: 'pain.001-swift-transfers' }), psu('A1', 'A'), rules)).toMatch(/may not authorise international/);
    expect(authorisationRefusal(payment({ currency: 'USD' }), psu('A1', 'A'), rules)).toBeNull();
    expect(authorisationRefusal(payment({ currency: 'USD', totalAmount: '10000.01' }), psu('A1', 'A'), rules)).toMatch(/face value/);
  });

  it('needs payment-authorisation access to the debtor account', () => {
    expect(authorisationRefusal(payment(), psu('A1', 'A', '10000.00', ['ais']), rules)).toMatch(/may not authorise payments from the debtor account/);
  });

  it('only a PATC payment that still needs an authorisation', () => {
    expect(authorisationRefusal(payment({ status: 'PDNG' }), psu('A1', 'A'), rules)).toMatch(/PDNG/);
    expect(authorisationRefusal(payment({ authorisationsRequired: 1, authorisations: [first] }), psu('B1', 'B'), rules)).toMatch(/already has all/);
  });

  it('PATC → PATC after the first of two, → PDNG when all are given', () => {
    expect(afterAuthorisation(payment(), first).status).toBe('PATC');
    expect(afterAuthorisation(payment({ authorisations: [first] }), { ...first, psuId: 'B1', signatoryGroup: 'B' }).status).toBe('PDNG');
    expect(afterAuthorisation(payment({ authorisationsRequired: 1 }), first).status).toBe('PDNG');
  });
});
