import { describe, it, expect } from 'vitest';
import { PAYMENT_PRODUCTS } from '../../main/domain/dataset/schema';
import type { PaymentProduct } from '../../main/domain/dataset/types';
import { ibanCheckDigits } from '../../main/domain/iso20022/iban';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { seededRandom } from '../../main/domain/random';
import {
  allElements,
  buildPain001,
  contextFor,
  pain001Data,
  pain001Tree,
  serialize,
  type Located,
  type Pain001Data,
  type TransactionData,
} from '../support/pain001-builder';

const ITERATIONS = 300;

class Gen {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
  digits(n: number): string {
    return Array.from({ length: n }, () => String(this.int(10))).join('');
  }
  text(pool: readonly string[], min: number, max: number): string {
    return Array.from({ length: min + this.int(max - min + 1) }, () => this.pick(pool)).join('');
  }
}

const chars = (s: string): string[] => [...s];
const SEPA_NAME = chars("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/-?:().,'+ äöüÄÖÜßéèàçøåłż");
const ANY_TEXT = chars('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 &<>"\'/-.,;:!?()[]{}#%*=€éß😀\n\t');
const ID_TEXT = chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-/&<>');
const IBAN_LENGTHS: Record<string, number> = { DE: 22, FR: 27, NL: 18, BE: 16, AT: 20, ES: 24, IT: 27 };
const SWIFT_CURRENCIES = [
  ['USD', 2],
  ['CHF', 2],
  ['JPY', 0],
  ['EUR', 2],
  ['KWD', 3],
] as const;

function iban(g: Gen, country = g.pick(Object.keys(IBAN_LENGTHS))): string {
  const bban = g.digits((IBAN_LENGTHS[country] ?? 22) - 4);
  return `${country}${ibanCheckDigits(country, bban)}${bban}`;
}

function ukAccount(g: Gen): { iban?: string; otherId?: string } {
  if (g.chance(0.25)) {
    const bban = `BARC${g.digits(14)}`;
    return { iban: `GB${ibanCheckDigits('GB', bban)}${bban}` };
  }
  const [s1, s2, s3, n] = [g.digits(2), g.digits(2), g.digits(2), g.digits(8)];
  return { otherId: g.pick([`${s1}${s2}${s3}${n}`, `${s1}-${s2}-${s3} ${n}`, `${s1}${s2}${s3}-${n}`]) };
}

function amount(g: Gen, decimals: number): string {
  const whole = String(1 + g.int(g.chance(0.5) ? 999 : 999_999));
  const fraction = decimals === 0 ? 0 : g.int(decimals + 1);
  return fraction === 0 ? whole : `${whole}.${g.digits(fraction)}`;
}

function randomTransaction(g: Gen, product: PaymentProduct, i: number): TransactionData {
  const [currency, decimals] =
    product === 'pain.001-swift-transfers'
      ? g.pick(SWIFT_CURRENCIES)
      : product === 'pain.001-chaps-payments' || product === 'pain.001-faster-payments'
        ? ['GBP', 2]
        : ['EUR', 2];
  const sepa = product === 'pain.001-sepa-credit-transfers';
  const t: TransactionData = {
    endToEndId: `E${i}-${g.text(ID_TEXT, 0, 30)}`,
    amount: amount(g, decimals),
    currency,
    creditorName: sepa ? g.text(SEPA_NAME, 1, 70) : g.text(ANY_TEXT, 1, 140),
  };
  if (g.chance(0.5)) t.instrId = g.text(ID_TEXT, 1, 35);
  switch (product) {
    case 'pain.001-sepa-credit-transfers':
      t.creditorAccount = { iban: iban(g) };
      break;
    case 'pain.001-internal-transfers':
      t.creditorAccount = { iban: g.pick(['DE67500112000001069188', 'DE97500112000001080191', 'DE30500112000001091194', 'DE60500112000001102197']) };
      break;
    case 'pain.001-swift-transfers':
      t.creditorAccount = g.chance(0.5) ? { iban: iban(g) } : { otherId: g.text(chars('0123456789ABCDEF'), 1, 34) };
      t.creditorAgentBic = `${g.text(chars('ABCDEFGHIJKLMNOPQRSTUVWXYZ'), 6, 6)}${g.pick(['2L', 'FF', 'PP', '33'])}${g.chance(0.5) ? 'XXX' : ''}`;
      break;
    default:
      t.creditorAccount = ukAccount(g);
  }
  if (g.chance(0.3)) {
    t.creditorCountry = g.pick(['DE', 'FR', 'GB', 'US']);
    t.creditorAddressLines = Array.from({ length: g.int(3) }, () => g.text(ANY_TEXT, 1, 70));
  }
  if (g.chance(0.6)) t.remittance = Array.from({ length: 1 + g.int(3) }, () => g.text(ANY_TEXT, 1, 140));
  return t;
}

