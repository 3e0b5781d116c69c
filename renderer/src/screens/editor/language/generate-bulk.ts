/**
 * A bulk of N transactions made from a template: the template's first CdtTrfTxInf repeated with
 * numbered InstrId and EndToEndId, NbOfTxs and CtrlSum recomputed in GrpHdr and PmtInf, so a valid
 * template gives a valid bulk. Pure; the editor's bulk generation and the tests use it.
 */

function tag(name: string, value: string): RegExp {
  return new RegExp(`(<${name}>)${value}(</${name}>)`, 'g');
}

/** "3480.00" × n as a plain decimal with the same number of decimals. */
function times(amount: string, n: number): string {
  const [whole = '0', fraction = ''] = amount.trim().split('.');
  const minor = BigInt(`${whole}${fraction}`) * BigInt(n);
  if (fraction.length === 0) return minor.toString();
  const digits = minor.toString().padStart(fraction.length + 1, '0');
  return `${digits.slice(0, -fraction.length)}.${digits.slice(-fraction.length)}`;
}

/** The pieces of a bulk: the head with NbOfTxs and CtrlSum for `count`, the model transaction, the text after the transactions. */
export interface BulkParts {
  head: string;
  block: string;
  separator: string;
  tail: string;
}

export function bulkParts(template: string, count: number): BulkParts {
  const first = template.indexOf('<CdtTrfTxInf>');
  const lastEnd = template.lastIndexOf('</CdtTrfTxInf>');
  if (first === -1 || lastEnd === -1 || count < 1) throw new RangeError('the template has no CdtTrfTxInf, or the count is not positive');
  const firstEnd = template.indexOf('</CdtTrfTxInf>', first) + '</CdtTrfTxInf>'.length;
  const block = template.slice(first, firstEnd);
  const indent = /\n([ \t]*)$/.exec(template.slice(0, first))?.[1] ?? '';
  const amount = /<InstdAmt[^>]*>([^<]+)<\/InstdAmt>/.exec(block)?.[1] ?? '0';
  const head = template
    .slice(0, first)
    .replace(tag('NbOfTxs', '[^<]*'), `$1${count}$2`)
    .replace(tag('CtrlSum', '[^<]*'), `$1${times(amount, count)}$2`);
  return { head, block, separator: `\n${indent}`, tail: template.slice(lastEnd + '</CdtTrfTxInf>'.length) };
}

/** The n-th (1-based) credit transfer of the bulk. */
export function bulkTransaction(block: string, n: number): string {
  return block
    .replace(/<InstrId>[^<]*<\/InstrId>/, `<InstrId>INSTR-${n}</InstrId>`)
    .replace(/<EndToEndId>[^<]*<\/EndToEndId>/, `<EndToEndId>E2E-${n}</EndToEndId>`);
}

export function bulkFromTemplate(template: string, count: number): string {
  const { head, block, separator, tail } = bulkParts(template, count);
  const parts: string[] = [];
  for (let n = 1; n <= count; n++) parts.push(bulkTransaction(block, n));
  return `${head}${parts.join(separator)}${tail}`;
}

/**
 * The same bulk made in chunks, handing control back between them (`pause`, a macrotask in the
 * page) and telling the progress, so a 10,000-transaction bulk never freezes the page. `signal`
 * stops it (the promise then rejects with the signal's reason).
 */
export async function generateBulk(
  template: string,
  count: number,
  onProgress: (done: number) => void,
  pause: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
  chunk = 500,
  signal?: AbortSignal,
): Promise<string> {
  const { head, block, separator, tail } = bulkParts(template, count);
  const parts: string[] = [];
  for (let n = 1; n <= count; n++) {
    parts.push(bulkTransaction(block, n));
    if (n % chunk === 0 || n === count) {
      onProgress(n);
      await pause();
      signal?.throwIfAborted();
    }
  }
  return `${head}${parts.join(separator)}${tail}`;
}
