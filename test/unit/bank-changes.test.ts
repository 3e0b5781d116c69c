import { describe, expect, it } from 'vitest';
import { bankChanges, type BankStatus } from '../../main/flows/runs/bank-changes';

const payment = (id: string, status: string): BankStatus => ({ kind: 'payment', id, status });

describe('what a step changed in the bank', () => {
  it('names a resource that appeared, with nothing before', () => {
    expect(bankChanges([], [payment('p1', 'PATC')])).toEqual([{ kind: 'payment', id: 'p1', before: null, after: 'PATC' }]);
  });

  it('names a status that moved, and nothing that stayed', () => {
    const before = [payment('p1', 'PATC'), payment('p2', 'ACCP')];
    expect(bankChanges(before, [payment('p1', 'PDNG'), payment('p2', 'ACCP')])).toEqual([{ kind: 'payment', id: 'p1', before: 'PATC', after: 'PDNG' }]);
  });

  it('tells resources of different kinds with the same id apart', () => {
    const before: BankStatus[] = [{ kind: 'consent', id: 'x', status: 'received' }];
    expect(
      bankChanges(before, [
        { kind: 'journey', id: 'x', status: 'started' },
        { kind: 'consent', id: 'x', status: 'received' },
      ]),
    ).toEqual([{ kind: 'journey', id: 'x', before: null, after: 'started' }]);
  });

  it('says nothing of a resource that is gone (a reset is not a step)', () => {
    expect(bankChanges([payment('p1', 'PATC')], [])).toEqual([]);
  });
});
