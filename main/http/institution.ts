import { INSTITUTION_IDS } from '../domain/dataset/schema';
import type { InstitutionId } from '../domain/dataset/types';
import { BankError } from '../domain/errors';

export function institutionParam(params: unknown): InstitutionId {
  const value = (params as { institution?: string }).institution ?? '';
  if (!(INSTITUTION_IDS as readonly string[]).includes(value)) {
    throw BankError.of('RESOURCE_UNKNOWN', `institution "${value.slice(0, 40)}" does not exist; use one of ${INSTITUTION_IDS.join(', ')}`);
  }
  return value as InstitutionId;
}
