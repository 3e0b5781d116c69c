// Which PSUs may play a lesson's roles (shared/psu-needs.ts), over the default dataset's PSUs as
// GET /simulator/v1/psus gives them and over variations of them: each need narrows, and a PSU
// is offered for a role only when the roles that depend on it can still be played. Separation of duty's
// roles: a creator who may authorise, and one approver of each signatory group whose limit covers the payment.
import { describe, expect, it } from 'vitest';
import { toPsuSummary } from '../../main/http/contract';
import { psusWithAccounts } from '../../main/services/operator/operator';
import { castProblem, psuChoices, type PsuSummary } from '../../shared/psu-needs';
import type { FlowParameterSummary } from '../../preload/api/workbench-api';
import { defaultDataset } from '../support/pain001-builder';

const frankfurt = psusWithAccounts(defaultDataset())
  .map(toPsuSummary)
  .filter((p) => p.institution === 'frankfurt');
const psu = (psuId: string): PsuSummary => structuredClone(frankfurt.find((p) => p.psuId === psuId) as PsuSummary);

const LESSON: FlowParameterSummary[] = [
  { name: 'amount', label: 'How much', kind: 'amount', default: '250.00' },
  { name: 'clerk', label: 'Who prepares the payment', kind: 'psu', needs: { usesBankApp: true, createsPayments: true } },
  {
    name: 'signatory',
    label: 'Who authorises the payment',
    kind: 'psu',
    needs: { usesBankApp: true, authorisesAlone: { paymentsOf: 'clerk', category: 'sepa', amountParameter: 'amount' } },
  },
];
const ids = (choices: Record<string, PsuSummary[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(choices).map(([role, psus]) => [role, psus.map((p) => p.psuId)]));

describe('the PSUs a lesson offers for its roles', () => {
  it('at Frankfurt: the clerk prepares and the sole signatory authorises; nobody else fits', () => {
    expect(ids(psuChoices(LESSON, frankfurt, {}, { amount: '250.00' }))).toEqual({ clerk: ['FRA-CLERK'], signatory: [] });
    expect(ids(psuChoices(LESSON, frankfurt, { clerk: 'FRA-CLERK' }, { amount: '250.00' }))).toEqual({ clerk: ['FRA-CLERK'], signatory: ['FRA-SOLO'] });
  });

  it('a second clerk and a second signatory of the company are offered too; a signatory without the bank app is not', () => {
    const clerk2 = { ...psu('FRA-CLERK'), psuId: 'FRA-CLERK-2' };
    const solo2 = { ...psu('FRA-SOLO'), psuId: 'FRA-SOLO-2' };
    const noApp = { ...psu('FRA-SOLO'), psuId: 'FRA-SOLO-NOAPP', scaEnrolled: false };
    const here = [...frankfurt, clerk2, solo2, noApp];
    const choices = ids(psuChoices(LESSON, here, { clerk: 'FRA-CLERK-2' }, { amount: '250.00' }));
    // A signatory may create payments too, for a colleague to authorise.
    expect(choices).toEqual({ clerk: ['FRA-SOLO', 'FRA-CLERK', 'FRA-CLERK-2', 'FRA-SOLO-2'], signatory: ['FRA-SOLO', 'FRA-SOLO-2'] });
    // Never the creator: separation of duty.
    expect(ids(psuChoices(LESSON, here, { clerk: 'FRA-SOLO' }, { amount: '250.00' })).signatory).toEqual(['FRA-SOLO-2']);
  });

  it('the limit covers the amount to the cent', () => {
    const limit = psu('FRA-SOLO').approvalLimits.sepa?.amount as string;
    expect(ids(psuChoices(LESSON, frankfurt, { clerk: 'FRA-CLERK' }, { amount: limit })).signatory).toEqual(['FRA-SOLO']);
    const cents = (BigInt(limit.replace('.', '')) + 1n).toString();
    const above = `${cents.slice(0, -2)}.${cents.slice(-2)}`;
    expect(ids(psuChoices(LESSON, frankfurt, { clerk: 'FRA-CLERK' }, { amount: above })).signatory).toEqual([]);
  });

  it('a company that needs two authorisations lets one do up to its threshold', () => {
    const twoOf = (p: PsuSummary): PsuSummary => ({
      ...p,
      companyApprovals: { authorisationsRequired: 2, singleAuthorisationUpTo: [{ currency: 'EUR', amount: '500.00' }] },
    });
    const here = frankfurt.map((p) => (p.corporateId === 'FRA-CORP-2' ? twoOf(p) : p));
    expect(ids(psuChoices(LESSON, here, { clerk: 'FRA-CLERK' }, { amount: '500.00' })).signatory).toEqual(['FRA-SOLO']);
    expect(ids(psuChoices(LESSON, here, { clerk: 'FRA-CLERK' }, { amount: '500.01' })).signatory).toEqual([]);
  });

  it('says what is wrong in one line: the PSU before the amount', () => {
    expect(castProblem(LESSON, frankfurt, { clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' }, { amount: '250.00' }, 'frankfurt')).toBeNull();
    expect(castProblem(LESSON, frankfurt, { clerk: 'FRA-CREATOR', signatory: 'FRA-SOLO' }, { amount: '250.00' }, 'frankfurt')).toBe(
      'FRA-CREATOR cannot play “Who prepares the payment” in this lesson; choose FRA-CLERK',
    );
    expect(castProblem(LESSON, frankfurt, { clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' }, { amount: '100000.01' }, 'frankfurt')).toBe(
      'nobody at frankfurt can play “Who authorises the payment” for 100000.01: choose a smaller amount',
    );
    expect(castProblem(LESSON, [], {}, { amount: '1.00' }, 'london')).toBe('nobody at london can play “Who prepares the payment” in this lesson');
  });
});

describe('a company that lets one approval do for small payments', () => {
  it('offers its creator as clerk up to the threshold, and says "a smaller amount" above it rather than blaming the PSU', () => {
    const twoOf = (p: PsuSummary): PsuSummary => ({
      ...p,
      companyApprovals: { authorisationsRequired: 2, singleAuthorisationUpTo: [{ currency: 'EUR', amount: '250.00' }] },
    });
    const here = frankfurt.map((p) => (p.corporateId === 'FRA-CORP-1' ? twoOf(p) : p));
    expect(ids(psuChoices(LESSON, here, {}, { amount: '250.00' })).clerk).toEqual(['FRA-CREATOR', 'FRA-CLERK']);
    expect(castProblem(LESSON, here, { clerk: 'FRA-CREATOR', signatory: 'FRA-APPROVER-A' }, { amount: '250.00' }, 'frankfurt')).toBeNull();
    expect(castProblem(LESSON, here, { clerk: 'FRA-CREATOR', signatory: 'FRA-APPROVER-A' }, { amount: '250.01' }, 'frankfurt')).toBe(
      'nobody at frankfurt can play “Who authorises the payment” for 250.01: choose a smaller amount',
    );
  });
});

describe('separation of duty: a creator and an approver of each signatory group', () => {
  const twoApprovals = (amount: string): FlowParameterSummary[] => [
    { name: 'creator', label: 'Who prepares the payment', kind: 'psu', needs: { usesBankApp: true, createsPayments: true, authorisesPayments: true } },
    ...(['A', 'B'] as const).map((group): FlowParameterSummary => ({
      name: `approver${group}`,
      label: `Who approves (group ${group})`,
      kind: 'psu',
      needs: { usesBankApp: true, authorisesOneOfTwo: { paymentsOf: 'creator', category: 'sepa', signatoryGroup: group, amount } },
    })),
  ];

  it('at Frankfurt: only the creator of the company that needs two approvals, and its approvers of group A and of group B', () => {
    expect(ids(psuChoices(twoApprovals('1250.00'), frankfurt, { creator: 'FRA-CREATOR' }, {}))).toEqual({
      creator: ['FRA-CREATOR'],
      // Not the creator (group A too), not the one without the bank app, not the one whose limit is below the payment.
      approverA: ['FRA-APPROVER-A'],
      approverB: ['FRA-APPROVER-B'],
    });
    expect(ids(psuChoices(twoApprovals('900.00'), frankfurt, { creator: 'FRA-CREATOR' }, {})).approverB).toEqual(['FRA-APPROVER-B', 'FRA-LOWLIMIT']);
  });

  it('a creator who may not authorise is not offered: the bank would refuse them for want of the right, not for separation of duty', () => {
    const creator = psu('FRA-CREATOR');
    const cannot = { ...creator, psuId: 'FRA-CREATOR-2', accounts: creator.accounts.map((a) => ({ ...a, permissions: ['ais', 'paymentCreation'] })) };
    expect(ids(psuChoices(twoApprovals('1250.00'), [...frankfurt, cannot], {}, {})).creator).toEqual(['FRA-CREATOR']);
  });

  it('a company that lets one approval do for the amount has no second approver to offer', () => {
    const oneWillDo = frankfurt.map((p) => ({
      ...p,
      companyApprovals: { authorisationsRequired: 2 as const, singleAuthorisationUpTo: [{ currency: 'EUR', amount: '5000.00' }] },
    }));
    expect(ids(psuChoices(twoApprovals('1250.00'), oneWillDo, { creator: 'FRA-CREATOR' }, {}))).toEqual({ creator: [], approverA: [], approverB: [] });
  });
});
