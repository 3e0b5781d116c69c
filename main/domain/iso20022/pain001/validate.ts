/**
 * pain.001 validation: safe parsing, the ISO 20022 schema, then the bank's and the
 * product's rules, reporting every issue found (up to MAX_ISSUES) with its element path.
 * Pure: no I/O, no clock.
 */
import type { Account } from '../../dataset/types';
import { AccountIndex } from './accounts';
import { checkDebtor } from './debtor-rules';
import { extractMessage } from './extract';
import { IssueList } from './issues';
import { checkMessageRules } from './message-rules';
import { parsePain001 } from './parse';
import { toPayment } from './parsed-payment';
import { checkProductRules } from './product-rules';
import { DOCUMENT_TYPE } from './schema';
import { checkSchema } from './schema-check';
import type { ValidationContext, ValidationResult } from './types';

export { validationError, MAX_ISSUES } from './issues';
export type { ValidationContext, ValidationIssue, ValidationResult, ParsedPayment, ParsedTransaction } from './types';

export function validatePain001(xml: string | Uint8Array, context: ValidationContext): ValidationResult {
  const parsed = parsePain001(xml);
  if (!parsed.ok) return { ok: false, errors: parsed.issues };
  const { root } = parsed.document;
  const issues = new IssueList(parsed.document.lineAt);
  const invalid = checkSchema(root, DOCUMENT_TYPE, parsed.namespace, issues);
  const message = extractMessage(root, invalid);
  checkMessageRules(message, context.product, issues);
  const index = accountIndex(context.accounts);
  let debtor: Account | undefined;
  for (const [i, info] of message.paymentInformations.entries()) {
    const account = checkDebtor(info, context, index, issues);
    if (i === 0) debtor = account;
    checkProductRules(info, { context, index, issues, debtor: account });
  }
  const errors = issues.result();
  if (errors.length > 0) return { ok: false, errors };
  if (debtor === undefined) throw new Error('pain.001 validated without a debtor account');
  return { ok: true, payment: toPayment(message, parsed.version, debtor, context) };
}

/** One index per list of accounts (the bank passes the same list for an institution every time). */
const indexes = new WeakMap<readonly Account[], AccountIndex>();

function accountIndex(accounts: readonly Account[]): AccountIndex {
  let index = indexes.get(accounts);
  if (index === undefined) {
    index = new AccountIndex(accounts);
    indexes.set(accounts, index);
  }
  return index;
}
