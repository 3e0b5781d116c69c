/**
 * The bank's validation context (institution, accounts, product, today) built from what the
 * workbench contract tells the UI: the PSUs with their accounts (listPsus), the institution's
 * templates (listTemplates: its BIC and the products it offers) and the simulated clock (getInfo).
 * Pure: the caller fetches, this only shapes.
 */
import type { Pain001TemplateSummary, PsuSummary } from '../../../../../preload/api/workbench-api';
import type { ValidationContext } from '../../../../../main/domain/iso20022/pain001/validate';

type Institution = ValidationContext['institution'];
type Account = ValidationContext['accounts'][number];
type Product = ValidationContext['product'];

/** What the editor sends to its worker with each text: plain data, structured-clone safe. */
export interface EditorContext {
  validation: ValidationContext;
  /** The chosen PSU and the accounts their consent lets them pay from (the bank's second check, after the validator). */
  psuId: string | null;
  payableAccounts: string[];
}

/** The BIC the templates give as the debtor agent (the institution's own), or '' when none says. */
export function institutionBic(templates: readonly Pain001TemplateSummary[]): string {
  for (const t of templates) {
    const m = /<DbtrAgt>\s*<FinInstnId>\s*<BIC(?:FI)?>\s*([A-Z0-9]{8,11})\s*</.exec(t.pain001);
    if (m?.[1]) return m[1];
  }
  return '';
}

/** The products the institution offers, in the order of its templates. */
export function offeredProducts(templates: readonly Pain001TemplateSummary[]): Product[] {
  return [...new Set(templates.map((t) => t.product as Product))];
}

/** The validator reads identifiers only; the balance and history fields are not the editor's business. */
const NO_HISTORY: Account['history'] = { seed: 0, months: 0, recurring: [], randomPerMonth: 0, randomCounterparties: [], randomMaxAmount: '0' };

const title = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

/** Every account the contract shows (the PSUs' accounts), once, in the validator's shape. */
export function bankAccounts(psus: readonly PsuSummary[]): Account[] {
  const byId = new Map<string, Account>();
  for (const psu of psus) {
    for (const a of psu.accounts) {
      if (byId.has(a.resourceId)) continue;
      const uk = a.bban !== undefined && /^\d{14}$/.test(a.bban);
      byId.set(a.resourceId, {
        resourceId: a.resourceId,
        institution: psu.institution as Account['institution'],
        corporateId: psu.corporateId,
        name: psu.name,
        currency: a.currency,
        ...(a.iban !== undefined ? { iban: a.iban } : {}),
        ...(uk && a.bban !== undefined ? { sortCode: a.bban.slice(0, 6), accountNumber: a.bban.slice(6) } : {}),
        bic: '',
        cashAccountType: 'CACC',
        balance: '0',
        availableBalance: '0',
        history: NO_HISTORY,
      });
    }
  }
  return [...byId.values()];
}

export interface ContextInput {
  institution: string;
  product: Product;
  templates: readonly Pain001TemplateSummary[];
  psus: readonly PsuSummary[];
  psuId: string | null;
  /** The simulated clock (getInfo().now), ISO-8601. */
  now: string;
}

export function editorContext(input: ContextInput): EditorContext {
  const accounts = bankAccounts(input.psus).filter((a) => a.institution === input.institution);
  const currency = accounts[0]?.currency ?? 'EUR';
  const institution: Institution = {
    id: input.institution as Institution['id'],
    // The contract does not carry the bank's display name; the validator names the institution by it in messages.
    name: title(input.institution),
    countryCode: institutionBic(input.templates).slice(4, 6),
    bic: institutionBic(input.templates),
    currency,
    trustFramework: currency === 'GBP' ? 'uk-open-banking' : 'eidas',
    products: offeredProducts(input.templates),
    verificationOfPayee: false,
    calendar: { timeZone: 'UTC', weekendDays: [0, 6], holidays: [] },
    cutOffs: {},
    processingDelays: {},
  };
  const psu = input.psus.find((p) => p.psuId === input.psuId);
  return {
    validation: { product: input.product, institution, accounts, today: input.now.slice(0, 10) },
    psuId: psu?.psuId ?? null,
    payableAccounts: psu?.accounts.filter((a) => a.permissions.includes('paymentCreation')).map((a) => a.resourceId) ?? [],
  };
}
