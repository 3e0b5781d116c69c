/**
 * Builds pain.001.001.03 documents for tests: valid ones from plain data, as an element
 * tree a test may mutate (remove, retext, reorder) before it is written out. Paths follow
 * the validator's issue paths: "Document/CstmrCdtTrfInitn/PmtInf[1]/CdtTrfTxInf[2]/Amt/InstdAmt",
 * with a 1-based index on the elements the schema repeats.
 */
import type { Dataset, InstitutionId, PaymentProduct } from '../../main/domain/dataset/types';
import { fromMinorUnits, toMinorUnits } from '../../main/domain/money';
import type { ValidationContext } from '../../main/domain/iso20022/pain001/types';
import { loadDataset } from '../../main/services/operator/dataset-loader';

export const PAIN001_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.03';

export interface AccountData {
  iban?: string;
  /** Othr/Id, e.g. a UK sort code and account number. */
  otherId?: string;
}

export interface TransactionData {
  endToEndId: string;
  instrId?: string;
  amount: string;
  currency: string;
  serviceLevel?: string;
  chargeBearer?: string;
  creditorAgentBic?: string;
  creditorName?: string;
  creditorCountry?: string;
  creditorAddressLines?: string[];
  creditorAccount?: AccountData;
  remittance?: string[];
}

export interface Pain001Data {
  msgId: string;
  creationDateTime: string;
  /** GrpHdr/NbOfTxs; computed from the transactions when absent. */
  nbOfTxs?: string;
  /** GrpHdr/CtrlSum; computed when undefined, left out when null. */
  ctrlSum?: string | null;
  initiatingParty: string;
  pmtInfId: string;
  batchBooking?: boolean;
  /** PmtInf/NbOfTxs and CtrlSum: left out when undefined. */
  pmtInfNbOfTxs?: string;
  pmtInfCtrlSum?: string;
  /** PmtInf/PmtTpInf/SvcLvl/Cd, left out when undefined. */
  serviceLevel?: string;
  requestedExecutionDate: string;
  debtorName: string;
  debtorAccount: AccountData;
  debtorAgentBic?: string;
  chargeBearer?: string;
  transactions: TransactionData[];
}

/** An element: a value (text) or children; both only to make a document invalid (text written first). */
export interface XNode {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: XNode[];
}

/** Elements the generated documents repeat, which therefore carry an index in paths. */
export const REPEATED = new Set(['PmtInf', 'CdtTrfTxInf', 'Ustrd', 'AdrLine']);

/** Valid data per product against the default dataset (debtors in Frankfurt or London). */
export function pain001Data(product: PaymentProduct, overrides: Partial<Pain001Data> = {}): Pain001Data {
  const common = {
    msgId: 'MSG-0001',
    creationDateTime: '2026-11-20T09:30:00',
    initiatingParty: 'Rhein-Main Maschinenbau GmbH',
    pmtInfId: 'PMT-0001',
    requestedExecutionDate: '2027-06-15',
  };
  const frankfurt = { ...common, debtorName: 'Rhein-Main Maschinenbau GmbH', debtorAccount: { iban: 'DE37500112000001058185' }, debtorAgentBic: 'NBRBDEFF' };
  const london = {
    ...common,
    initiatingParty: 'Thames Valley Components Ltd',
    debtorName: 'Thames Valley Components Ltd',
    debtorAccount: { otherId: '16582041732917' },
    debtorAgentBic: 'NBRBGB2L',
  };
  const byProduct: Record<PaymentProduct, Pain001Data> = {
    'pain.001-sepa-credit-transfers': {
      ...frankfurt,
      serviceLevel: 'SEPA',
      chargeBearer: 'SLEV',
      transactions: [
        {
          endToEndId: 'E2E-1',
          amount: '1250.00',
          currency: 'EUR',
          creditorName: 'Transports Girard SARL',
          creditorAccount: { iban: 'FR7630004008210001042987126' },
          remittance: ['Invoice 4711'],
        },
      ],
    },
    'pain.001-internal-transfers': {
      ...frankfurt,
      transactions: [
        {
          endToEndId: 'E2E-1',
          amount: '5000.00',
          currency: 'EUR',
          creditorName: 'Rhein-Main Maschinenbau GmbH',
          creditorAccount: { iban: 'DE67500112000001069188' },
        },
      ],
    },
    'pain.001-swift-transfers': {
      ...frankfurt,
      chargeBearer: 'SHAR',
      transactions: [
        {
          endToEndId: 'E2E-1',
          amount: '980.00',
          currency: 'USD',
          creditorAgentBic: 'CHASUS33XXX',
          creditorName: 'Harbor Supplies Inc',
          creditorCountry: 'US',
          creditorAccount: { otherId: '000123456789' },
        },
      ],
    },
    'pain.001-chaps-payments': {
      ...london,
      transactions: [
        {
          endToEndId: 'E2E-1',
          amount: '25000.00',
          currency: 'GBP',
          creditorName: 'Severn Precision Tools Ltd',
          creditorAccount: { otherId: '20000055779911' },
        },
      ],
    },
    'pain.001-faster-payments': {
      ...london,
      transactions: [
        {
          endToEndId: 'E2E-1',
          amount: '420.00',
          currency: 'GBP',
          creditorName: 'Oxford Office Supplies Ltd',
          creditorAccount: { otherId: '40-47-84 11223344' },
        },
      ],
    },
  };
  return { ...byProduct[product], ...overrides };
}

