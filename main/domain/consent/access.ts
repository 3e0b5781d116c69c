import type { Account, Psu } from '../dataset/types';

export interface AccountReference {
  resourceId: string;
  iban?: string;
  bban?: string;
  currency: string;
}

export interface ConsentAccess {
  accounts: AccountReference[];
  balances: AccountReference[];
  transactions: AccountReference[];
  paymentCreations: AccountReference[];
  paymentAuthorisations: AccountReference[];
}

export function accountReference(account: Account): AccountReference {
  const ref: AccountReference = { resourceId: account.resourceId, currency: account.currency };
  if (account.iban) ref.iban = account.iban;
  else if (account.sortCode && account.accountNumber) ref.bban = `${account.sortCode.replace(/-/g, '')}${account.accountNumber}`;
  return ref;
}

/**
 * The five access arrays, from the PSU's permissions at retrieval time. "ais" grants accounts,
 * balances and transactions together, as the spec says they always come.
 */
export function consentAccess(psu: Psu, accountsById: ReadonlyMap<string, Account>): ConsentAccess {
  const access: ConsentAccess = { accounts: [], balances: [], transactions: [], paymentCreations: [], paymentAuthorisations: [] };
  for (const grant of psu.accounts) {
    const account = accountsById.get(grant.resourceId);
    if (!account) continue;
    const ref = accountReference(account);
    if (grant.permissions.includes('ais')) {
      access.accounts.push(ref);
      access.balances.push(ref);
      access.transactions.push(ref);
    }
    if (grant.permissions.includes('paymentCreation')) access.paymentCreations.push(ref);
    if (grant.permissions.includes('paymentAuthorisation')) access.paymentAuthorisations.push(ref);
  }
  return access;
}