function randomData(g: Gen): { product: PaymentProduct; data: Pain001Data } {
  const product = g.pick(PAYMENT_PRODUCTS);
  const transactions = Array.from({ length: 1 + g.int(5) }, (_, i) => randomTransaction(g, product, i));
  const base = pain001Data(product);
  const data: Pain001Data = {
    ...base,
    msgId: g.text(ID_TEXT, 1, 35),
    pmtInfId: g.text(ID_TEXT, 1, 35),
    creationDateTime: `20${g.pick(['25', '26', '27'])}-0${1 + g.int(9)}-${10 + g.int(18)}T${10 + g.int(14)}:${10 + g.int(50)}:${10 + g.int(50)}${g.pick(['', 'Z', '+01:00', '.5'])}`,
    requestedExecutionDate: `20${20 + g.int(10)}-${g.pick(['01', '02', '06', '12'])}-${g.pick(['01', '15', '28'])}`,
    transactions,
  };
  if (g.chance(0.3)) data.ctrlSum = null;
  if (g.chance(0.5)) data.batchBooking = g.chance(0.5);
  if (g.chance(0.4)) data.pmtInfNbOfTxs = String(transactions.length);
  if (product === 'pain.001-sepa-credit-transfers') data.debtorName = g.text(SEPA_NAME, 1, 70);
  else data.debtorName = g.text(ANY_TEXT, 1, 140);
  if (g.chance(0.3)) delete data.debtorAgentBic;
  return { product, data };
}

/** Required where the path (without indices) ends so; the last ones are the bank's additions to the schema. */
const REQUIRED = [
  'Document/CstmrCdtTrfInitn',
  'CstmrCdtTrfInitn/GrpHdr',
  'GrpHdr/MsgId',
  'GrpHdr/CreDtTm',
  'GrpHdr/NbOfTxs',
  'GrpHdr/InitgPty',
  'CstmrCdtTrfInitn/PmtInf',
  'PmtInf/PmtInfId',
  'PmtInf/PmtMtd',
  'PmtInf/ReqdExctnDt',
  'PmtInf/Dbtr',
  'PmtInf/DbtrAcct',
  'DbtrAcct/Id',
  'PmtInf/DbtrAgt',
  'DbtrAgt/FinInstnId',
  'CdtTrfTxInf/PmtId',
  'PmtId/EndToEndId',
  'CdtTrfTxInf/Amt',
  'CdtrAcct/Id',
  'Othr/Id',
  'Dbtr/Nm',
  'Cdtr/Nm',
  'CdtTrfTxInf/Cdtr',
  'CdtTrfTxInf/CdtrAcct',
];
const SEPA_REQUIRED = ['PmtInf/PmtTpInf', 'PmtTpInf/SvcLvl'];
const SWIFT_REQUIRED = ['CdtTrfTxInf/CdtrAgt', 'CdtrAgt/FinInstnId', 'FinInstnId/BIC'];
/** Alternatives of a choice: removing the only one empties the choice, reported at the parent. */
const CHOICE_ALTERNATIVES = ['Id/IBAN', 'Id/Othr', 'Amt/InstdAmt', 'SvcLvl/Cd'];

const plain = (path: string): string => path.replace(/\[\d+\]/g, '');
const endsWithAny = (path: string, suffixes: string[]): boolean => suffixes.some((s) => path === s || path.endsWith(`/${s}`));

function requiredElements(product: PaymentProduct, elements: Located[]): Located[] {
  const transactions = elements.filter((e) => e.node.name === 'CdtTrfTxInf').length;
  const extra = product === 'pain.001-sepa-credit-transfers' ? SEPA_REQUIRED : product === 'pain.001-swift-transfers' ? SWIFT_REQUIRED : [];
  return elements.filter((e) => {
    const p = plain(e.path);
    if (p.endsWith('DbtrAgt/FinInstnId/BIC')) return false;
    return endsWithAny(p, [...REQUIRED, ...extra, ...CHOICE_ALTERNATIVES]) || (e.node.name === 'CdtTrfTxInf' && transactions === 1);
  });
}

