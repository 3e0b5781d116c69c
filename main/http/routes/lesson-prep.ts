import type { FastifyInstance } from 'fastify';
import type * as Contract from '../../../preload/api/workbench-api';
import { formatError } from '../../domain/errors';
import type { FlowRuns } from '../../flows/runs/flow-runs';
import { checkLessonChoices } from '../../flows/runs/lesson-choices';
import type { Services } from '../../services';
import type { LessonCheck, PreparedLesson } from '../../services/lessons/lessons-prepared';
import { psusWithAccounts } from '../../services/operator/operator';
import { registryPayees } from '../../services/payments/payment-documents';
import { toPsuSummary } from '../contract';
import { toAddedPayee, toLessonsFile, toLessonsImported, toSavedLesson } from '../lesson-contract';

/** A lesson as the body gives it: customers and parameters left out are none chosen. */
const lessonOf = (input: Contract.SavedLessonInput): PreparedLesson => ({
  name: input.name,
  flow: input.flow,
  institution: input.institution,
  psus: { ...input.psus },
  params: { ...input.params },
});

/**
 * A lesson's options checked as a run's start checks them (flows/runs/lesson-choices.ts), against the bank it
 * would run on: the customers and registry payees already added, or added by the same import.
 */
function lessonCheck(runs: FlowRuns): LessonCheck {
  return (lesson, bank) => {
    const flow = runs.flows().find((f) => f.name === lesson.flow);
    if (flow === undefined) throw formatError(`flow: no flow "${lesson.flow}" in the library (GET /simulator/v1/flows lists them)`);
    const psus = psusWithAccounts(bank.dataset).map(toPsuSummary);
    try {
      checkLessonChoices(flow, lesson, psus, registryPayees(bank.dataset.payees, bank.payees(lesson.institution)));
    } catch (err) {
      throw formatError((err as Error).message);
    }
  };
}

/**
 * Lessons prepared ahead (docs/teaching.md): payees added to a VoP registry, customers added to an institution,
 * lessons saved with their options, and the file that takes them to another trainer. Registered inside the
 * control API beside the others (routes/control.ts); the lessons' routes only where flow runs are hosted.
 */
export function lessonPrepRoutes(control: FastifyInstance, services: Services, runs: FlowRuns | undefined): void {
  const prepared = services.lessonsPrepared;

  control.post('/vop-registry', async (request, reply) => reply.code(201).send(toAddedPayee(prepared.addPayee(request.body))));
  control.post('/psus', async (request, reply) => {
    const { psuId } = prepared.addPsu(request.body);
    const added = services.operator.psus().find(({ psu }) => psu.psuId === psuId);
    if (added === undefined) throw new Error(`the customer ${psuId} just added is not in the dataset`);
    return reply.code(201).send(toPsuSummary(added));
  });

  // Without the flow library no lesson can be checked, nor saved here.
  const check = runs === undefined ? null : lessonCheck(runs);
  control.delete('/vop-registry/:institution/:iban', async (request, reply) => {
    const { institution, iban } = request.params as { institution: string; iban: string };
    prepared.removePayee(institution, iban, check);
    return reply.code(204).send();
  });
  control.delete('/psus/:psuId', async (request, reply) => {
    prepared.removePsu((request.params as { psuId: string }).psuId, check);
    return reply.code(204).send();
  });

  if (check === null) return;
  control.get('/lessons', async () => prepared.lessons().map(toSavedLesson));
  control.post('/lessons', async (request, reply) =>
    reply.code(201).send(toSavedLesson(prepared.saveLesson(lessonOf(request.body as Contract.SavedLessonInput), check))),
  );
  control.delete('/lessons/:name', async (request, reply) => {
    prepared.removeLesson((request.params as { name: string }).name);
    return reply.code(204).send();
  });
  control.get('/lessons/export', async () => toLessonsFile(prepared.exportFile()));
  control.post('/lessons/import', async (request) => {
    const file = request.body as Contract.LessonsFile;
    return toLessonsImported(prepared.importFile({ payees: file.payees, psus: file.psus, lessons: file.lessons.map(lessonOf) }, check));
  });
}
