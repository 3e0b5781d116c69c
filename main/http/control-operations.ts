import Type, { type TSchema } from 'typebox';
import * as S from '../../shared/control-api';
import { CLOSED, oneOf, text } from '../../shared/control-api/build';
import { PSD2_ROLES } from '../domain/tpp/identity';
import { MAX_OFFSET, MAX_PAGE_ROWS } from '../services/list-page';

/**
 * The control API (`/simulator/v1`, routes/control.ts, routes/flow-runs.ts, routes/inspector-tools.ts):
 * each operation with the schemas of its input and answer, taken from shared/control-api. The routes
 * serialise with them (routes/control.ts attaches them by method and path), and control-openapi.ts
 * publishes them at `GET /simulator/v1/openapi.json` so TPP developers can generate clients. test/api/control-openapi.test.ts holds the table to the routes the server registers, both
 * ways; test/api/control-live-schema.test.ts holds every live answer to its published schema.
 */

export const CONTROL_PREFIX = '/simulator/v1';

export type Method = 'get' | 'post' | 'delete';

export interface Answer {
  description: string;
  /** JSON in this shape; absent: no body (204) or `raw`. */
  schema?: TSchema;
  /** Not JSON the route serialises (XML, an attachment, an event stream): documented, sent as the route writes it. */
  raw?: { type: string; schema: TSchema };
  headers?: Record<string, { description: string; schema: TSchema }>;
  /**
   * Sent as JSON.stringify writes it, not through the schema: a page of up to 10,000 exchanges, whose
   * header maps and verdict unions make schema serialisation several times slower. The live-schema
   * test holds it to the schema all the same.
   */
  unserialised?: true;
}

export interface QueryParameter {
  description: string;
  schema?: TSchema;
  required?: boolean;
}

export interface Operation {
  operationId: string;
  tag: 'simulator' | 'bank' | 'psu' | 'inspector' | 'flows';
  summary: string;
  /** Path parameter → what it is. */
  params?: Record<string, string>;
  query?: Record<string, QueryParameter>;
  body?: { schema: TSchema; required?: boolean };
  answers: Record<number, Answer>;
  /** Statuses answered with Berlin Group tppMessages. */
  errors?: number[];
}

const ok = (schema: TSchema, description = 'OK'): Record<number, Answer> => ({ 200: { description, schema } });
const created = (schema: TSchema): Record<number, Answer> => ({ 201: { description: 'Created', schema } });
const noContent: Record<number, Answer> = { 204: { description: 'No content' } };
const xml = (description: string): Record<number, Answer> => ({ 200: { description, raw: { type: 'application/xml', schema: Type.String() } } });
const attachment = (description: string): Record<number, Answer> => ({
  200: {
    description,
    raw: { type: 'application/json', schema: ANY_JSON },
    headers: { 'Content-Disposition': { description: 'attachment; filename="run-{runId}.json" (or .har)', schema: text() } },
  },
});
const ANY_JSON = Type.Object({}, { additionalProperties: true });
const count = (description: string) => ({ description, schema: Type.Integer() });

/** An operator's list: `limit` and `offset`, the page's rows and the list's length in X-Total-Count. */
const pagedList = (schema: TSchema, what: string): Pick<Operation, 'query' | 'answers' | 'errors'> => ({
  query: {
    limit: { description: `1-${MAX_PAGE_ROWS}; default ${MAX_PAGE_ROWS}`, schema: Type.Integer({ minimum: 1, maximum: MAX_PAGE_ROWS }) },
    offset: { description: `How many of the newest ${what} to skip; default 0`, schema: Type.Integer({ minimum: 0, maximum: MAX_OFFSET }) },
  },
  answers: {
    200: {
      description: `A page of ${what}, newest first`,
      schema: Type.Array(schema),
      headers: { 'X-Total-Count': count(`How many ${what} there are in all`) },
    },
  },
  errors: [400],
});

