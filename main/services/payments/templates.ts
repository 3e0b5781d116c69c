import type { InstitutionId, PaymentProduct } from '../../domain/dataset/types';
import { formatError } from '../../domain/errors';
import { transferTemplate } from '../../domain/iso20022/pain001/template-transfer';
import { readTemplate, templateIndex, type Pain001Template } from '../../pain001-templates';
import type { BankContext } from '../context';

export interface InstitutionTemplate extends Pain001Template {
  /** The document, written for this institution: its accounts, customers and BIC. */
  pain001: string;
}

/**
 * A pain.001 template for every product an institution offers, single and bulk: the stored ones,
 * written for Frankfurt and London, moved to the institution asked for (GET /simulator/v1/templates).
 */
export class TemplateCatalogue {
  constructor(private readonly ctx: BankContext) {}

  forInstitution(institutionId: unknown): InstitutionTemplate[] {
    const institution = this.ctx.dataset.institutions.find((i) => i.id === institutionId);
    if (!institution) throw formatError(`institution must be one of ${this.ctx.dataset.institutions.map((i) => i.id).join(', ')}`);
    return templateIndex()
      .filter((t) => institution.products.includes(t.product as PaymentProduct))
      .map((t) => ({
        ...t,
        institution: institution.id,
        pain001: transferTemplate(readTemplate(t.file), t.institution as InstitutionId, institution.id, this.ctx.dataset),
      }));
  }
}
