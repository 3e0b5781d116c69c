import type { BankChange } from '../run-record';

/** One resource of the bank and its status at a moment (a consent, payment, basket or SCA journey). */
export interface BankStatus {
  kind: BankChange['kind'];
  id: string;
  status: string;
}

/** What a step changed in the bank: resources that appeared (before null) or whose status moved, in the order of `after`. */
export function bankChanges(before: readonly BankStatus[], after: readonly BankStatus[]): BankChange[] {
  const earlier = new Map(before.map((s) => [`${s.kind}/${s.id}`, s.status]));
  return after.flatMap((s) => {
    const was = earlier.get(`${s.kind}/${s.id}`) ?? null;
    return was === s.status ? [] : [{ kind: s.kind, id: s.id, before: was, after: s.status }];
  });
}
