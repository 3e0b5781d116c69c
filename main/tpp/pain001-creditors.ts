import { escapeXml } from '../domain/iso20022/xml-text';
import { fromMinorUnits, toMinorUnits } from '../domain/money';

/** A creditor a payment is to pay: name and IBAN as the payer writes them (what VoP compares), and an amount. */
export interface Creditor {
  name: string;
  iban: string;
  /** Decimal, in the template's currency; the template's first amount when absent. */
  amount?: string;
}

const TRANSFER = /<CdtTrfTxInf>[\s\S]*?<\/CdtTrfTxInf>/g;

/**
 * A pain.001 (one of the bank's templates) paying these creditors in place of its own, so a flow
 * picks payees of the VoP registry without an XML blob of its own. Its first credit transfer is the
 * model of each; NbOfTxs and CtrlSum follow the new transfers. Everything else is kept as written.
 */
export function withCreditors(pain001: string, creditors: readonly Creditor[]): string {
  const transfers = [...pain001.matchAll(TRANSFER)];
  const first = transfers[0];
  const last = transfers.at(-1);
  if (first === undefined || last === undefined) throw new Error('the pain.001 has no CdtTrfTxInf to model the creditors on');
  if (creditors.length === 0) throw new Error('a payment needs at least one creditor');
  const indent = /[ \t]*$/.exec(pain001.slice(0, first.index))?.[0] ?? '';
  const written = creditors.map((creditor, i) => transferFor(first[0], creditor, i + 1));
  const total = written.reduce((sum, tx) => sum + toMinorUnits(amountOf(tx)), 0n);
  const end = last.index + last[0].length;
  return `${pain001.slice(0, first.index)}${written.join(`\n${indent}`)}${pain001.slice(end)}`
    .replace(/<NbOfTxs>[^<]*<\/NbOfTxs>/g, `<NbOfTxs>${creditors.length}</NbOfTxs>`)
    .replace(/<CtrlSum>[^<]*<\/CtrlSum>/g, `<CtrlSum>${fromMinorUnits(total)}</CtrlSum>`);
}

function transferFor(model: string, creditor: Creditor, n: number): string {
  return model
    .replace(/<(EndToEndId|InstrId)>([^<]*)<\/\1>/g, (_, element: string, id: string) => `<${element}>${id.slice(0, 30)}-${n}</${element}>`)
    .replace(/(<Cdtr>\s*<Nm>)[^<]*(<\/Nm>)/, `$1${escapeXml(creditor.name)}$2`)
    .replace(/<CdtrAcct>[\s\S]*?<\/CdtrAcct>/, `<CdtrAcct><Id><IBAN>${escapeXml(creditor.iban)}</IBAN></Id></CdtrAcct>`)
    .replace(
      /(<InstdAmt Ccy="[A-Z]{3}">)([^<]*)(<\/InstdAmt>)/,
      (whole, open: string, amount: string, close: string) => `${open}${creditor.amount ?? amount}${close}`,
    );
}

function amountOf(transfer: string): string {
  const amount = /<InstdAmt Ccy="[A-Z]{3}">([^<]*)<\/InstdAmt>/.exec(transfer)?.[1];
  if (amount === undefined) throw new Error('a credit transfer of the pain.001 has no InstdAmt');
  return amount;
}

/**
 * A pain.001 with this unstructured remittance on every transfer: a second payment of a lesson is
 * then another payment, not the first one again (spec "Payments" rule 6: do not duplicate a payment).
 */
export function withRemittance(pain001: string, remittance: string): string {
  if (!/<Ustrd>/.test(pain001)) throw new Error('the pain.001 has no Ustrd (unstructured remittance) to replace');
  return pain001.replace(/<Ustrd>[^<]*<\/Ustrd>/g, `<Ustrd>${escapeXml(remittance)}</Ustrd>`);
}
