import * as S from '../../../shared/control-api';
import { okAnswer, createdAnswer, NO_CONTENT, ANY_JSON, type ControlPaths } from './operation';

/** The simulator itself: its description, sessions, mode, clock, reset and events. */
export const SIMULATOR_OPERATIONS: ControlPaths = {
  '/openapi.json': {
    get: {
      operationId: 'getOpenApi',
      tag: 'simulator',
      summary: 'This description of the control API (OpenAPI 3.1)',
      answers: { 200: { description: 'OK', raw: { type: 'application/json', schema: ANY_JSON } } },
    },
  },
  '/dataset-schema.json': {
    get: {
      operationId: 'getDatasetSchema',
      tag: 'simulator',
      summary:
        'The dataset format (--dataset FILE) as JSON Schema 2020-12, to check a dataset file with any JSON Schema tool (also components/schemas/Dataset here); the simulator also checks the references between its parts',
      answers: { 200: { description: 'OK', raw: { type: 'application/json', schema: ANY_JSON } } },
    },
  },
  '/session': {
    post: {
      operationId: 'createSession',
      tag: 'simulator',
      summary: "Trades the bearer control token for the UI's cookie (beyond loopback)",
      answers: NO_CONTENT,
      errors: [401],
    },
  },
  '/phone-links': {
    post: {
      operationId: 'createPhoneLink',
      tag: 'simulator',
      summary: "A link that opens one customer's approvals on a phone of the class; nothing else of the control API",
      body: { schema: S.PhoneLinkRequest },
      answers: createdAnswer(S.PhoneLink),
      errors: [400, 404],
    },
  },
  '/phone-session': {
    post: {
      operationId: 'createPhoneSession',
      tag: 'simulator',
      summary: "Trades a phone link's token (as a bearer) for the phone page's cookie",
      answers: NO_CONTENT,
      errors: [401],
    },
  },
  '/info': {
    get: { operationId: 'getInfo', tag: 'simulator', summary: 'Version, mode, institutions and the simulated clock', answers: okAnswer(S.SimulatorInfo) },
  },
  '/mode': {
    post: {
      operationId: 'setMode',
      tag: 'simulator',
      summary: 'Switches the behaviour at runtime',
      body: { schema: S.ModeAnswer },
      answers: okAnswer(S.ModeAnswer),
      errors: [400],
    },
  },
  '/clock': {
    get: {
      operationId: 'getClock',
      tag: 'simulator',
      summary: 'The simulated clock: whether it is paused, and the next time limit of anything waiting',
      answers: okAnswer(S.ClockReading),
    },
    post: {
      operationId: 'moveClock',
      tag: 'simulator',
      summary: 'Pauses or resumes the clock, advances it by an ISO-8601 duration or sets it (years 2000-9999); a paused clock still moves',
      body: { schema: S.ClockMove },
      answers: okAnswer(S.ClockReading),
      errors: [400],
    },
  },
  '/reset': {
    post: {
      operationId: 'reset',
      tag: 'simulator',
      summary:
        "Back to the dataset's state. {} keeps the traffic log, the flow runs and the clock; New class: log and runs true clear them, clock puts it back to the data folder's start or an instant",
      body: { schema: S.ResetOptions, required: false },
      answers: okAnswer(S.ResetAnswer),
      errors: [400],
    },
  },
  '/events': {
    get: {
      operationId: 'streamEvents',
      tag: 'simulator',
      summary: 'Server-sent events as things happen: `event:` the type, `data:` the event as JSON',
      answers: { 200: { description: 'An endless text/event-stream', raw: { type: 'text/event-stream', schema: S.WorkbenchEvent } } },
    },
  },
};
