/**
 * The rules of each payment product on top of the schema: SEPA (EUR, the EPC service
 * level, charge bearer and name rules), internal transfers (both accounts at this bank),
 * SWIFT (a creditor agent to route to), CHAPS and Faster Payments (sterling to UK
 * accounts; Faster Payments up to the scheme limit).
 */
import type { Account, PaymentProduct } from '../../dataset/types';
import { parseXsdDecimal, scaledDecimal } from '../xsd-values';
import { ukDigitsOfIban, ukSortCodeAndAccount, type AccountIndex } from './accounts';
import { decimalOf, SUM_SCALE } from './amounts';
import { referenceOf } from './debtor-rules';
import type { DraftPaymentInformation, DraftTransaction, Read } from './extract';
import type { IssueList } from './issues';
import { SEPA_NAME_MAX_LENGTH, sepaCharacterProblem } from './sepa-charset';
import type { ValidationContext } from './types';

export interface ProductRuleEnv {
  context: ValidationContext;
  index: AccountIndex;
  issues: IssueList;
  debtor: Account | undefined;
}

function checkSepaName(name: Read, env: ProductRuleEnv): void {
  if (!name) return;
  const length = [...name.value].length;
  if (length > SEPA_NAME_MAX_LENGTH) {
    env.issues.business(name.path, 'SEPA: name length', `SEPA names have at most ${SEPA_NAME_MAX_LENGTH} characters; this one has ${length}`, name.el);
  }
  const problem = sepaCharacterProblem(name.value);
  if (problem !== null) env.issues.business(name.path, 'SEPA: character set', problem, name.el);
}

function checkCode(field: Read, expected: string, rule: string, what: string, env: ProductRuleEnv): void {
  if (field && field.value !== expected) env.issues.business(field.path, rule, `${what} must be ${expected} for SEPA, not ${field.value}`, field.el);
}

function sepa(info: DraftPaymentInformation, env: ProductRuleEnv): void {
  const { issues } = env;
  checkCode(info.serviceLevel, 'SEPA', 'SEPA: SvcLvl SEPA', 'PmtTpInf/SvcLvl/Cd', env);
  checkCode(info.chargeBearer, 'SLEV', 'SEPA: ChrgBr SLEV', 'ChrgBr', env);
  checkSepaName(info.debtorName, env);
  checkSepaName(info.ultimateDebtorName, env);
  let withoutServiceLevel = 0;
  for (const tx of info.transactions) {
    if (tx.currency && tx.currency.value !== 'EUR') {
      issues.business(tx.currency.path, 'SEPA: EUR only', `SEPA credit transfers are in EUR, not ${tx.currency.value}`, tx.currency.el);
    }
    const amount = decimalOf(tx.amount);
    if (tx.amount && amount !== null && amount.fraction.length > 2) {
      issues.business(
        tx.amount.path,
        'SEPA: at most 2 decimals',
        `SEPA amounts have at most 2 decimals; ${tx.amount.value.trim()} has ${amount.fraction.length}`,
        tx.amount.el,
      );
    }
    checkCode(tx.serviceLevel, 'SEPA', 'SEPA: SvcLvl SEPA', 'PmtTpInf/SvcLvl/Cd', env);
    if (info.serviceLevel === undefined && tx.serviceLevel === undefined) withoutServiceLevel++;
    checkCode(tx.chargeBearer, 'SLEV', 'SEPA: ChrgBr SLEV', 'ChrgBr', env);
    if (tx.creditorAccount !== undefined && tx.creditorAccount.iban === undefined && tx.creditorAccount.otherId) {
      issues.business(
        tx.creditorAccount.otherId.path,
        'SEPA: creditor IBAN',
        'SEPA creditor accounts are given by IBAN (CdtrAcct/Id/IBAN)',
        tx.creditorAccount.el,
      );
    }
    checkSepaName(tx.creditorName, env);
    checkSepaName(tx.ultimateDebtorName, env);
    checkSepaName(tx.ultimateCreditorName, env);
  }
  if (withoutServiceLevel > 0) {
    issues.business(
      `${info.path}/PmtTpInf/SvcLvl/Cd`,
      'SEPA: SvcLvl SEPA',
      `the service level SEPA (PmtTpInf/SvcLvl/Cd) is required for the PmtInf or each transaction; ${withoutServiceLevel} transaction(s) have none`,
      info.el,
    );
  }
}

