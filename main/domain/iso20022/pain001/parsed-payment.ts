/**
 * The ParsedPayment of a message that passed every check: the fields later steps need,
 * amounts in plain form with the currency's decimals, totals per currency.
 */
import type { Account } from '../../dataset/types';
import { fromMinorUnits } from '../../money';
import { currencyDecimals } from '../currency';
import type { Pain001Version } from '../versions';
import { formatDecimal, parseXsdDecimal, scaledDecimal, xsdBoolean, xsdDate } from '../xsd-values';
import type { DraftMessage, Read } from './extract';
import type { CurrencyTotal, ParsedPayment, ParsedTransaction, ValidationContext } from './types';

/** Only called once no issue was found, so every field the rules require is there. */
function value(field: Read, what: string): string {
  if (!field) throw new Error(`pain.001 validated without ${what}`);
  return field.value;
}

const optional = (field: Read): string | undefined => (field ? field.value : undefined);

export function toPayment(message: DraftMessage, version: Pain001Version, debtor: Account, context: ValidationContext): ParsedPayment {
  const info = message.paymentInformations[0];
  if (info === undefined) throw new Error('pain.001 validated without PmtInf');
  const sums = new Map<string, { minor: bigint; count: number }>();
  const transactions = info.transactions.map((tx): ParsedTransaction => {
    const currency = value(tx.currency, 'Ccy');
    const decimals = currencyDecimals(currency);
    const amount = parseXsdDecimal(value(tx.amount, 'InstdAmt').trim());
    if (amount === null) throw new Error('pain.001 validated with an invalid amount');
    const total = sums.get(currency) ?? { minor: 0n, count: 0 };
    sums.set(currency, { minor: total.minor + scaledDecimal(amount, decimals), count: total.count + 1 });
    const t: ParsedTransaction = {
      index: tx.index,
      endToEndId: value(tx.endToEndId, 'EndToEndId'),
      amount: formatDecimal(amount, decimals),
      currency,
      creditorName: value(tx.creditorName, 'Cdtr/Nm'),
    };
    if (tx.instrId) t.instrId = tx.instrId.value;
    if (tx.creditorAccount?.iban) t.creditorIban = tx.creditorAccount.iban.value;
    if (tx.creditorAccount?.otherId) t.creditorOtherId = tx.creditorAccount.otherId.value;
    if (tx.creditorAgentBic) t.creditorAgentBic = tx.creditorAgentBic.value;
    if (tx.remittance.length > 0) t.remittance = tx.remittance.join(' ');
    return t;
  });
  const totals: CurrencyTotal[] = [...sums].map(([currency, { minor, count }]) => ({
    currency,
    amount: fromMinorUnits(minor, currencyDecimals(currency)),
    count,
  }));
  const requested = xsdDate(value(info.reqdExctnDt, 'ReqdExctnDt').trim());
  if (requested === null) throw new Error('pain.001 validated with an invalid ReqdExctnDt');
  const payment: ParsedPayment = {
    messageVersion: version,
    msgId: value(message.msgId, 'MsgId'),
    creationDateTime: value(message.creDtTm, 'CreDtTm').trim(),
    pmtInfId: value(info.pmtInfId, 'PmtInfId'),
    numberOfTransactions: transactions.length,
    requestedExecutionDate: requested,
    debtor: { name: value(info.debtorName, 'Dbtr/Nm'), accountResourceId: debtor.resourceId },
    debtorAgentBic: optional(info.debtorAgentBic) ?? context.institution.bic,
    totals,
    transactions,
  };
  if (message.ctrlSum) payment.controlSum = message.ctrlSum.value.trim();
  if (info.batchBooking) payment.batchBooking = xsdBoolean(info.batchBooking.value.trim()) ?? undefined;
  if (info.debtorAccount?.iban) payment.debtor.iban = info.debtorAccount.iban.value;
  if (info.debtorAccount?.otherId) payment.debtor.otherId = info.debtorAccount.otherId.value;
  if (info.chargeBearer) payment.chargeBearer = info.chargeBearer.value;
  if (info.serviceLevel) payment.serviceLevel = info.serviceLevel.value;
  return payment;
}
