import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PAYMENT_PRODUCTS } from '../../main/domain/dataset/schema';
import type { InstitutionId, PaymentProduct } from '../../main/domain/dataset/types';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { resourcesDir } from '../../main/resources-dir';
import { loadDataset } from '../../main/services/operator/dataset-loader';

interface TemplateEntry {
  file: string;
  product: PaymentProduct;
  kind: 'single' | 'bulk';
  institution: InstitutionId;
  title: string;
}

const dir = join(resourcesDir(), 'templates');
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as TemplateEntry[];
const dataset = loadDataset();

describe('pain.001 templates', () => {
  it('the index lists every template file once, a single and a bulk per product', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.xml'))
      .sort();
    expect(index.map((t) => t.file).sort()).toEqual(files);
    for (const product of PAYMENT_PRODUCTS) {
      expect(
        index
          .filter((t) => t.product === product)
          .map((t) => t.kind)
          .sort(),
      ).toEqual(['bulk', 'single']);
    }
  });

  it.each(index.map((t) => [t.file, t] as const))('%s validates against the default dataset', (_file, t) => {
    const institution = dataset.institutions.find((i) => i.id === t.institution);
    expect(institution?.products).toContain(t.product);
    if (institution === undefined) return;
    const r = validatePain001(readFileSync(join(dir, t.file)), { product: t.product, institution, accounts: dataset.accounts, today: '2026-11-20' });
    expect(r.ok ? [] : r.errors).toEqual([]);
    if (!r.ok) return;
    expect(r.payment.transactions.length > 1).toBe(t.kind === 'bulk');
    if (t.kind === 'bulk') expect(r.payment.transactions.length).toBeGreaterThanOrEqual(t.product === 'pain.001-internal-transfers' ? 2 : 3);
    expect(r.payment.requestedExecutionDate > '2027-01-01').toBe(true);
  });

  it('the SEPA bulk pays registry payees: a match, a close match and a no match', () => {
    const r = validatePain001(readFileSync(join(dir, 'sepa-bulk.xml'), 'utf8'), {
      product: 'pain.001-sepa-credit-transfers',
      institution: dataset.institutions.find((i) => i.id === 'frankfurt')!,
      accounts: dataset.accounts,
      today: '2026-11-20',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const registered = new Map(dataset.payees.map((p) => [p.iban, p.registeredName]));
    const outcomes = r.payment.transactions.map((t) => {
      const name = registered.get(t.creditorIban ?? '');
      return name === undefined ? 'unknown' : name === t.creditorName ? 'same' : 'different';
    });
    expect(outcomes).not.toContain('unknown');
    expect(outcomes.filter((o) => o === 'different').length).toBeGreaterThanOrEqual(2);
    expect(outcomes).toContain('same');
  });

  it('every sandbox payment of the dataset points at a template of its product', () => {
    for (const p of dataset.sandbox.payments) {
      const t = index.find((x) => `templates/${x.file}` === p.templateFile);
      expect(t?.product, p.paymentId).toBe(p.product);
    }
  });
});
