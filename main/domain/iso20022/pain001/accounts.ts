/**
 * Finding the bank's accounts from what a pain.001 names: an IBAN, or for UK accounts a
 * sort code and account number in Othr/Id.
 *
 * Accepted UK form (Othr/Id): the 6-digit sort code followed by the 8-digit account
 * number, 14 digits, with spaces or hyphens allowed as separators: "16582041732917",
 * "16-58-20 41732917" and "165820-41732917" are the same account. A GB IBAN carries the
 * same 14 digits after its 4-letter bank code.
 */
import type { Account } from '../../dataset/types';

/** The 14 digits of a sort code and account number written in the accepted form, or null. */
export function ukSortCodeAndAccount(otherId: string): string | null {
  const digits = otherId.replace(/[ -]/g, '');
  return /^\d{14}$/.test(digits) ? digits : null;
}

/** The sort code and account number inside a GB IBAN, or null for other IBANs. */
export function ukDigitsOfIban(iban: string): string | null {
  const digits = iban.slice(8);
  return iban.startsWith('GB') && /^\d{14}$/.test(digits) ? digits : null;
}

export interface Pain001AccountId {
  iban?: string;
  otherId?: string;
}

/** The bank's accounts by identifier, built once per validation so a bulk never scans the list per transaction. */
export class AccountIndex {
  private readonly byIban = new Map<string, Account>();
  private readonly byUkDigits = new Map<string, Account>();

  constructor(accounts: readonly Account[]) {
    for (const a of accounts) {
      if (a.iban !== undefined) this.byIban.set(a.iban, a);
      if (a.sortCode !== undefined && a.accountNumber !== undefined) {
        this.byUkDigits.set(`${a.sortCode}${a.accountNumber}`.replace(/\D/g, ''), a);
      }
    }
  }

  find(ref: Pain001AccountId): Account | undefined {
    if (ref.iban !== undefined) return this.byIban.get(ref.iban);
    if (ref.otherId !== undefined) {
      const digits = ukSortCodeAndAccount(ref.otherId);
      return digits === null ? undefined : this.byUkDigits.get(digits);
    }
    return undefined;
  }
}

/** How a message names an account, for messages: "IBAN DE37…" or "sort code and account number 16-58-20 41732917". */
export function describeReference(ref: Pain001AccountId): string {
  if (ref.iban !== undefined) return `IBAN ${ref.iban}`;
  return `account ${JSON.stringify(ref.otherId ?? '')}`;
}