/** A value the element's type refuses, by element (or its parent/element) name. */
function corrupt(e: Located, product: PaymentProduct): string | null {
  const p = plain(e.path);
  const n = e.node.name;
  const text = e.node.text ?? '';
  if (endsWithAny(p, ['MsgId', 'PmtInfId', 'EndToEndId', 'InstrId'])) return 'x'.repeat(36);
  if (n === 'CreDtTm') return '2026-13-01T00:00:00';
  if (n === 'NbOfTxs') return 'ten';
  if (n === 'CtrlSum') return `1.${'1'.repeat(18)}`;
  if (n === 'ReqdExctnDt') return '2027-02-30';
  if (n === 'Nm') return product === 'pain.001-sepa-credit-transfers' && !p.endsWith('InitgPty/Nm') ? 'n'.repeat(71) : 'n'.repeat(141);
  if (n === 'IBAN') return text.slice(0, -1) + String((Number(text.slice(-1)) + 1) % 10);
  if (p.endsWith('Othr/Id')) return '1'.repeat(35);
  if (n === 'BIC') return 'ABCDE';
  if (n === 'InstdAmt') return '1.123456';
  if (n === 'ChrgBr') return 'XXXX';
  if (n === 'PmtMtd') return 'XXX';
  if (n === 'BtchBookg') return 'maybe';
  if (p.endsWith('SvcLvl/Cd')) return 'SEPA1';
  if (n === 'Ctry') return 'usa';
  if (n === 'AdrLine') return 'a'.repeat(71);
  if (n === 'Ustrd') return 'u'.repeat(141);
  return null;
}

describe('pain.001 validation, property-style', () => {
  it(`documents built from random valid data validate (${ITERATIONS} seeded iterations)`, () => {
    const g = new Gen(20261120);
    for (let i = 0; i < ITERATIONS; i++) {
      const { product, data } = randomData(g);
      const r = validatePain001(buildPain001(data), contextFor(product));
      expect(r.ok ? [] : r.errors, `iteration ${i} (${product})`).toEqual([]);
      if (!r.ok) return;
      expect(r.payment.transactions.map((t) => [t.endToEndId, t.creditorName])).toEqual(data.transactions.map((t) => [t.endToEndId, t.creditorName]));
      expect(r.payment.transactions.map((t) => t.remittance)).toEqual(data.transactions.map((t) => t.remittance?.join(' ')));
    }
  });

  it('deleting any single required element is caught at that element’s path', () => {
    const g = new Gen(42);
    const covered = new Set<string>();
    for (let i = 0; i < ITERATIONS; i++) {
      const { product, data } = randomData(g);
      const tree = pain001Tree(data);
      const candidates = requiredElements(product, allElements(tree));
      const target = g.pick(candidates);
      const { node, parent } = target;
      parent?.children?.splice(parent.children.indexOf(node), 1);
      covered.add(plain(target.path).split('/').slice(-2).join('/'));
      const r = validatePain001(serialize(tree), contextFor(product));
      expect(r.ok, `iteration ${i}: removing ${target.path}`).toBe(false);
      if (r.ok) return;
      const path = target.path.replace(/\[1\]$/, '');
      const parentPath = target.path.slice(0, target.path.lastIndexOf('/'));
      const expected = endsWithAny(plain(target.path), CHOICE_ALTERNATIVES) ? [parentPath] : [path];
      const caught = r.errors.some((e) => expected.includes(e.path) || e.path.startsWith(`${path}/`));
      expect(caught, `iteration ${i}: removing ${target.path} gave ${JSON.stringify(r.errors.map((e) => e.path))}`).toBe(true);
    }
    expect(covered.size).toBeGreaterThan(25);
  });

  it('corrupting any single facet is caught at that element’s path', () => {
    const g = new Gen(7);
    const covered = new Set<string>();
    for (let i = 0; i < ITERATIONS; i++) {
      const { product, data } = randomData(g);
      const tree = pain001Tree(data);
      const leaves = allElements(tree).filter((e) => e.node.children === undefined || e.node.children.length === 0);
      const withCorruption = leaves.map((e) => [e, corrupt(e, product)] as const).filter((x): x is readonly [Located, string] => x[1] !== null);
      const [target, value] = g.pick(withCorruption);
      if (target.node.name === 'InstdAmt' && g.chance(0.5)) {
        target.node.attributes = { Ccy: 'EURO' };
        covered.add('@Ccy');
        const r = validatePain001(serialize(tree), contextFor(product));
        expect(!r.ok && r.errors.some((e) => e.path === `${target.path}/@Ccy` && e.kind === 'schema'), `iteration ${i}: Ccy of ${target.path}`).toBe(true);
        continue;
      }
      target.node.text = value;
      covered.add(target.node.name);
      const r = validatePain001(serialize(tree), contextFor(product));
      const caught = !r.ok && r.errors.some((e) => e.path === target.path);
      expect(caught, `iteration ${i}: ${target.path} = ${JSON.stringify(value)} gave ${JSON.stringify(r.ok ? [] : r.errors)}`).toBe(true);
    }
    expect(covered.size).toBeGreaterThan(15);
  });
});