const JOURNEY = { journeyId: 'A journey id (the last segment of the SCA link)' };
const PAYMENT = { paymentId: 'A payment id' };
const EXCHANGE = { exchangeId: 'An exchange id of the traffic log' };
const RUN = { runId: 'A run id: 1 to 100 letters, digits and . _ ~ -' };
/** The search of the traffic log: `GET /exchanges` and its HAR export take the same filters. */
const EXCHANGE_FILTERS: Record<string, QueryParameter> = {
  q: { description: 'Words that must each occur, ASCII case-insensitively (at most 200 characters)', schema: Type.String({ maxLength: 200 }) },
  status: { description: 'Status classes (4xx) or statuses (401), comma-separated' },
  signature: { description: 'valid, invalid, none; comma-separated' },
  tpp: { description: 'A TPP id' },
  institution: { description: 'An institution id' },
  resource: { description: 'A consent, payment or basket id' },
  fault: { description: "Only answers a fault rule injected (marked PSD2-Workbench-Fault): any, or one rule's id (3)" },
};
const INSTITUTION_QUERY = { institution: { description: 'An institution id', required: true } };

const TppRegistration = Type.Object(
  {
    organizationId: Type.Optional(text('e.g. PSDDE-BAFIN-654321')),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    roles: Type.Optional(Type.Array(oneOf([...PSD2_ROLES]))),
    ncaName: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    ncaId: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    trustFramework: Type.Optional(oneOf(['eidas', 'uk-open-banking'])),
    faults: Type.Optional(
      Type.Object(
        {
          expired: Type.Optional(Type.Boolean()),
          notYetValid: Type.Optional(Type.Boolean()),
          untrusted: Type.Optional(Type.Boolean()),
          qsealAuthorisationNumber: Type.Optional(text()),
          noQcStatement: Type.Optional(Type.Boolean()),
        },
        CLOSED,
      ),
    ),
    redirectUri: Type.Optional(text('An absolute http(s) URI; default https://tpp.example/callback')),
  },
  { title: 'TppRegistration', ...CLOSED },
);

