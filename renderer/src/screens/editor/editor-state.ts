// The payment editor's choices (institution, PSU, product) and what they need from the host:
// the PSUs with their accounts and the institution's templates. Kept across screen changes.
import { create } from 'zustand';
import { workbench } from '../../api';
import type { Pain001TemplateSummary, PsuSummary } from '../../../../preload/api/workbench-api';

interface EditorState {
  psus: PsuSummary[];
  institution: string;
  psuId: string | null;
  product: string;
  templates: Pain001TemplateSummary[];
  /** The templates belong to this institution (they arrive after a change of institution). */
  templatesOf: string;
  error: string | null;
  load(institutions: readonly string[]): Promise<void>;
  setInstitution(institution: string): Promise<void>;
  setPsu(psuId: string): void;
  setProduct(product: string): void;
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const useEditor = create<EditorState>()((set, get) => ({
  psus: [],
  institution: '',
  psuId: null,
  product: '',
  templates: [],
  templatesOf: '',
  error: null,
  async load(institutions) {
    try {
      const psus = await workbench.listPsus();
      set({ psus, error: null });
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
      const templates = await workbench.listTemplates(institution);
      if (get().institution !== institution) return;
      const products = [...new Set(templates.map((t) => t.product))];
      const product = products.includes(get().product) ? get().product : (products[0] ?? '');
      set({ templates, templatesOf: institution, product, error: null });
    } catch (err) {
      set({ error: message(err) });
    }
  },
  setPsu: (psuId) => set({ psuId }),
  setProduct: (product) => set({ product }),
}));

/** The template "Load template" opens: the product's single one where there is one. */
export function templateFor(templates: readonly Pain001TemplateSummary[], product: string): Pain001TemplateSummary | undefined {
  const ofProduct = templates.filter((t) => t.product === product);
  return ofProduct.find((t) => t.kind === 'single') ?? ofProduct[0];
}
