/**
 * Collects validation issues up to a bound: a hostile or badly generated bulk could
 * otherwise produce an issue per element and a response larger than the request.
 */
import { BankError } from '../../errors';
import type { XmlElement } from '../xml-tree';
import type { ValidationIssue } from './types';

export const MAX_ISSUES = 200;

export class IssueList {
  readonly issues: ValidationIssue[] = [];
  private dropped = 0;

  constructor(private readonly lineAt: (offset: number) => number = () => 0) {}

  get full(): boolean {
    return this.issues.length >= MAX_ISSUES;
  }

  add(kind: ValidationIssue['kind'], path: string, rule: string, message: string, at?: XmlElement): void {
    if (this.full) {
      this.dropped++;
      return;
    }
    const issue: ValidationIssue = { path, rule, message, kind };
    if (at !== undefined) issue.line = this.lineAt(at.offset);
    this.issues.push(issue);
  }

  schema(path: string, rule: string, message: string, at?: XmlElement): void {
    this.add('schema', path, rule, message, at);
  }

  business(path: string, rule: string, message: string, at?: XmlElement): void {
    this.add('business', path, rule, message, at);
  }

  /** The issues, with a closing note when some were left out. */
  result(): ValidationIssue[] {
    if (this.dropped === 0) return this.issues;
    const kind = this.issues.some((i) => i.kind === 'schema') ? 'schema' : 'business';
    return [
      ...this.issues,
      { path: 'Document', rule: 'issue limit', message: `${this.dropped} further issues are not reported (at most ${MAX_ISSUES} are)`, kind },
    ];
  }
}

const describe = (i: ValidationIssue): string => `${i.path}${i.line !== undefined ? ` (line ${i.line})` : ''}: ${i.message} [${i.rule}]`;

/**
 * The error to answer with: PAYMENT_FAILED whether the message breaks the schema or a business
 * rule, since the spec's action for both is to correct it per the ISO 20022 schema (FORMAT_ERROR is
 * for malformed headers and JSON). One tppMessage per issue, in document order: at most MAX_ISSUES,
 * and then one saying how many more were not reported (IssueList.result).
 */
export function validationError(issues: readonly ValidationIssue[]): BankError {
  const [first, ...rest] = issues.map(describe);
  return BankError.of('PAYMENT_FAILED', first ?? 'the pain.001 could not be accepted').withDetails(rest);
}