function internal(info: DraftPaymentInformation, env: ProductRuleEnv): void {
  const { context, index, issues, debtor } = env;
  for (const tx of info.transactions) {
    const ref = referenceOf(tx.creditorAccount);
    if (tx.creditorAccount === undefined || ref === null) continue;
    const path = `${tx.creditorAccount.path}/Id/${ref.iban !== undefined ? 'IBAN' : 'Othr/Id'}`;
    const account = index.find(ref);
    if (account === undefined || account.institution !== context.institution.id) {
      const shown = ref.iban !== undefined ? `IBAN ${ref.iban}` : `account ${JSON.stringify(ref.otherId)}`;
      const form = ref.otherId !== undefined && ukSortCodeAndAccount(ref.otherId) === null ? ' (Othr/Id takes a sort code and account number, 14 digits)' : '';
      issues.business(
        path,
        'internal: creditor account',
        `${shown} is not an account held at ${context.institution.name}${form}; internal transfers move money between accounts of this bank`,
        tx.creditorAccount.el,
      );
    } else if (debtor !== undefined && account.resourceId === debtor.resourceId) {
      issues.business(path, 'internal: same account', 'the creditor account is the debtor account', tx.creditorAccount.el);
    }
  }
}

function swift(info: DraftPaymentInformation, env: ProductRuleEnv): void {
  for (const tx of info.transactions) {
    if (tx.creditorAgentBic === undefined) {
      env.issues.business(
        `${tx.path}/CdtrAgt/FinInstnId/BIC`,
        'SWIFT: creditor agent BIC',
        "the creditor agent's BIC (CdtrAgt/FinInstnId/BIC) is required to route a SWIFT transfer",
        tx.el,
      );
    }
  }
}

function ukAccountProblem(tx: DraftTransaction): string | null {
  const account = tx.creditorAccount;
  if (account?.iban) {
    return ukDigitsOfIban(account.iban.value) === null ? `IBAN ${account.iban.value} is not a UK (GB) account` : null;
  }
  if (account?.otherId) {
    return ukSortCodeAndAccount(account.otherId.value) === null
      ? `Othr/Id ${JSON.stringify(account.otherId.value)} is not a sort code and account number`
      : null;
  }
  return null;
}

function ukDomestic(label: string, noun: string, info: DraftPaymentInformation, env: ProductRuleEnv): void {
  const { context, issues } = env;
  const limit = context.institution.productLimits?.[context.product];
  const limitValue = limit === undefined ? null : parseXsdDecimal(limit.amount);
  for (const tx of info.transactions) {
    if (tx.currency && tx.currency.value !== 'GBP') {
      issues.business(tx.currency.path, `${label}: GBP only`, `${noun} are in GBP, not ${tx.currency.value}`, tx.currency.el);
    }
    const problem = ukAccountProblem(tx);
    if (problem !== null && tx.creditorAccount !== undefined) {
      issues.business(
        `${tx.creditorAccount.path}/Id`,
        `${label}: UK account`,
        `${problem}; ${noun} pay UK accounts: Othr/Id with sort code and account number (14 digits, e.g. 20-00-00 55779911) or a GB IBAN`,
        tx.creditorAccount.el,
      );
    }
    const amount = decimalOf(tx.amount);
    if (limit !== undefined && limitValue !== null && tx.amount && amount !== null && tx.currency?.value === limit.currency) {
      const max = scaledDecimal(limitValue, SUM_SCALE);
      if (scaledDecimal(amount, SUM_SCALE) > max) {
        issues.business(
          tx.amount.path,
          `${label}: amount limit`,
          `${noun} carry at most ${limit.currency} ${limit.amount} per transaction; this one is ${tx.amount.value.trim()}`,
          tx.amount.el,
        );
      }
    }
  }
}

const PRODUCT_RULES: Readonly<Record<PaymentProduct, (info: DraftPaymentInformation, env: ProductRuleEnv) => void>> = {
  'pain.001-sepa-credit-transfers': sepa,
  'pain.001-internal-transfers': internal,
  'pain.001-swift-transfers': swift,
  'pain.001-chaps-payments': (info, env) => ukDomestic('CHAPS', 'CHAPS payments', info, env),
  'pain.001-faster-payments': (info, env) => ukDomestic('Faster Payments', 'Faster Payments', info, env),
};

export function checkProductRules(info: DraftPaymentInformation, env: ProductRuleEnv): void {
  PRODUCT_RULES[env.context.product](info, env);
}
