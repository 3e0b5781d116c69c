import type { InstitutionId, PaymentProduct } from './types';

/** The part of a dataset that decides where a sandbox payment answers. */
interface Offerings {
  institutions: readonly { id: InstitutionId; products: readonly PaymentProduct[] }[];
}

/** A pre-loaded sandbox payment answers through an institution that offers its product (spec "What the service does" 3, 4). */
export function sandboxPaymentAnswersAt(dataset: Offerings, product: PaymentProduct, institution: InstitutionId): boolean {
  return dataset.institutions.find((i) => i.id === institution)?.products.includes(product) ?? false;
}
