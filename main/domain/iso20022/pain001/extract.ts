/**
 * Reads the fields the bank's rules and later code need out of a schema-checked tree.
 * A field is undefined when the element is absent and null when it is present but its
 * value failed the schema (already reported), so rules neither repeat nor misread it.
 */
import type { XmlElement } from '../xml-tree';

export interface Field {
  value: string;
  path: string;
  el: XmlElement;
}

/** undefined: absent; null: present, value already reported as invalid. */
export type Read = Field | null | undefined;

export interface DraftAccount {
  path: string;
  el: XmlElement;
  iban: Read;
  otherId: Read;
}

export interface DraftTransaction {
  index: number;
  path: string;
  el: XmlElement;
  instrId: Read;
  endToEndId: Read;
  /** InstdAmt as written; null too when its Ccy attribute failed. */
  amount: Read;
  currency: Read;
  /** Amt/EqvtAmt, which the bank does not take. */
  equivalentAmount: XmlElement | undefined;
  serviceLevel: Read;
  chargeBearer: Read;
  creditorAgentBic: Read;
  creditorName: Read;
  creditorAccount: DraftAccount | undefined;
  ultimateDebtorName: Read;
  ultimateCreditorName: Read;
  remittance: string[];
}

export interface DraftPaymentInformation {
  path: string;
  el: XmlElement;
  pmtInfId: Read;
  pmtMtd: Read;
  batchBooking: Read;
  nbOfTxs: Read;
  ctrlSum: Read;
  serviceLevel: Read;
  reqdExctnDt: Read;
  debtorName: Read;
  debtorAccount: DraftAccount | undefined;
  debtorAgentBic: Read;
  ultimateDebtorName: Read;
  chargeBearer: Read;
  transactions: DraftTransaction[];
}

export interface DraftMessage {
  groupHeaderPath: string;
  groupHeader: XmlElement | undefined;
  msgId: Read;
  creDtTm: Read;
  nbOfTxs: Read;
  ctrlSum: Read;
  paymentInformations: DraftPaymentInformation[];
}

class Reader {
  constructor(private readonly invalid: ReadonlySet<XmlElement>) {}

  child(el: XmlElement | undefined, name: string): XmlElement | undefined {
    return el?.children.find((c) => c.name === name);
  }

  /** Follows a path of single elements, e.g. ['PmtTpInf', 'SvcLvl', 'Cd']. */
  at(el: XmlElement | undefined, path: string, names: string[]): [XmlElement | undefined, string] {
    let current = el;
    let p = path;
    for (const name of names) {
      current = this.child(current, name);
      p = `${p}/${name}`;
    }
    return [current, p];
  }

  field(el: XmlElement | undefined, path: string, ...names: string[]): Read {
    const [found, p] = this.at(el, path, names);
    if (found === undefined) return undefined;
    return this.invalid.has(found) ? null : { value: found.text, path: p, el: found };
  }

  attribute(el: XmlElement | undefined, path: string, name: string): Read {
    if (el === undefined) return undefined;
    if (this.invalid.has(el)) return null;
    const a = el.attributes.find((x) => x.name === name && x.namespace === '');
    return a === undefined ? undefined : { value: a.value, path: `${path}/@${name}`, el };
  }

  account(parent: XmlElement, parentPath: string, name: string): DraftAccount | undefined {
    const [el, path] = this.at(parent, parentPath, [name]);
    if (el === undefined) return undefined;
    return { path, el, iban: this.field(el, path, 'Id', 'IBAN'), otherId: this.field(el, path, 'Id', 'Othr', 'Id') };
  }

  transaction(el: XmlElement, index: number, path: string): DraftTransaction {
    const [amount, amountPath] = this.at(el, path, ['Amt', 'InstdAmt']);
    const ustrd = this.child(el, 'RmtInf')?.children.filter((c) => c.name === 'Ustrd' && !this.invalid.has(c)) ?? [];
    return {
      index,
      path,
      el,
      instrId: this.field(el, path, 'PmtId', 'InstrId'),
      endToEndId: this.field(el, path, 'PmtId', 'EndToEndId'),
      amount: this.field(el, path, 'Amt', 'InstdAmt'),
      currency: this.attribute(amount, amountPath, 'Ccy'),
      equivalentAmount: this.at(el, path, ['Amt', 'EqvtAmt'])[0],
      serviceLevel: this.field(el, path, 'PmtTpInf', 'SvcLvl', 'Cd'),
      chargeBearer: this.field(el, path, 'ChrgBr'),
      creditorAgentBic: this.field(el, path, 'CdtrAgt', 'FinInstnId', 'BIC'),
      creditorName: this.field(el, path, 'Cdtr', 'Nm'),
      creditorAccount: this.account(el, path, 'CdtrAcct'),
      ultimateDebtorName: this.field(el, path, 'UltmtDbtr', 'Nm'),
      ultimateCreditorName: this.field(el, path, 'UltmtCdtr', 'Nm'),
      remittance: ustrd.map((u) => u.text),
    };
  }

  paymentInformation(el: XmlElement, path: string): DraftPaymentInformation {
    const transactions: DraftTransaction[] = [];
    for (const c of el.children) {
      if (c.name === 'CdtTrfTxInf') {
        const index = transactions.length + 1;
        transactions.push(this.transaction(c, index, `${path}/CdtTrfTxInf[${index}]`));
      }
    }
    return {
      path,
      el,
      pmtInfId: this.field(el, path, 'PmtInfId'),
      pmtMtd: this.field(el, path, 'PmtMtd'),
      batchBooking: this.field(el, path, 'BtchBookg'),
      nbOfTxs: this.field(el, path, 'NbOfTxs'),
      ctrlSum: this.field(el, path, 'CtrlSum'),
      serviceLevel: this.field(el, path, 'PmtTpInf', 'SvcLvl', 'Cd'),
      reqdExctnDt: this.field(el, path, 'ReqdExctnDt'),
      debtorName: this.field(el, path, 'Dbtr', 'Nm'),
      debtorAccount: this.account(el, path, 'DbtrAcct'),
      debtorAgentBic: this.field(el, path, 'DbtrAgt', 'FinInstnId', 'BIC'),
      ultimateDebtorName: this.field(el, path, 'UltmtDbtr', 'Nm'),
      chargeBearer: this.field(el, path, 'ChrgBr'),
      transactions,
    };
  }
}

export function extractMessage(document: XmlElement, invalid: ReadonlySet<XmlElement>): DraftMessage {
  const r = new Reader(invalid);
  const [initiation, initiationPath] = r.at(document, document.name, ['CstmrCdtTrfInitn']);
  const [groupHeader, groupHeaderPath] = r.at(initiation, initiationPath, ['GrpHdr']);
  const paymentInformations: DraftPaymentInformation[] = [];
  for (const c of initiation?.children ?? []) {
    if (c.name === 'PmtInf') {
      paymentInformations.push(r.paymentInformation(c, `${initiationPath}/PmtInf[${paymentInformations.length + 1}]`));
    }
  }
  return {
    groupHeaderPath,
    groupHeader,
    msgId: r.field(groupHeader, groupHeaderPath, 'MsgId'),
    creDtTm: r.field(groupHeader, groupHeaderPath, 'CreDtTm'),
    nbOfTxs: r.field(groupHeader, groupHeaderPath, 'NbOfTxs'),
    ctrlSum: r.field(groupHeader, groupHeaderPath, 'CtrlSum'),
    paymentInformations,
  };
}
