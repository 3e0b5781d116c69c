// Every institution gets a pain.001 template for each product it offers, single and bulk: the
// templates written for Frankfurt and London, moved to it, validate there as the bank validates them.
import { describe, expect, it } from 'vitest';
import { validatePain001 } from '../../main/domain/iso20022/pain001/validate';
import { transferTemplate } from '../../main/domain/iso20022/pain001/template-transfer';
import { loadDataset } from '../../main/services/operator/dataset-loader';
import { readTemplate, templateIndex } from '../../main/pain001-templates';
import type { InstitutionId, PaymentProduct } from '../../main/domain/dataset/types';

const dataset = loadDataset();
const cases = dataset.institutions.flatMap((institution) =>
  templateIndex()
    .filter((t) => institution.products.includes(t.product as PaymentProduct))
    .map((t) => [institution.id, t.file, t] as const),
);

describe('templates for every institution', () => {
  it('covers every product of every institution, single and bulk', () => {
    for (const institution of dataset.institutions) {
      for (const product of institution.products) {
        const kinds = cases.filter(([id, , t]) => id === institution.id && t.product === product).map(([, , t]) => t.kind);
        expect(kinds.sort(), `${institution.id} ${product}`).toEqual(['bulk', 'single']);
      }
    }
  });

  it.each(cases)('%s: %s validates there, debited from an account of that institution', (institutionId, file, template) => {
    const institution = dataset.institutions.find((i) => i.id === institutionId);
    if (!institution) throw new Error(institutionId);
    const xml = transferTemplate(readTemplate(file), template.institution as InstitutionId, institutionId, dataset);
    const result = validatePain001(xml, { product: template.product as PaymentProduct, institution, accounts: dataset.accounts, today: '2026-11-20' });
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([]);
    if (!result.ok) return;
    const debtor = dataset.accounts.find((a) => a.resourceId === result.payment.debtor.accountResourceId);
    expect(debtor?.institution).toBe(institutionId);
    if (institutionId !== template.institution) expect(xml).not.toContain(dataset.institutions.find((i) => i.id === template.institution)?.bic);
  });
});