/** Every operation of the control API, by path (under CONTROL_PREFIX) and method. */
export const CONTROL_OPERATIONS: Record<string, Partial<Record<Method, Operation>>> = {
  '/openapi.json': {
    get: {
      operationId: 'getOpenApi',
      tag: 'simulator',
      summary: 'This description of the control API (OpenAPI 3.1)',
      answers: { 200: { description: 'OK', raw: { type: 'application/json', schema: ANY_JSON } } },
    },
  },
  '/session': {
    post: {
      operationId: 'createSession',
      tag: 'simulator',
      summary: "Trades the bearer control token for the UI's cookie (beyond loopback)",
      answers: noContent,
      errors: [401],
    },
  },
  '/info': { get: { operationId: 'getInfo', tag: 'simulator', summary: 'Version, mode, institutions and the simulated clock', answers: ok(S.SimulatorInfo) } },
  '/institutions': {
    get: {
      operationId: 'listInstitutions',
      tag: 'bank',
      summary: 'The institutions: BIC, currency, products, business calendar, cut-offs, processing delays and scheme limits',
      answers: ok(Type.Array(S.InstitutionSummary)),
    },
  },
  '/psus': {
    get: { operationId: 'listPsus', tag: 'bank', summary: "The dataset's PSUs with their accounts and permissions", answers: ok(Type.Array(S.PsuSummary)) },
  },
  '/consents': {
    get: {
      operationId: 'listConsents',
      tag: 'bank',
      summary: 'Consents with status, SCA status, validity and expiry, newest first, a page at a time',
      ...pagedList(S.ConsentSummary, 'consents'),
    },
  },
  '/consents/{consentId}/revoke': {
    post: {
      operationId: 'revokeConsent',
      tag: 'psu',
      summary: "The PSU revokes a valid consent in the bank's app (revokedByPsu)",
      params: { consentId: 'A consent id' },
      answers: ok(S.ConsentSummary),
      errors: [404, 409],
    },
  },
  '/payments': {
    get: {
      operationId: 'listPayments',
      tag: 'bank',
      summary: 'Payments with status, authorisations, execution date and creditors, newest first, a page at a time',
      ...pagedList(S.PaymentSummary, 'payments'),
    },
  },
  '/baskets': {
    get: {
      operationId: 'listBaskets',
      tag: 'bank',
      summary: 'Signing baskets with their payments and status, newest first, a page at a time',
      ...pagedList(S.BasketSummary, 'baskets'),
    },
  },
  '/sca': {
    get: {
      operationId: 'listJourneys',
      tag: 'psu',
      summary: 'SCA journeys',
      query: { status: { description: 'Only journeys in this status', schema: S.JourneyStatus } },
      answers: ok(Type.Array(S.ScaJourney)),
      errors: [400],
    },
  },
  '/sca/{journeyId}': {
    get: { operationId: 'getJourney', tag: 'psu', summary: 'One SCA journey, with its status now', params: JOURNEY, answers: ok(S.ScaJourney), errors: [404] },
    post: {
      operationId: 'actOnJourney',
      tag: 'psu',
      summary: "The PSU approves or rejects in the bank's app (409 unless the link was opened)",
      params: JOURNEY,
      body: { schema: S.JourneyAction },
      answers: ok(S.ScaJourney),
      errors: [400, 404, 409],
    },
  },
  '/sca/{journeyId}/decision': {
    get: {
      operationId: 'getJourneyDecision',
      tag: 'psu',
      summary:
        "The exchange in which the PSU decided the journey (the bank's app's POST, as answered, with its simulated time); 404 while it was not decided by the PSU",
      params: JOURNEY,
      answers: ok(S.DecisionExchange),
      errors: [404],
    },
  },
  '/tpps': {
    post: {
      operationId: 'registerTpp',
      tag: 'bank',
      summary: 'Registers another TPP application with its QWAC and QSEAL',
      body: { schema: TppRegistration },
      answers: created(S.RegisteredTpp),
      errors: [400],
    },
  },
  '/mode': {
    post: {
      operationId: 'setMode',
      tag: 'simulator',
      summary: 'Switches the behaviour at runtime',
      body: { schema: S.ModeAnswer },
      answers: ok(S.ModeAnswer),
      errors: [400],
    },
  },
  '/payments/{paymentId}/processing': {
    post: {
      operationId: 'processPayment',
      tag: 'bank',
      summary: 'The bank finishes a PDNG payment (409 otherwise)',
      params: PAYMENT,
      body: { schema: S.ProcessingOutcome },
      answers: ok(S.ProcessedPayment),
      errors: [400, 404, 409],
    },
  },
  '/payments/{paymentId}/pain001': {
    get: {
      operationId: 'getPaymentPain001',
      tag: 'bank',
      summary: "The payment's original pain.001, byte for byte as the TPP sent it",
      params: PAYMENT,
      answers: xml('The pain.001 document'),
      errors: [400, 404],
    },
  },
  '/payments/{paymentId}/pain002': {
    get: {
      operationId: 'getPaymentPain002',
      tag: 'bank',
      summary: 'Its pain.002 as the bank would send it now',
      params: PAYMENT,
      answers: xml('The pain.002 status report'),
      errors: [400, 404],
    },
  },
  '/rate-limit': {
    get: { operationId: 'getRateLimit', tag: 'bank', summary: 'Requests per second per TPP identity (0: off)', answers: ok(S.RateLimit) },
    post: {
      operationId: 'setRateLimit',
      tag: 'bank',
      summary: 'Sets the rate limit (over it: 429 TOO_MANY_REQUESTS)',
      body: { schema: S.RateLimit },
      answers: ok(S.RateLimit),
      errors: [400],
    },
  },
  '/service-blocks': {
    get: {
      operationId: 'listServiceBlocks',
      tag: 'bank',
      summary: 'The consent service blocks (403 SERVICE_BLOCKED)',
      answers: ok(Type.Array(S.ServiceBlock)),
    },
    post: {
      operationId: 'blockService',
      tag: 'bank',
      summary: 'Blocks the consent service at an institution for one TPP, or every TPP with tppId null',
      body: { schema: S.ServiceBlockRequest },
      answers: { ...ok(S.ServiceBlock, 'Already blocked'), ...created(S.ServiceBlock) },
      errors: [400],
    },
    delete: {
      operationId: 'unblockService',
      tag: 'bank',
      summary: 'Lifts a block',
      body: { schema: S.ServiceBlockRequest },
      answers: noContent,
      errors: [400, 404],
    },
  },
  '/faults/{faultId}': {
    delete: {
      operationId: 'removeFault',
      tag: 'bank',
      summary: 'Removes one fault rule',
      params: { faultId: 'The id POST /simulator/v1/faults answered' },
      answers: noContent,
      errors: [404],
    },
  },
  '/faults': {
    get: {
      operationId: 'listFaults',
      tag: 'bank',
      summary: 'The fault rules, each with how often it matched and fired (docs/testing-your-tpp.md)',
      answers: ok(Type.Array(S.FaultRuleReport)),
    },
    post: {
      operationId: 'addFault',
      tag: 'bank',
      summary: 'Adds a fault rule (matching requests to the bank get its error status, delay or dribbled answer) or a bank-level preset',
      body: { schema: S.FaultRuleInput },
      answers: created(S.FaultRuleReport),
      errors: [400],
    },
    delete: {
      operationId: 'clearFaults',
      tag: 'bank',
      summary: 'Removes every fault rule',
      answers: noContent,
    },
  },
  '/conduct': {
    get: {
      operationId: 'getConduct',
      tag: 'inspector',
      summary: "The TPPs' conduct: the spec's rules for TPPs checked over the traffic log, each finding with its exchanges (docs/testing-your-tpp.md)",
      query: {
        tppId: { description: 'Only this TPP (organizationIdentifier)' },
        since: { description: 'Only exchanges that started at or after this date-time (wall clock, with its zone)' },
        until: { description: 'Only exchanges that started before this date-time (wall clock, with its zone)' },
      },
      answers: ok(S.ConductReport),
      errors: [400],
    },
  },
  '/vop-registry': {
    get: {
      operationId: 'getVopRegistry',
      tag: 'bank',
      summary: "The VoP registry's payees, each with a creditor name and the outcome it demonstrates",
      query: INSTITUTION_QUERY,
      answers: ok(S.VopRegistry),
      errors: [400],
    },
  },
  '/templates': {
    get: {
      operationId: 'listTemplates',
      tag: 'bank',
      summary: 'A pain.001 template for every product the institution offers, single and bulk',
      query: INSTITUTION_QUERY,
      answers: ok(Type.Array(S.Pain001TemplateSummary)),
      errors: [400],
    },
  },
  '/clock': {
    get: {
      operationId: 'getClock',
      tag: 'simulator',
      summary: 'The simulated clock: whether it is paused, and the next time limit of anything waiting',
      answers: ok(S.ClockReading),
    },
    post: {
      operationId: 'moveClock',
      tag: 'simulator',
      summary: 'Pauses or resumes the clock, advances it by an ISO-8601 duration or sets it (years 2000-9999); a paused clock still moves',
      body: { schema: S.ClockMove },
      answers: ok(S.ClockReading),
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
      answers: ok(S.ResetAnswer),
      errors: [400],
    },
  },
  '/exchanges': {
    get: {
      operationId: 'searchExchanges',
      tag: 'inspector',
      summary: 'The traffic log, newest first, searched with the query parameters',
      query: {
        ...EXCHANGE_FILTERS,
        before: { description: 'Only exchanges older than this id: the next page', schema: Type.Integer() },
        limit: { description: '1-10,000; default 100', schema: Type.Integer({ minimum: 1, maximum: 10_000 }) },
      },
      answers: {
        200: {
          description: 'The page of exchanges',
          schema: Type.Array(S.Exchange),
          unserialised: true,
          headers: {
            'X-Total-Count': count('How many exchanges match in all'),
            'X-Kept-Count': count('How many exchanges the log keeps'),
            'X-Discarded-Count': count('How many exchanges the log discarded since it was last cleared (failures and pinned exchanges outlive the others)'),
            'X-Discarded-Failure-Count': count('The failures among them (4xx, 5xx or signature not valid): none while the failure budgets have room'),
            'X-Discarded-Signature-Failure-Count': count(
              'The signature failures among those (their own budget, --signature-failure-limit): none while it has room',
            ),
          },
        },
      },
      errors: [400],
    },
  },
  '/exchanges/har': {
    get: {
      operationId: 'exportExchangesHar',
      tag: 'inspector',
      summary:
        'HAR 1.2 of every exchange the search matches (the filters of GET /exchanges, no page), oldest first, streamed; bodies that are not UTF-8 as base64',
      query: {
        ...EXCHANGE_FILTERS,
        before: { description: 'Only exchanges older than this id', schema: Type.Integer() },
      },
      answers: {
        200: {
          description:
            "HAR 1.2 (JSON), each entry with the bank's diagnosis (_signature) and the simulated time (_simulatedAt); a body that is not UTF-8 is its base64 with encoding: base64. The log ends with how many entries it holds: comment, and _exchangeCount",
          raw: { type: 'application/json', schema: ANY_JSON },
          headers: {
            'X-Total-Count': count('How many exchanges matched when the export began (one the log discards while it streams is left out)'),
            'Content-Disposition': { description: 'attachment; filename="psd2-workbench.har"', schema: text() },
          },
        },
      },
      errors: [400],
    },
  },
  '/exchanges/{exchangeId}/curl': {
    get: {
      operationId: 'getExchangeCurl',
      tag: 'inspector',
      summary: "The cURL command that sends the exchange's request again byte for byte (bash or zsh), as the Inspector's Copy as cURL",
      params: EXCHANGE,
      answers: {
        200: {
          description: 'The command; a body that is not UTF-8 or holds a NUL is piped in from printf',
          raw: { type: 'text/plain', schema: Type.String() },
        },
      },
      errors: [400, 404],
    },
  },
  '/exchanges/{exchangeId}': {
    get: {
      operationId: 'getExchange',
      tag: 'inspector',
      summary: 'One exchange of the traffic log',
      params: EXCHANGE,
      answers: ok(S.Exchange),
      errors: [400, 404],
    },
  },
  '/exchanges/{exchangeId}/pin': {
    post: {
      operationId: 'pinExchange',
      tag: 'inspector',
      summary: 'Pins an exchange: never pruned, kept by a reset; only unpinning or New class with the log removes it',
      params: EXCHANGE,
      answers: ok(S.Exchange),
      errors: [400, 404],
    },
    delete: {
      operationId: 'unpinExchange',
      tag: 'inspector',
      summary: 'Unpins an exchange: pruned again like any other',
      params: EXCHANGE,
      answers: ok(S.Exchange),
      errors: [400, 404],
    },
  },
  '/exchanges/{exchangeId}/resend': {
    post: {
      operationId: 'resendExchange',
      tag: 'inspector',
      summary: 'The built-in TPP sends a logged exchange again; answers the new exchange with its diagnosis',
      params: EXCHANGE,
      body: { schema: S.ResendOptions },
      answers: ok(S.Exchange),
      errors: [400, 404],
    },
  },
  '/diagnose': {
    post: {
      operationId: 'diagnoseRequest',
      tag: 'inspector',
      summary: "The bank's signature diagnosis of a pasted raw HTTP request, cURL command or HAR entry; nothing is sent",
      body: { schema: S.DiagnoseRequest },
      answers: ok(S.PastedDiagnosis),
      errors: [400],
    },
  },
  '/flows': { get: { operationId: 'listFlows', tag: 'flows', summary: 'The flow library', answers: ok(Type.Array(S.FlowSummary)) } },
  '/flow-operations': {
    get: { operationId: 'listFlowOperations', tag: 'flows', summary: 'The operations a free step can send', answers: ok(Type.Array(S.FlowOperationSummary)) },
  },
  '/runs': {
    get: { operationId: 'listRuns', tag: 'flows', summary: 'The kept runs, newest first', answers: ok(Type.Array(S.FlowRunListItem)) },
    post: {
      operationId: 'startRun',
      tag: 'flows',
      summary: 'Starts a run; no step runs yet (phase ready)',
      body: { schema: S.StartRunOptions },
      answers: created(S.FlowRunState),
      errors: [400, 404],
    },
  },
  '/runs/import': {
    post: {
      operationId: 'importRun',
      tag: 'flows',
      summary: 'Keeps a run from an exported file',
      body: { schema: S.ImportRunRequest },
      answers: created(S.FlowRunState),
      errors: [400, 413],
    },
  },
  '/runs/{runId}': {
    get: {
      operationId: 'getRun',
      tag: 'flows',
      summary: 'One run with its steps, exchanges, bank changes and what it waits for',
      params: RUN,
      answers: ok(S.FlowRunState),
      errors: [400, 404],
    },
    delete: { operationId: 'deleteRun', tag: 'flows', summary: 'Deletes a run (a live one is stopped)', params: RUN, answers: noContent, errors: [400, 404] },
  },
  '/runs/{runId}/prepare': {
    post: {
      operationId: 'prepareStep',
      tag: 'flows',
      summary: 'Starts the next step and stops before its first request is sent, or where the PSU must act',
      params: RUN,
      answers: ok(S.FlowRunState),
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
      answers: ok(S.FlowRunState),
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
      answers: ok(S.FlowRunState),
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
      answers: ok(S.FlowRunState),
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
      answers: created(S.FlowRunState),
      errors: [400, 404, 409],
    },
  },
  '/runs/{runId}/export': {
    get: {
      operationId: 'exportRun',
      tag: 'flows',
      summary: 'The run as a file another machine opens',
      params: RUN,
      answers: attachment('The exported run (JSON)'),
      errors: [400, 404],
    },
  },
  '/runs/{runId}/har': {
    get: {
      operationId: 'exportRunHar',
      tag: 'flows',
      summary: "The run's exchanges as HAR 1.2, with the bank's diagnosis and the simulated time in custom fields",
      params: RUN,
      answers: attachment('HAR 1.2 (JSON)'),
      errors: [400, 404],
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

/** What Fastify validates and serialises for one control route, all from its row of the table. */
export interface ControlRouteSchema {
  response: Record<number, TSchema>;
  params?: TSchema;
  querystring?: TSchema;
  /** The body's schema; an optional body may also be absent (null). */
  body?: TSchema;
}

/**
 * What Fastify checks and serialises for one route (`GET`, `/simulator/v1/runs/:runId`): its path
 * parameters, query and JSON body against the published request schemas (control-validation.ts), and
 * its JSON answers through their schemas, so each answer carries exactly its documented fields.
 */
export function controlRouteSchema(method: string, url: string): ControlRouteSchema | null {
  const path = url.slice(CONTROL_PREFIX.length).replace(/:([^/]+)/g, '{$1}');
  const operation = CONTROL_OPERATIONS[path]?.[method.toLowerCase() as Method];
  if (operation === undefined) return null;
  const response = Object.fromEntries(
    Object.entries(operation.answers).flatMap(([status, answer]) =>
      answer.schema === undefined || answer.unserialised ? [] : [[Number(status), answer.schema]],
    ),
  );
  const schema: ControlRouteSchema = { response };
  if (operation.params !== undefined) {
    schema.params = Type.Object(Object.fromEntries(Object.keys(operation.params).map((name) => [name, Type.String({ minLength: 1 })])));
  }
  if (operation.query !== undefined) {
    schema.querystring = Type.Object(
      Object.fromEntries(
        Object.entries(operation.query).map(([name, parameter]) => {
          const value = parameter.schema ?? Type.String();
          return [name, parameter.required === true ? value : Type.Optional(value)];
        }),
      ),
    );
  }
  if (operation.body !== undefined) schema.body = operation.body.required === false ? Type.Union([operation.body.schema, Type.Null()]) : operation.body.schema;
  return schema;
}
