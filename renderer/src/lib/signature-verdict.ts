import type { SignatureDiagnosis } from '../../../preload/api/workbench-api';

/** The verdict's check id of a signed operation refused before its signature was checked (main/domain/signing/refused-before.ts). */
export const REFUSED_BEFORE_SIGNATURE = 'refused-before-signature';

/** Whether the bank answered before it checked the signature: the verdict is then its answer, and no check was made. */
export const isRefusedBeforeSignature = (verdict: SignatureDiagnosis['verdict']): boolean => !verdict.valid && verdict.checkId === REFUSED_BEFORE_SIGNATURE;
