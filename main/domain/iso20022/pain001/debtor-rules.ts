/**
 * The debtor side: the account to debit must be one the institution holds (a payment is
 * created through the endpoint of the institution that holds it, spec "What the service
 * does" 3), and a debtor agent BIC, where given, must be that institution's.
 */
import type { Account } from '../../dataset/types';
import { describeReference, ukSortCodeAndAccount, type AccountIndex, type Pain001AccountId } from './accounts';
import type { DraftAccount, DraftPaymentInformation } from './extract';
import type { IssueList } from './issues';
import type { ValidationContext } from './types';

/** The identifiers of an account element that passed the schema, or null when there is nothing valid to look up. */
export function referenceOf(account: DraftAccount | undefined): Pain001AccountId | null {
  if (account?.iban) return { iban: account.iban.value };
  if (account?.otherId) return { otherId: account.otherId.value };
  return null;
}

export function checkDebtor(info: DraftPaymentInformation, context: ValidationContext, index: AccountIndex, issues: IssueList): Account | undefined {
  const { institution } = context;
  const bic = info.debtorAgentBic;
  if (bic && bic.value.slice(0, 8) !== institution.bic.slice(0, 8)) {
    issues.business(bic.path, 'debtor agent', `DbtrAgt BIC ${bic.value} is not the BIC of ${institution.name} (${institution.bic})`, bic.el);
  }
  const ref = referenceOf(info.debtorAccount);
  if (info.debtorAccount === undefined || ref === null) return undefined;
  const path = `${info.debtorAccount.path}/Id/${ref.iban !== undefined ? 'IBAN' : 'Othr/Id'}`;
  if (ref.otherId !== undefined && ukSortCodeAndAccount(ref.otherId) === null) {
    issues.business(
      path,
      'debtor account',
      `Othr/Id ${JSON.stringify(ref.otherId)} is not a sort code and account number (14 digits, e.g. 16-58-20 41732917); other accounts are named by IBAN`,
      info.debtorAccount.el,
    );
    return undefined;
  }
  const account = index.find(ref);
  if (account === undefined) {
    issues.business(path, 'debtor account', `${describeReference(ref)} is not an account held at ${institution.name}`, info.debtorAccount.el);
    return undefined;
  }
  if (account.institution !== institution.id) {
    issues.business(
      path,
      'debtor account',
      `${describeReference(ref)} is held at the ${account.institution} institution, not at ${institution.name}; use that institution's endpoint`,
      info.debtorAccount.el,
    );
    return undefined;
  }
  return account;
}
