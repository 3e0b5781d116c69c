import { extractMessage, type Read } from '../iso20022/pain001/extract';
import { parsePain001 } from '../iso20022/pain001/parse';

const value = (field: Read): string => field?.value.trim() ?? '';

/**
 * A pain.001's content as "the same payment" is meant (spec "Controlled status retrieval": do not
 * duplicate a payment): debtor, and per transfer its creditor, amount and remittance. Message and
 * end-to-end identifiers and dates are left out: a duplicate is sent with new ones. Null when the
 * body is not a pain.001 the bank could read.
 */
export function paymentContentKey(body: string): string | null {
  const parsed = parsePain001(body);
  if (!parsed.ok) return null;
  const message = extractMessage(parsed.document.root, new Set());
  const info = message.paymentInformations[0];
  if (info === undefined) return null;
  return JSON.stringify([
    value(info.debtorAccount?.iban) || value(info.debtorAccount?.otherId),
    info.transactions.map((tx) => [
      value(tx.creditorAccount?.iban) || value(tx.creditorAccount?.otherId),
      value(tx.creditorName),
      value(tx.amount),
      value(tx.currency),
      tx.remittance.join(' '),
    ]),
  ]);
}
