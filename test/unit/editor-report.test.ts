// The payment editor's side panel and templates: the bank's own pain.002 read back and put in
// words, templates filled from the dataset, and a bulk made in chunks with its progress.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePain001 } from '../../main/domain/iso20022/pain001/parse';
import { buildPain002 } from '../../main/domain/iso20022/pain002/build';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { bulkFromTemplate, generateBulk } from '../../renderer/src/screens/editor/language/generate-bulk';
import { fillTemplate } from '../../renderer/src/screens/editor/language/fill-template';
import { overallStatus, readStatusReport, reasonWords, statusWords } from '../../renderer/src/screens/editor/language/pain002';
import { defaultDataset } from '../support/pain001-builder';

const templates = join(import.meta.dirname, '..', '..', 'resources', 'templates');
const single = readFileSync(join(templates, 'sepa-single.xml'), 'utf8');
const bulk = readFileSync(join(templates, 'sepa-bulk.xml'), 'utf8');
const dataset = defaultDataset();
const frankfurt = dataset.institutions.find((i) => i.id === 'frankfurt');

function parsed(xml: string) {
  if (!frankfurt) throw new Error('no frankfurt');
  const result = validatePain001(xml, { product: 'pain.001-sepa-credit-transfers', institution: frankfurt, accounts: dataset.accounts, today: '2026-11-20' });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.payment;
}

describe('the explained pain.002', () => {
  it('reads the bank’s report: each transaction’s TxSts, reasons, amount and creditor', () => {
    const original = parsed(bulk);
    const xml = buildPain002({
      messageId: 'STS-1',
      createdAt: new Date('2026-11-20T10:00:00Z'),
      original,
      transactions: original.transactions.map((tx, i) => ({
        endToEndId: tx.endToEndId,
        status: 'PATC',
        reasons: i === 1 ? [{ code: 'CMTC', info: ['Müller Logistik GmbH'] }] : i === 2 ? [{ code: 'NMTC', info: ['No match'] }] : [],
      })),
    });
    const read = readStatusReport(xml);
    if (!read.ok) throw new Error(read.error);
    expect(read.report.messageId).toBe('STS-1');
    expect(read.report.transactions[1]).toMatchObject({
      status: 'PATC',
      reasons: [{ code: 'CMTC', info: ['Müller Logistik GmbH'] }],
      creditorName: 'Mueller Logistik',
      currency: 'EUR',
    });
    expect(overallStatus(read.report)).toBe('PATC');
    expect(reasonWords(read.report.transactions[1]?.reasons[0] ?? { code: '', info: [] })).toBe(
      'Close match: the payee’s bank holds the name Müller Logistik GmbH',
    );
    expect(readStatusReport('<Document/>').ok).toBe(false);
  });

  it('puts statuses and reasons in plain words', () => {
    expect(statusWords('PATC', { given: 1, required: 2 })).toBe('Waiting for authorisations (1 of 2 given)');
    expect(statusWords('RJCT', null)).toBe('Rejected');
    expect(reasonWords({ code: 'RECI', info: ['VoP in progress'] })).toBe('Payee check in progress');
    expect(reasonWords({ code: 'NMTC', info: [] })).toBe('The name does not match the account holder');
    expect(reasonWords({ code: 'NOAP', info: ['VoP not possible: service unavailable'] })).toBe(
      'Payee check not possible: VoP not possible: service unavailable',
    );
    expect(reasonWords({ code: 'AM04', info: [] })).toBe('AM04: insufficient funds');
  });
});

describe('templates filled from the dataset', () => {
  it('writes the PSU’s account, the BIC and the chosen payees in turn', () => {
    const filled = fillTemplate(bulk, {
      debtor: { iban: 'DE89370400440532013000' },
      bic: 'NBRBDEFF',
      payees: [
        { name: 'Katrin Schaefer', iban: 'DE49100900444417290183' },
        { name: 'Gentse & Co', iban: 'BE14310185609283' },
      ],
    });
    const tree = parsePain001(filled);
    expect(tree.ok).toBe(true);
    expect(bulk).toContain('<!--');
    expect(filled).not.toContain('<!--');
    expect(filled).toContain('<IBAN>DE89370400440532013000</IBAN>');
    const names = [...filled.matchAll(/<Cdtr>\s*<Nm>([^<]*)<\/Nm>/g)].map((m) => m[1]);
    expect(names).toEqual(['Katrin Schaefer', 'Gentse &amp; Co', 'Katrin Schaefer', 'Gentse &amp; Co'].slice(0, names.length));
    expect(fillTemplate(single, { debtor: null, bic: '', payees: [] })).toBe(single);
  });
});

describe('a bulk in chunks', () => {
  it('makes the same text as at once, telling its progress chunk by chunk', async () => {
    const progress: number[] = [];
    const text = await generateBulk(
      single,
      1_201,
      (n) => progress.push(n),
      async () => undefined,
      500,
    );
    expect(text).toBe(bulkFromTemplate(single, 1_201));
    expect(progress).toEqual([500, 1_000, 1_201]);
  });
});
