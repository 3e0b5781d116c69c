// What a trainer prepared for lessons (services/lessons/lessons-prepared.ts) in the control API's shapes
// (shared/control-api/lessons.ts), beside contract.ts, which maps the rest of the engine's values.
import type * as Contract from '../../preload/api/workbench-api';
import type { Psu } from '../domain/dataset/types';
import type { PreparedPayee } from '../domain/vop/prepared-payees';
import type { ImportCounts, PreparedFile, PreparedLesson } from '../services/lessons/lessons-prepared';

/** An added payee as the registry lists it. */
export function toAddedPayee({ iban, registeredName, creditorName, outcome, demonstrates }: PreparedPayee): Contract.VopRegistryPayee {
  return { iban, registeredName, creditorName, outcome, demonstrates, added: true };
}

export function toSavedLesson(lesson: PreparedLesson): Contract.SavedLesson {
  return { name: lesson.name, flow: lesson.flow, institution: lesson.institution, psus: { ...lesson.psus }, params: { ...lesson.params } };
}

function toPsuInput(psu: Psu): Contract.PsuInput {
  return {
    psuId: psu.psuId,
    name: psu.name,
    institution: psu.institution,
    corporateId: psu.corporateId,
    signatoryGroup: psu.signatoryGroup,
    scaEnrolled: psu.scaEnrolled,
    accounts: psu.accounts.map((grant) => ({ resourceId: grant.resourceId, permissions: [...grant.permissions] })),
    approvalLimits: Object.fromEntries(
      Object.entries(psu.approvalLimits).map(([category, limit]) => [category, { currency: limit.currency, amount: limit.amount }]),
    ),
    role: psu.role,
  };
}

export function toLessonsFile(file: PreparedFile): Contract.LessonsFile {
  return {
    format: file.format,
    version: file.version,
    payees: file.payees.map(({ institution, iban, registeredName, creditorName, outcome, demonstrates }) => ({
      institution,
      iban,
      registeredName,
      creditorName,
      outcome,
      demonstrates,
    })),
    psus: file.psus.map(toPsuInput),
    lessons: file.lessons.map(toSavedLesson),
  };
}

export const toLessonsImported = (counts: ImportCounts): Contract.LessonsImported => ({ added: { ...counts.added }, alreadyThere: counts.alreadyThere });
