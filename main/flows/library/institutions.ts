import { INSTITUTION_IDS } from '../../domain/dataset/schema';

/** docs/architecture.md#urls: the bank's institution endpoints. */
export const INSTITUTIONS: string[] = [...INSTITUTION_IDS];
