/**
 * Checks a parsed dataset file (`--dataset FILE`) against its schema (schema.ts) and the spec's rules,
 * so a bad file fails at load with the JSON path of its first problem rather than as an odd answer from
 * the simulated bank much later.
 */
import type { Dataset } from './types';
import { Dataset as DatasetSchema } from './schema';
import { checkAgainst } from './schema-check';
import { checkFieldsTogether, checkInstitutions, checkReferences } from './references';

/** The dataset typed (a copy: the caller's value stays its own), or a DatasetError naming the JSON path of the first problem. */
export function validateDataset(input: unknown): Dataset {
  checkAgainst(DatasetSchema, input, '');
  const dataset = structuredClone(input) as Dataset;
  checkFieldsTogether(dataset);
  checkInstitutions(dataset.institutions);
  checkReferences(dataset);
  return dataset;
}