export function sumAmounts(amounts: string[]): string {
  const total = amounts.reduce((s, a) => s + toMinorUnits(a, 5), 0n);
  return fromMinorUnits(total, 5).replace(/\.?0+$/, '');
}

const el = (name: string, ...children: (XNode | undefined)[]): XNode => ({ name, children: children.filter((c): c is XNode => c !== undefined) });
const leaf = (name: string, text: string, attributes?: Record<string, string>): XNode => ({ name, text, ...(attributes ? { attributes } : {}) });
const opt = <T>(v: T | undefined | null, f: (v: T) => XNode): XNode | undefined => (v === undefined || v === null ? undefined : f(v));

function account(name: string, a: AccountData): XNode {
  return el(name, el('Id', a.iban !== undefined ? leaf('IBAN', a.iban) : el('Othr', leaf('Id', a.otherId ?? ''))));
}

function transaction(t: TransactionData): XNode {
  const address =
    t.creditorCountry !== undefined || (t.creditorAddressLines?.length ?? 0) > 0
      ? el(
          'PstlAdr',
          opt(t.creditorCountry, (c) => leaf('Ctry', c)),
          ...(t.creditorAddressLines ?? []).map((l) => leaf('AdrLine', l)),
        )
      : undefined;
  return el(
    'CdtTrfTxInf',
    el(
      'PmtId',
      opt(t.instrId, (v) => leaf('InstrId', v)),
      leaf('EndToEndId', t.endToEndId),
    ),
    opt(t.serviceLevel, (v) => el('PmtTpInf', el('SvcLvl', leaf('Cd', v)))),
    el('Amt', leaf('InstdAmt', t.amount, { Ccy: t.currency })),
    opt(t.chargeBearer, (v) => leaf('ChrgBr', v)),
    opt(t.creditorAgentBic, (v) => el('CdtrAgt', el('FinInstnId', leaf('BIC', v)))),
    t.creditorName !== undefined || address !== undefined
      ? el(
          'Cdtr',
          opt(t.creditorName, (v) => leaf('Nm', v)),
          address,
        )
      : undefined,
    opt(t.creditorAccount, (a) => account('CdtrAcct', a)),
    t.remittance !== undefined && t.remittance.length > 0 ? el('RmtInf', ...t.remittance.map((r) => leaf('Ustrd', r))) : undefined,
  );
}

