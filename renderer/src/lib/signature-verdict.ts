import type { SignatureDiagnosis } from '../../../preload/api/workbench-api';

/** The verdict's check id of a signed operation refused before its signature was checked (main/domain/signing/refused-before.ts). */
/** The check id of a verdict the bank gave before it checked the signature (main/domain/signing/refused-before.ts). */
const REFUSED_CHECK_ID = 'refused-before-signature';

/** Whether the bank answered before it checked the signature: the verdict is then its answer, and no check was made. */
export const isRefusedBeforeSignature = (verdict: SignatureDiagnosis['verdict']): boolean => !verdict.valid && verdict.checkId === REFUSED_CHECK_ID;
