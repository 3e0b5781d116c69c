// The payment editor's choices (institution, PSU, product, template kind, the VoP outcome its
// payees show) and what they need from the host: the institutions (BIC, calendar, scheme limits), the PSUs
// with their accounts, the institution's templates and the VoP registry. Kept across screen changes, like the text (EditorScreen's model).
import { create } from 'zustand';
import { workbench } from '../../api';
import type {
  InstitutionSummary,
  Pain001TemplateSummary,
  PaymentSummary,
  PsuSummary,
  VopRegistry,
  VopRegistryPayee,
} from '../../../../preload/api/workbench-api';
import { fillTemplate } from './language/fill-template';

export type TemplateKind = Pain001TemplateSummary['kind'];
export type PayeeOutcome = VopRegistryPayee['outcome'] | 'template';

/** A stored payment's original opened from the Bank screen: read-only until "Edit a copy". */
export interface ViewedPayment {
  paymentId: string;
  product: string;
  institution: string;
}

interface EditorState {
  /** The bank's institutions as its rules know them: the validator checks against the chosen one. */
  institutions: InstitutionSummary[];
  psus: PsuSummary[];
  institution: string;
  psuId: string | null;
  product: string;
  kind: TemplateKind;
  /** Which VoP outcome the template's payees demonstrate ('template': as the template has them). */
  outcome: PayeeOutcome;
  templates: Pain001TemplateSummary[];
  /** The templates belong to this institution (they arrive after a change of institution). */
  templatesOf: string;
  vop: VopRegistry | null;
  viewing: ViewedPayment | null;
  /** Text for the editor to load (an edit Ctrl+Z undoes); `seq` tells a new one from the last. */
  load: { text: string; seq: number } | null;
  error: string | null;
  loadHost(institutions: readonly string[]): Promise<void>;
  setInstitution(institution: string): Promise<void>;
  setPsu(psuId: string): void;
  setProduct(product: string): void;
  setKind(kind: TemplateKind): void;
  setOutcome(outcome: PayeeOutcome): void;
  loadText(text: string): void;
  /** Opens a payment's original pain.001 read-only (the Bank screen's button). */
  openPayment(payment: Pick<PaymentSummary, 'paymentId' | 'product' | 'institution' | 'creatorPsuId'>): Promise<void>;
  editCopy(): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));
let loadSeq = 0;

export const useEditor = create<EditorState>()((set, get) => ({
  institutions: [],
  psus: [],
  institution: '',
  psuId: null,
  product: '',
  kind: 'single',
  outcome: 'template',
  templates: [],
  templatesOf: '',
  vop: null,
  viewing: null,
  load: null,
  error: null,
  async loadHost(institutions) {
    try {
      const [psus, known] = await Promise.all([workbench.listPsus(), workbench.listInstitutions()]);
      set({ psus, institutions: known, error: null });
      const current = get().institution;
      await get().setInstitution(current !== '' && institutions.includes(current) ? current : (institutions[0] ?? ''));
    } catch (err) {
      set({ error: message(err) });
    }
  },
  async setInstitution(institution) {
    const psu = get().psus.find((p) => p.institution === institution);
    set({ institution, psuId: get().psus.some((p) => p.psuId === get().psuId && p.institution === institution) ? get().psuId : (psu?.psuId ?? null) });
    if (institution === '') return;
    try {
      const [templates, vop] = await Promise.all([workbench.listTemplates(institution), workbench.listVopRegistry(institution)]);
      if (get().institution !== institution) return;
      const products = [...new Set(templates.map((t) => t.product))];
      const product = products.includes(get().product) ? get().product : (products[0] ?? '');
      set({ templates, vop, templatesOf: institution, product, error: null });
    } catch (err) {
      set({ error: message(err) });
    }
  },
  setPsu: (psuId) => set({ psuId }),
  setProduct: (product) => set({ product }),
  setKind: (kind) => set({ kind }),
  setOutcome: (outcome) => set({ outcome }),
  loadText: (text) => set({ load: { text, seq: ++loadSeq } }),
  async openPayment(payment) {
    try {
      const text = await workbench.getPaymentPain001(payment.paymentId);
      await get().setInstitution(payment.institution);
      set({
        product: payment.product,
        psuId: payment.creatorPsuId,
        viewing: { paymentId: payment.paymentId, product: payment.product, institution: payment.institution },
        error: null,
      });
      get().loadText(text);
    } catch (err) {
      set({ error: message(err) });
    }
  },
  editCopy: () => set({ viewing: null }),
}));

/** The template "Load template" opens: the product's template of the chosen kind, else its other one. */
export function templateFor(templates: readonly Pain001TemplateSummary[], product: string, kind: TemplateKind = 'single'): Pain001TemplateSummary | undefined {
  const ofProduct = templates.filter((t) => t.product === product);
  return ofProduct.find((t) => t.kind === kind) ?? ofProduct[0];
}

const SEPA = 'pain.001-sepa-credit-transfers';

/** Whether the payee outcome choice applies: SEPA at an institution that verifies payees. */
export const choosesPayees = (product: string, vop: VopRegistry | null): boolean => product === SEPA && vop?.verifiesPayees === true;

/** The template filled from the dataset: the PSU's first payable account, the institution's BIC, the payees of the chosen outcome. */
export function filledTemplate(
  state: Pick<EditorState, 'institutions' | 'institution' | 'templates' | 'product' | 'kind' | 'psus' | 'psuId' | 'vop' | 'outcome'>,
): string | null {
  const template = templateFor(state.templates, state.product, state.kind);
  if (!template) return null;
  const psu = state.psus.find((p) => p.psuId === state.psuId);
  const account = psu?.accounts.find((a) => a.permissions.includes('paymentCreation'));
  const payees =
    choosesPayees(state.product, state.vop) && state.outcome !== 'template' ? (state.vop?.payees.filter((p) => p.outcome === state.outcome) ?? []) : [];
  return fillTemplate(template.pain001, {
    debtor: account ? { ...(account.iban !== undefined ? { iban: account.iban } : {}), ...(account.bban !== undefined ? { bban: account.bban } : {}) } : null,
    bic: state.institutions.find((i) => i.id === state.institution)?.bic ?? '',
    payees: payees.map((p) => ({ name: p.creditorName, iban: p.iban })),
  });
}
