/**
 * The bank's validation context (institution, accounts, product, today) built from what the
 * workbench contract tells the UI: the institution with its BIC, products, business calendar and
 * scheme limits (listInstitutions), the PSUs with their accounts (listPsus) and the simulated clock (getInfo).
 * Pure: the caller fetches, this only shapes.
 */
import type { InstitutionSummary, PsuSummary } from '../../../../../preload/api/workbench-api';
import { localDateTime } from '../../../../../main/domain/iso20022/pain001/local-time';
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

/** The validator reads identifiers only; the balance and history fields are not the editor's business. */
const NO_HISTORY: Account['history'] = { seed: 0, months: 0, recurring: [], randomPerMonth: 0, randomCounterparties: [], randomMaxAmount: '0' };

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
  /** The institution as the contract gives it (listInstitutions): BIC, products, calendar, scheme limits. */
  institution: InstitutionSummary;
  product: Product;
  psus: readonly PsuSummary[];
  psuId: string | null;
  /** The simulated clock (getInfo().now), ISO-8601. */
  now: string;
}

/** The contract's institution in the validator's shape: the same facts the bank's own check reads. */
export function validationInstitution(i: InstitutionSummary): Institution {
  return {
    id: i.id as Institution['id'],
    name: i.name,
    countryCode: i.countryCode,
    bic: i.bic,
    currency: i.currency,
    trustFramework: i.trustFramework,
    products: i.products as Institution['products'],
    verificationOfPayee: i.verificationOfPayee,
    calendar: { timeZone: i.calendar.timeZone, weekendDays: [...i.calendar.weekendDays], holidays: [...i.calendar.holidays] },
    cutOffs: { ...i.cutOffs },
    processingDelays: { ...i.processingDelays },
    productLimits: { ...i.productLimits },
  };
}

export function editorContext(input: ContextInput): EditorContext {
  const institution = validationInstitution(input.institution);
  const accounts = bankAccounts(input.psus).filter((a) => a.institution === institution.id);
  const psu = input.psus.find((p) => p.psuId === input.psuId);
  return {
    // "Today" in the institution's zone, as the bank reads execution dates.
    validation: { product: input.product, institution, accounts, today: localDateTime(new Date(input.now), institution.calendar.timeZone).date },
    psuId: psu?.psuId ?? null,
    payableAccounts: psu?.accounts.filter((a) => a.permissions.includes('paymentCreation')).map((a) => a.resourceId) ?? [],
  };
}
