import { INSTITUTION_IDS } from '../dataset/schema';
import type { InstitutionId } from '../dataset/types';
import { formatError } from '../errors';
import { isBoundedText } from '../headers/formats';

/** The consent service blocked at an institution for one TPP, or for every TPP when tppId is null. */
export interface ServiceBlock {
  institution: string;
  tppId: string | null;
  createdAt: Date;
}

const SHAPE = 'the body must be {"institution": one of the institutions, "tppId"?: the TPP\'s organisation identifier}';

/** `{"institution", "tppId"?}` as the operator sends it. */
export function parseServiceBlock(body: unknown): { institution: InstitutionId; tppId: string | null } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw formatError(SHAPE);
  const { institution, tppId, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length > 0) throw formatError(`unknown field ${extra.join(', ')}; ${SHAPE}`);
  if (typeof institution !== 'string' || !(INSTITUTION_IDS as readonly string[]).includes(institution)) {
    throw formatError(`institution must be one of ${INSTITUTION_IDS.join(', ')}`);
  }
  if (tppId !== undefined && tppId !== null && (typeof tppId !== 'string' || !isBoundedText(tppId, 140) || tppId === '*')) {
    throw formatError('tppId must be a TPP organisation identifier such as PSDDE-BAFIN-123456 (1-140 characters)');
  }
  return { institution: institution as InstitutionId, tppId: typeof tppId === 'string' ? tppId : null };
}
