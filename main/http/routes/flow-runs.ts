import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FlowRuns } from '../../flows/runs/flow-runs';
import { toFlowOperation, toFlowRunListItem, toFlowRunState, toFlowSummary } from '../contract';
import { autoApprove, freeStep, importedFile, replayOptions, runId, sendOptions, startOptions } from '../flow-run-input';

/** An exported run may be 20 MB, and JSON-escaped inside the import body it grows (quotes, newlines). */
const IMPORT_BODY_LIMIT = 48 * 1024 * 1024;

const attachment = (reply: FastifyReply, name: string, text: string): FastifyReply =>
  reply.header('content-disposition', `attachment; filename="${name}"`).type('application/json; charset=utf-8').send(text);

/**
 * The Flows screen's runs (`/simulator/v1/flows`, `/flow-operations`, `/runs/...`), registered inside
 * the control API so its access rule applies; each route reads its input and calls the runs.
 */
export function flowRunRoutes(control: FastifyInstance, runs: FlowRuns, version: string): void {
  const id = (params: unknown): string => runId((params as { runId?: unknown }).runId);

  control.get('/flows', async () => runs.flows().map(toFlowSummary));
  control.get('/flow-operations', async () => runs.operations().map(toFlowOperation));

  control.post('/runs', async (request, reply) => reply.code(201).send(toFlowRunState(await runs.start(startOptions(request.body)))));
  control.get('/runs', async () => runs.list().map(toFlowRunListItem));
  control.post('/runs/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request, reply) =>
    reply.code(201).send(toFlowRunState(runs.importFile(importedFile(request.body)))),
  );

  control.get('/runs/:runId', async (request) => toFlowRunState(runs.get(id(request.params))));
  control.delete('/runs/:runId', async (request, reply) => {
    runs.delete(id(request.params));
    return reply.code(204).send();
  });
  control.post('/runs/:runId/prepare', async (request) => toFlowRunState(await runs.prepare(id(request.params))));
  control.post('/runs/:runId/send', async (request) => {
    const runId = id(request.params);
    const { edit, until } = sendOptions(request.body);
    return toFlowRunState(await runs.send(runId, edit, until));
  });
  control.post('/runs/:runId/free-steps', async (request) => {
    const runId = id(request.params);
    return toFlowRunState(await runs.addFreeStep(runId, freeStep(request.body)));
  });
  control.post('/runs/:runId/auto-approve', async (request) => {
    const runId = id(request.params);
    return toFlowRunState(await runs.setAutoApprove(runId, autoApprove(request.body)));
  });
  control.post('/runs/:runId/replay', async (request, reply) => {
    const runId = id(request.params);
    const options = replayOptions(request.body ?? {});
    return reply.code(201).send(toFlowRunState(await runs.replay(runId, options)));
  });
  control.get('/runs/:runId/export', async (request, reply) => {
    const runId = id(request.params);
    return attachment(reply, `run-${runId}.json`, await runs.exportFile(runId));
  });
  control.get('/runs/:runId/har', async (request, reply) => {
    const runId = id(request.params);
    return attachment(reply, `run-${runId}.har`, runs.har(runId, version));
  });
}
