/**
 * A template of the institution filled from the dataset: the debtor account one the chosen PSU may
 * create payments from, the institution's BIC as the debtor agent, and the creditors taken in turn
 * from chosen payees of the VoP registry (name and IBAN), dropping the comments about the template's
 * own creditors. Everything else is kept as written.
 * Pure: text in, text out.
 */
import { escapeXml } from '../../../../../main/domain/iso20022/xml-text';

export interface TemplateFill {
  /** The PSU's payable account: an IBAN, or a UK sort code and account number (14 digits, Othr/Id). */
  debtor: { iban?: string; bban?: string } | null;
  bic: string;
  /** Written into the credit transfers in turn; none keeps the template's creditors. */
  payees: readonly { name: string; iban: string }[];
}

function inBlock(text: string, element: string, edit: (block: string) => string): string {
  return text.replace(new RegExp(`<${element}>[\\s\\S]*?</${element}>`), edit);
}

export function fillTemplate(template: string, fill: TemplateFill): string {
  let text = template;
  const { debtor } = fill;
  if (debtor?.iban !== undefined) text = inBlock(text, 'DbtrAcct', (b) => b.replace(/<IBAN>[^<]*<\/IBAN>/, `<IBAN>${escapeXml(debtor.iban ?? '')}</IBAN>`));
  else if (debtor?.bban !== undefined)
    text = inBlock(text, 'DbtrAcct', (b) => b.replace(/(<Othr>\s*<Id>)[^<]*(<\/Id>)/, `$1${escapeXml(debtor.bban ?? '')}$2`));
  if (fill.bic !== '') text = inBlock(text, 'DbtrAgt', (b) => b.replace(/<BIC>[^<]*<\/BIC>/, `<BIC>${escapeXml(fill.bic)}</BIC>`));
  if (fill.payees.length === 0) return text;
  // The template's comments describe its own creditors and the VoP result they give: untrue once they are replaced.
  text = text.replace(/[ \t]*<!--[\s\S]*?-->[ \t]*\r?\n?/g, '');
  let n = 0;
  return text.replace(/<CdtTrfTxInf>[\s\S]*?<\/CdtTrfTxInf>/g, (tx) => {
    const payee = fill.payees[n++ % fill.payees.length];
    if (payee === undefined) return tx;
    return tx
      .replace(/(<Cdtr>\s*<Nm>)[^<]*(<\/Nm>)/, `$1${escapeXml(payee.name)}$2`)
      .replace(/(<CdtrAcct>\s*<Id>\s*)<IBAN>[^<]*<\/IBAN>/, `$1<IBAN>${escapeXml(payee.iban)}</IBAN>`);
  });
}
