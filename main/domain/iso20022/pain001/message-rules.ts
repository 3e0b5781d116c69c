/**
 * Rules every credit transfer initiation meets whatever the product: one payment per
 * message (spec), counts and control sums that match the transactions, a transfer method,
 * an instructed amount above zero in the currency's decimals, and the parties the bank
 * needs to execute it.
 */
import type { PaymentProduct } from '../../dataset/types';
import { currencyDecimals } from '../currency';
import { scaledDecimal, isZeroDecimal } from '../xsd-values';
import { decimalOf, formatScaled, sumOfAmounts, SUM_SCALE } from './amounts';
import type { DraftMessage, DraftTransaction, Read } from './extract';
import type { IssueList } from './issues';

function checkCount(field: Read, count: number, what: string, issues: IssueList): void {
  if (field && Number(field.value) !== count) {
    issues.business(field.path, 'NbOfTxs', `NbOfTxs is ${field.value} but ${what} has ${count} CdtTrfTxInf`, field.el);
  }
}

function checkControlSum(field: Read, transactions: readonly DraftTransaction[], what: string, issues: IssueList): void {
  const declared = decimalOf(field);
  if (!field || declared === null) return;
  const sum = sumOfAmounts(transactions);
  if (sum !== null && sum !== scaledDecimal(declared, SUM_SCALE)) {
    issues.business(field.path, 'CtrlSum', `CtrlSum is ${field.value.trim()} but the amounts in ${what} add up to ${formatScaled(sum)}`, field.el);
  }
}

function checkTransaction(tx: DraftTransaction, product: PaymentProduct, issues: IssueList): void {
  if (tx.equivalentAmount !== undefined) {
    issues.business(
      `${tx.path}/Amt/EqvtAmt`,
      'InstdAmt',
      'give the amount as InstdAmt; EqvtAmt (amount in another currency) is not accepted',
      tx.equivalentAmount,
    );
  }
  const amount = decimalOf(tx.amount);
  if (tx.amount && amount !== null) {
    if (isZeroDecimal(amount)) issues.business(tx.amount.path, 'amount > 0', 'the instructed amount must be greater than zero', tx.amount.el);
    const currency = tx.currency?.value;
    // SEPA reports its own two-decimal rule.
    if (currency !== undefined && product !== 'pain.001-sepa-credit-transfers') {
      const decimals = currencyDecimals(currency);
      if (amount.fraction.length > decimals) {
        issues.business(
          tx.amount.path,
          'currency decimals',
          `${currency} amounts have ${decimals === 0 ? 'no decimals' : `at most ${decimals} decimals`}; ${tx.amount.value.trim()} has ${amount.fraction.length}`,
          tx.amount.el,
        );
      }
    }
  }
  if (tx.creditorName === undefined) {
    issues.business(`${tx.path}/Cdtr/Nm`, 'creditor name', 'the creditor name (Cdtr/Nm) is required', tx.el);
  }
  if (tx.creditorAccount === undefined) {
    issues.business(`${tx.path}/CdtrAcct`, 'creditor account', 'the creditor account (CdtrAcct) is required', tx.el);
  }
}

export function checkMessageRules(message: DraftMessage, product: PaymentProduct, issues: IssueList): void {
  const infos = message.paymentInformations;
  const extra = infos[1];
  if (extra !== undefined) {
    issues.business(extra.path, 'one PmtInf', `the message has ${infos.length} PmtInf; exactly one is accepted (one payment per message)`, extra.el);
  }
  const all = infos.flatMap((p) => p.transactions);
  checkCount(message.nbOfTxs, all.length, 'the message', issues);
  checkControlSum(message.ctrlSum, all, 'the message', issues);
  for (const info of infos) {
    checkCount(info.nbOfTxs, info.transactions.length, 'the PmtInf', issues);
    checkControlSum(info.ctrlSum, info.transactions, 'the PmtInf', issues);
    if (info.pmtMtd && info.pmtMtd.value !== 'TRF') {
      issues.business(info.pmtMtd.path, 'PmtMtd TRF', `PmtMtd must be TRF (credit transfer), not ${info.pmtMtd.value}`, info.pmtMtd.el);
    }
    if (info.debtorName === undefined) {
      issues.business(`${info.path}/Dbtr/Nm`, 'debtor name', 'the debtor name (Dbtr/Nm) is required', info.el);
    }
    const endToEndIds = new Map<string, number>();
    for (const tx of info.transactions) {
      checkTransaction(tx, product, issues);
      if (tx.endToEndId) {
        const earlier = endToEndIds.get(tx.endToEndId.value);
        if (earlier !== undefined) {
          issues.business(
            tx.endToEndId.path,
            'EndToEndId unique',
            `EndToEndId ${JSON.stringify(tx.endToEndId.value)} is already used by CdtTrfTxInf[${earlier}]; the status report identifies transactions by it`,
            tx.endToEndId.el,
          );
        } else endToEndIds.set(tx.endToEndId.value, tx.index);
      }
    }
  }
}