/** The document tree of the data; root is Document with the pain.001.001.03 namespace. */
export function pain001Tree(d: Pain001Data): XNode {
  const count = String(d.transactions.length);
  const ctrlSum = d.ctrlSum === undefined ? sumAmounts(d.transactions.map((t) => t.amount)) : d.ctrlSum;
  return {
    name: 'Document',
    attributes: { xmlns: PAIN001_NS },
    children: [
      el(
        'CstmrCdtTrfInitn',
        el(
          'GrpHdr',
          leaf('MsgId', d.msgId),
          leaf('CreDtTm', d.creationDateTime),
          leaf('NbOfTxs', d.nbOfTxs ?? count),
          opt(ctrlSum, (v) => leaf('CtrlSum', v)),
          el('InitgPty', leaf('Nm', d.initiatingParty)),
        ),
        el(
          'PmtInf',
          leaf('PmtInfId', d.pmtInfId),
          leaf('PmtMtd', 'TRF'),
          opt(d.batchBooking, (v) => leaf('BtchBookg', String(v))),
          opt(d.pmtInfNbOfTxs, (v) => leaf('NbOfTxs', v)),
          opt(d.pmtInfCtrlSum, (v) => leaf('CtrlSum', v)),
          opt(d.serviceLevel, (v) => el('PmtTpInf', el('SvcLvl', leaf('Cd', v)))),
          leaf('ReqdExctnDt', d.requestedExecutionDate),
          el('Dbtr', leaf('Nm', d.debtorName)),
          account('DbtrAcct', d.debtorAccount),
          el(
            'DbtrAgt',
            el(
              'FinInstnId',
              opt(d.debtorAgentBic, (v) => leaf('BIC', v)),
            ),
          ),
          opt(d.chargeBearer, (v) => leaf('ChrgBr', v)),
          ...d.transactions.map(transaction),
        ),
      ),
    ],
  };
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

export function serialize(root: XNode, options: { indent?: boolean; declaration?: boolean } = {}): string {
  const indent = options.indent ?? true;
  const out: string[] = options.declaration === false ? [] : ['<?xml version="1.0" encoding="UTF-8"?>'];
  const write = (n: XNode, depth: number): void => {
    const pad = indent ? '  '.repeat(depth) : '';
    const attrs = Object.entries(n.attributes ?? {})
      .map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`)
      .join('');
    if (n.children !== undefined && n.children.length > 0) {
      out.push(`${pad}<${n.name}${attrs}>${n.text !== undefined ? escapeText(n.text) : ''}`);
      for (const c of n.children) write(c, depth + 1);
      out.push(`${pad}</${n.name}>`);
    } else {
      out.push(`${pad}<${n.name}${attrs}>${escapeText(n.text ?? '')}</${n.name}>`);
    }
  };
  write(root, 0);
  return out.join(indent ? '\n' : '');
}

/** A valid document of the data, optionally changed by `mutate` before it is written. */
export function buildPain001(d: Pain001Data, mutate?: (root: XNode) => void): string {
  const root = pain001Tree(d);
  mutate?.(root);
  return serialize(root);
}

export interface Located {
  path: string;
  node: XNode;
  parent: XNode | undefined;
}

/** Every element with its path, in document order. */
export function allElements(root: XNode): Located[] {
  const out: Located[] = [];
  const walk = (node: XNode, path: string, parent: XNode | undefined): void => {
    out.push({ path, node, parent });
    const seen = new Map<string, number>();
    for (const c of node.children ?? []) {
      const n = (seen.get(c.name) ?? 0) + 1;
      seen.set(c.name, n);
      walk(c, `${path}/${REPEATED.has(c.name) ? `${c.name}[${n}]` : c.name}`, node);
    }
  };
  walk(root, root.name, undefined);
  return out;
}

/** The element at a path (indices optional for the first occurrence). Throws when absent, so a test cannot silently mutate nothing. */
export function at(root: XNode, path: string): Located {
  const wanted = path.replace(/\[1\]/g, '');
  const found = allElements(root).find((e) => e.path.replace(/\[1\]/g, '') === wanted);
  if (found === undefined) throw new Error(`no element at ${path}`);
  return found;
}

export function removeAt(root: XNode, path: string): void {
  const { node, parent } = at(root, path);
  if (parent?.children === undefined) throw new Error(`cannot remove the root (${path})`);
  parent.children.splice(parent.children.indexOf(node), 1);
}

export function setText(root: XNode, path: string, text: string): void {
  at(root, path).node.text = text;
}

/** Inserts `node` into the element at `parentPath`, before the child named `before` (or at the end). */
export function insertInto(root: XNode, parentPath: string, node: XNode, before?: string): void {
  const parent = at(root, parentPath).node;
  parent.children ??= [];
  const i = before === undefined ? -1 : parent.children.findIndex((c) => c.name === before);
  if (i === -1) parent.children.push(node);
  else parent.children.splice(i, 0, node);
}

let dataset: Dataset | undefined;
export function defaultDataset(): Dataset {
  return (dataset ??= loadDataset());
}

/** The validation context of a product at an institution of the default dataset. */
export function contextFor(product: PaymentProduct, institution?: InstitutionId, today = '2026-11-20'): ValidationContext {
  const d = defaultDataset();
  const id = institution ?? (product === 'pain.001-chaps-payments' || product === 'pain.001-faster-payments' ? 'london' : 'frankfurt');
  const inst = d.institutions.find((i) => i.id === id);
  if (inst === undefined) throw new Error(`no institution ${id}`);
  return { product, institution: inst, accounts: d.accounts, today };
}
