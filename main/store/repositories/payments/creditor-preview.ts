import type { ParsedTransaction } from '../../../domain/iso20022/pain001/types';

/** How many credit transfers of a payment its listing shows. */
export const CREDITOR_PREVIEW_SIZE = 20;

export interface CreditorPreview {
  name: string;
  iban?: string;
  otherId?: string;
  amount: string;
  currency: string;
}

/** What the preview takes of a credit transfer. */
export type PreviewedTransaction = Pick<ParsedTransaction, 'creditorName' | 'creditorIban' | 'creditorOtherId' | 'amount' | 'currency'>;

/** As stored in creditor_preview (the form SQLite's json_object wrote before): absent accounts are null. */
interface StoredCreditor {
  name: string;
  iban: string | null;
  otherId: string | null;
  amount: string;
  currency: string;
}

const storedCreditor = (tx: PreviewedTransaction): StoredCreditor => ({
  name: tx.creditorName,
  iban: tx.creditorIban ?? null,
  otherId: tx.creditorOtherId ?? null,
  amount: tx.amount,
  currency: tx.currency,
});

const toCreditor = (c: StoredCreditor): CreditorPreview => ({
  name: c.name,
  ...(c.iban === null ? {} : { iban: c.iban }),
  ...(c.otherId === null ? {} : { otherId: c.otherId }),
  amount: c.amount,
  currency: c.currency,
});

/** The creditor_preview column of a message: its first creditors, taken once at insert. */
export const creditorPreviewColumn = (transactions: readonly PreviewedTransaction[]): string =>
  JSON.stringify(transactions.slice(0, CREDITOR_PREVIEW_SIZE).map(storedCreditor));

export const creditorsOf = (column: string): CreditorPreview[] => (JSON.parse(column) as StoredCreditor[]).map(toCreditor);
