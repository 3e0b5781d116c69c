import Type from 'typebox';
import * as S from '../../../shared/control-api';
import { okAnswer, createdAnswer, NO_CONTENT, attachmentAnswer, type ControlPaths } from './operation';

const RUN = { runId: 'A run id: 1 to 100 letters, digits and . _ ~ -' };

/** The flow library and its runs. */
export const FLOW_RUN_OPERATIONS: ControlPaths = {
  '/flows': { get: { operationId: 'listFlows', tag: 'flows', summary: 'The flow library', answers: okAnswer(Type.Array(S.FlowSummary)) } },
  '/flow-operations': {
    get: {
      operationId: 'listFlowOperations',
      tag: 'flows',
      summary: 'The operations a free step can send',
      answers: okAnswer(Type.Array(S.FlowOperationSummary)),
    },
  },
  '/runs': {
    get: { operationId: 'listRuns', tag: 'flows', summary: 'The kept runs, newest first', answers: okAnswer(Type.Array(S.FlowRunListItem)) },
    post: {
      operationId: 'startRun',
      tag: 'flows',
      summary: 'Starts a run; no step runs yet (phase ready)',
      body: { schema: S.StartRunOptions },
      answers: createdAnswer(S.FlowRunState),
      errors: [400, 404],
    },
  },
  '/runs/import': {
    post: {
      operationId: 'importRun',
      tag: 'flows',
      summary: 'Keeps a run from an exported file',
      body: { schema: S.ImportRunRequest },
      answers: createdAnswer(S.FlowRunState),
      errors: [400, 413],
    },
  },
  '/runs/{runId}': {
    get: {
      operationId: 'getRun',
      tag: 'flows',
      summary: 'One run with its steps, exchanges, bank changes and what it waits for',
      params: RUN,
      answers: okAnswer(S.FlowRunState),
      errors: [400, 404],
    },
    delete: { operationId: 'deleteRun', tag: 'flows', summary: 'Deletes a run (a live one is stopped)', params: RUN, answers: NO_CONTENT, errors: [400, 404] },
  },
  '/runs/{runId}/prepare': {
    post: {
      operationId: 'prepareStep',
      tag: 'flows',
      summary: 'Starts the next step and stops before its first request is sent, or where the PSU must act',
      params: RUN,
      answers: okAnswer(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/send': {
    post: {
      operationId: 'sendStep',
      tag: 'flows',
      summary: 'Sends the pending request (as edited when edit is given), then goes on until the next request, the end of the step or of the run',
      params: RUN,
      body: { schema: S.SendStepOptions },
      answers: okAnswer(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/free-steps': {
    post: {
      operationId: 'addFreeStep',
      tag: 'flows',
      summary: "Adds a free step after the run's remaining steps",
      params: RUN,
      body: { schema: S.FreeStep },
      answers: okAnswer(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/auto-approve': {
    post: {
      operationId: 'setAutoApprove',
      tag: 'flows',
      summary: "Turns approving on the PSUs' behalf on or off",
      params: RUN,
      body: { schema: S.AutoApproveOptions },
      answers: okAnswer(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/replay': {
    post: {
      operationId: 'replayRun',
      tag: 'flows',
      summary: 'A new run of the same flow, institution, PSUs and free steps, run to the end approving automatically',
      params: RUN,
      body: { schema: S.ReplayRunOptions, required: false },
      answers: createdAnswer(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/export': {
    get: {
      operationId: 'exportRun',
      tag: 'flows',
      summary: 'The run as a file another machine opens',
      params: RUN,
      answers: attachmentAnswer('The exported run (JSON)'),
      errors: [400, 404],
    },
  },
  '/runs/{runId}/har': {
    get: {
      operationId: 'exportRunHar',
      tag: 'flows',
      summary: "The run's exchanges as HAR 1.2, with the bank's diagnosis and the simulated time in custom fields",
      params: RUN,
      answers: attachmentAnswer('HAR 1.2 (JSON)'),
      errors: [400, 404],
    },
  },
};
