/**
 * Validation as the editor shows it: the bank's own pain.001 validator (main/domain/iso20022,
 * the code POST /payments runs) over the text, then the bank's next check on an accepted
 * message (the PSU's consent must allow payment creation from the debtor account), each issue
 * placed at its element in the text. Pure and synchronous: validation.worker.ts runs it off the
 * UI thread; bench/run.ts times it in Node.
 */
import { validatePain001 } from '../../../../../main/domain/iso20022/pain001/validate';
import type { ValidationIssue } from '../../../../../main/domain/iso20022/pain001/validate';
import type { EditorContext } from './context';
import { locatePaths, type TextRange } from './positions';

export interface Diagnostic {
  /** The validator's element path, e.g. Document/CstmrCdtTrfInitn/PmtInf[2]. */
  path: string;
  /** The rule or schema type broken ("one PmtInf", "IBAN check digits", "Max35Text"). */
  rule: string;
  message: string;
  kind: ValidationIssue['kind'];
  range: TextRange;
}

export interface Diagnosis {
  diagnostics: Diagnostic[];
  /** When valid: the transactions the bank would create the payment with. */
  transactions: number | null;
}

function debtorPath(otherId: boolean): string {
  return `Document/CstmrCdtTrfInitn/PmtInf[1]/DbtrAcct/Id/${otherId ? 'Othr/Id' : 'IBAN'}`;
}

/** The issues of a text: the validator's, then the consent's (services/payments/payments.ts does the same after validating). */
export function issuesOf(text: string, context: EditorContext): { issues: ValidationIssue[]; transactions: number | null } {
  const result = validatePain001(text, context.validation);
  if (!result.ok) return { issues: result.errors, transactions: null };
  const { debtor } = result.payment;
  if (context.psuId !== null && !context.payableAccounts.includes(debtor.accountResourceId)) {
    const shown = debtor.iban ?? debtor.otherId ?? debtor.accountResourceId;
    return {
      issues: [
        {
          path: debtorPath(debtor.iban === undefined),
          rule: 'consent: paymentCreation',
          message: `${context.psuId} may not create payments from the debtor account ${shown}; the bank answers PAYMENT_FAILED`,
          kind: 'business',
        },
      ],
      transactions: null,
    };
  }
  return { issues: [], transactions: result.payment.transactions.length };
}

export function diagnose(text: string, context: EditorContext): Diagnosis {
  const { issues, transactions } = issuesOf(text, context);
  const located = locatePaths(
    text,
    issues.map((i) => i.path),
  );
  const diagnostics = issues.map((issue): Diagnostic => {
    const at = located.get(issue.path);
    const line = issue.line ?? 1;
    const range = at?.range ?? { startLine: line, startColumn: 1, endLine: line, endColumn: Number.MAX_SAFE_INTEGER };
    return { path: issue.path, rule: issue.rule, message: issue.message, kind: issue.kind, range };
  });
  return { diagnostics, transactions };
}
