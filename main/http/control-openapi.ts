import { PSD2_ROLES } from '../domain/tpp/identity';
import { arrayOf, bool, CONTROL_SCHEMAS, int, mapOf, obj, oneOfStrings, orNull, ref, str, type JsonSchema } from './control-openapi-schemas';

/**
 * The control API (`/simulator/v1`, routes/control.ts, routes/flow-runs.ts, routes/inspector-tools.ts)
 * described in OpenAPI 3.1, served at `GET /simulator/v1/openapi.json` so TPP developers can generate
 * clients. test/api/control-openapi.test.ts holds it to the routes the server registers, both ways.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

export interface MediaType {
  schema: JsonSchema;
}

export interface Response {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export type ResponseOrRef = Response | { $ref: string };

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseOrRef>;
}

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
  };
}

export const CONTROL_PREFIX = '/simulator/v1';

const json = (schema: JsonSchema): Record<string, MediaType> => ({ 'application/json': { schema } });
const ok = (schema: JsonSchema, description = 'OK'): Response => ({ description, content: json(schema) });
const created = (schema: JsonSchema, description = 'Created'): Response => ({ description, content: json(schema) });
const noContent: Response = { description: 'No content' };
const body = (schema: JsonSchema): Operation['requestBody'] => ({ required: true, content: json(schema) });
const errors = (...statuses: number[]): Record<string, ResponseOrRef> => Object.fromEntries(statuses.map((status) => [String(status), { $ref: '#/components/responses/Error' }]));
const pathParam = (name: string, description: string): Parameter => ({ name, in: 'path', required: true, description, schema: str() });
const query = (name: string, description: string, schema: JsonSchema = str()): Parameter => ({ name, in: 'query', required: false, description, schema });

/** An operator's list: `limit` and `offset`, the page's rows and the list's length in X-Total-Count. */
const pagedList = (schema: string, what: string) => ({
  parameters: [query('limit', '1-500; default 500', { type: 'integer', minimum: 1, maximum: 500 }), query('offset', `How many of the newest ${what} to skip; default 0`, { type: 'integer', minimum: 0 })],
  responses: {
    '200': { description: `A page of ${what}, newest first`, headers: { 'X-Total-Count': { description: `How many ${what} there are in all`, schema: int() } }, content: json(arrayOf(ref(schema))) },
    ...errors(400),
  },
});

const runIdParam = pathParam('runId', 'A run id: 1 to 100 letters, digits and . _ ~ -');
const paymentIdParam = pathParam('paymentId', 'A payment id');
const exchangeIdParam = pathParam('exchangeId', 'An exchange id of the traffic log');
const runState = ok(ref('FlowRunState'));
const CLOCK_READING = obj({
  now: { type: 'string', format: 'date-time' },
  paused: { type: 'boolean' },
  nextTimeLimit: orNull(obj({ at: { type: 'string', format: 'date-time' }, what: str() })),
});
const attachment = (description: string): Response => ({
  description,
  headers: { 'Content-Disposition': { description: 'attachment; filename="run-{runId}.json" (or .har)', schema: str() } },
  content: json({ type: 'object' }),
});

const op = (operationId: string, tags: string, summary: string, rest: Partial<Operation> & Pick<Operation, 'responses'>): Operation => ({ operationId, summary, tags: [tags], ...rest });

const CONTROL_PATHS: Record<string, PathItem> = {
  '/openapi.json': {
    get: op('getOpenApi', 'simulator', 'This description of the control API (OpenAPI 3.1)', { responses: { '200': ok({ type: 'object' }) } }),
  },
  '/session': {
    post: op('createSession', 'simulator', "Trades the bearer control token for the UI's cookie (beyond loopback)", { responses: { '204': noContent, ...errors(401) } }),
  },
  '/info': { get: op('getInfo', 'simulator', 'Version, mode, institutions and the simulated clock', { responses: { '200': ok(ref('SimulatorInfo')) } }) },
  '/institutions': {
    get: op('listInstitutions', 'bank', 'The institutions: BIC, currency, products, business calendar, cut-offs, processing delays and scheme limits', { responses: { '200': ok(arrayOf(ref('InstitutionSummary'))) } }),
  },
  '/psus': { get: op('listPsus', 'bank', "The dataset's PSUs with their accounts and permissions", { responses: { '200': ok(arrayOf(ref('PsuSummary'))) } }) },
  '/consents': { get: op('listConsents', 'bank', 'Consents with status, SCA status, validity and expiry, newest first, a page at a time', pagedList('ConsentSummary', 'consents')) },
  '/consents/{consentId}/revoke': {
    post: op('revokeConsent', 'psu', "The PSU revokes a valid consent in the bank's app (revokedByPsu)", {
      parameters: [pathParam('consentId', 'A consent id')],
      responses: { '200': ok(ref('ConsentSummary')), ...errors(404, 409) },
    }),
  },
  '/payments': { get: op('listPayments', 'bank', 'Payments with status, authorisations, execution date and creditors, newest first, a page at a time', pagedList('PaymentSummary', 'payments')) },
  '/baskets': { get: op('listBaskets', 'bank', 'Signing baskets with their payments and status, newest first, a page at a time', pagedList('BasketSummary', 'baskets')) },
  '/sca': {
    get: op('listJourneys', 'psu', 'SCA journeys', {
      parameters: [query('status', 'Only journeys in this status', ref('JourneyStatus'))],
      responses: { '200': ok(arrayOf(ref('ScaJourney'))), ...errors(400) },
    }),
  },
  '/sca/{journeyId}': {
    get: op('getJourney', 'psu', 'One SCA journey, with its status now', {
      parameters: [pathParam('journeyId', 'A journey id (the last segment of the SCA link)')],
      responses: { '200': ok(ref('ScaJourney')), ...errors(404) },
    }),
    post: op('actOnJourney', 'psu', "The PSU approves or rejects in the bank's app (409 unless the link was opened)", {
      parameters: [pathParam('journeyId', 'A journey id (the last segment of the SCA link)')],
      requestBody: body(obj({ action: oneOfStrings(['approve', 'reject']) })),
      responses: { '200': ok(ref('ScaJourney')), ...errors(400, 404, 409) },
    }),
  },
  '/sca/{journeyId}/decision': {
    get: op('getJourneyDecision', 'psu', "The exchange in which the PSU decided the journey (the bank's app's POST, as answered, with its simulated time); 404 while it was not decided by the PSU", {
      parameters: [pathParam('journeyId', 'A journey id (the last segment of the SCA link)')],
      responses: {
        '200': ok(
          obj({
            request: obj({ method: str(), url: str(), headers: mapOf({ oneOf: [str(), arrayOf(str())] }), body: orNull(str()) }),
            response: obj({ status: int(), headers: mapOf({ oneOf: [str(), arrayOf(str())] }), body: str() }),
            at: { type: 'string', format: 'date-time' },
            durationMs: { type: 'number' },
          }),
        ),
        ...errors(404),
      },
    }),
  },
  '/tpps': {
    post: op('registerTpp', 'bank', 'Registers another TPP application with its QWAC and QSEAL', {
      requestBody: body(
        obj(
          {
            organizationId: str('e.g. PSDDE-BAFIN-654321'),
            name: { type: 'string', minLength: 1, maxLength: 140 },
            roles: arrayOf(oneOfStrings(PSD2_ROLES)),
            ncaName: { type: 'string', minLength: 1, maxLength: 140 },
            ncaId: { type: 'string', minLength: 1, maxLength: 140 },
            trustFramework: oneOfStrings(['eidas', 'uk-open-banking']),
            faults: obj({ expired: bool(), notYetValid: bool(), untrusted: bool(), qsealAuthorisationNumber: str(), noQcStatement: bool() }, ['expired', 'notYetValid', 'untrusted', 'qsealAuthorisationNumber', 'noQcStatement']),
            redirectUri: str('An absolute http(s) URI; default https://tpp.example/callback'),
          },
          ['name', 'roles', 'ncaName', 'ncaId', 'trustFramework', 'faults', 'redirectUri'],
        ),
      ),
      responses: { '201': created(ref('RegisteredTpp')), ...errors(400) },
    }),
  },
  '/mode': {
    post: op('setMode', 'simulator', 'Switches the behaviour at runtime', {
      requestBody: body(obj({ mode: ref('SimulatorMode') })),
      responses: { '200': ok(obj({ mode: ref('SimulatorMode') })), ...errors(400) },
    }),
  },
  '/payments/{paymentId}/processing': {
    post: op('processPayment', 'bank', 'The bank finishes a PDNG payment (409 otherwise)', {
      parameters: [paymentIdParam],
      requestBody: body({ oneOf: [obj({ outcome: { const: 'ACCP' } }), obj({ outcome: { const: 'RJCT' }, reason: str('An ISO 20022 status reason code such as AM04') })] }),
      responses: { '200': ok(obj({ paymentId: str(), status: oneOfStrings(['PATC', 'PDNG', 'ACCP', 'RJCT']) })), ...errors(400, 404, 409) },
    }),
  },
  '/payments/{paymentId}/pain001': {
    get: op('getPaymentPain001', 'bank', "The payment's original pain.001, byte for byte as the TPP sent it", {
      parameters: [paymentIdParam],
      responses: { '200': { description: 'The pain.001 document', content: { 'application/xml': { schema: str() } } }, ...errors(400, 404) },
    }),
  },
  '/payments/{paymentId}/pain002': {
    get: op('getPaymentPain002', 'bank', 'Its pain.002 as the bank would send it now', {
      parameters: [paymentIdParam],
      responses: { '200': { description: 'The pain.002 status report', content: { 'application/xml': { schema: str() } } }, ...errors(400, 404) },
    }),
  },
  '/rate-limit': {
    get: op('getRateLimit', 'bank', 'Requests per second per TPP identity (0: off)', { responses: { '200': ok(ref('RateLimit')) } }),
    post: op('setRateLimit', 'bank', 'Sets the rate limit (over it: 429 TOO_MANY_REQUESTS)', { requestBody: body(ref('RateLimit')), responses: { '200': ok(ref('RateLimit')), ...errors(400) } }),
  },
  '/service-blocks': {
    get: op('listServiceBlocks', 'bank', 'The consent service blocks (403 SERVICE_BLOCKED)', { responses: { '200': ok(arrayOf(ref('ServiceBlock'))) } }),
    post: op('blockService', 'bank', 'Blocks the consent service at an institution for one TPP, or every TPP with tppId null', {
      requestBody: body(obj({ institution: str(), tppId: orNull(str()) }, ['tppId'])),
      responses: { '200': ok(ref('ServiceBlock'), 'Already blocked'), '201': created(ref('ServiceBlock')), ...errors(400) },
    }),
    delete: op('unblockService', 'bank', 'Lifts a block', {
      requestBody: body(obj({ institution: str(), tppId: orNull(str()) }, ['tppId'])),
      responses: { '204': noContent, ...errors(400, 404) },
    }),
  },
  '/vop-registry': {
    get: op('getVopRegistry', 'bank', "The VoP registry's payees, each with a creditor name and the outcome it demonstrates", {
      parameters: [{ ...query('institution', 'An institution id'), required: true }],
      responses: { '200': ok(ref('VopRegistry')), ...errors(400) },
    }),
  },
  '/templates': {
    get: op('listTemplates', 'bank', 'A pain.001 template for every product the institution offers, single and bulk', {
      parameters: [{ ...query('institution', 'An institution id'), required: true }],
      responses: { '200': ok(arrayOf(ref('Pain001TemplateSummary'))), ...errors(400) },
    }),
  },
  '/clock': {
    get: op('getClock', 'simulator', 'The simulated clock: whether it is paused, and the next time limit of anything waiting', { responses: { '200': ok(CLOCK_READING) } }),
    post: op('moveClock', 'simulator', 'Pauses or resumes the clock, advances it by an ISO-8601 duration or sets it (years 2000-9999); a paused clock still moves', {
      requestBody: body({ oneOf: [obj({ advance: str('e.g. P90D, PT10M') }), obj({ set: { type: 'string', format: 'date-time' } }), obj({ paused: { type: 'boolean' } })] }),
      responses: { '200': ok(CLOCK_READING), ...errors(400) },
    }),
  },
  '/reset': {
    post: op('reset', 'simulator', "Back to the dataset's state. {} keeps the traffic log, the flow runs and the clock; New class: log and runs true clear them, clock puts it back to the data folder's start or an instant", {
      requestBody: { required: false, content: { 'application/json': { schema: obj({ log: bool(), runs: bool(), clock: str('"start" or an ISO-8601 instant') }, ['log', 'runs', 'clock']) } } },
      responses: { '200': ok(obj({ reset: { const: true }, now: { type: 'string', format: 'date-time' } })), ...errors(400) },
    }),
  },
  '/exchanges': {
    get: op('searchExchanges', 'inspector', 'The traffic log, newest first, searched with the query parameters', {
      parameters: [
        query('q', 'Words that must each occur, ASCII case-insensitively (at most 200 characters)', { type: 'string', maxLength: 200 }),
        query('status', 'Status classes (4xx) or statuses (401), comma-separated', str()),
        query('signature', 'valid, invalid, none; comma-separated', str()),
        query('tpp', 'A TPP id'),
        query('institution', 'An institution id'),
        query('resource', 'A consent, payment or basket id'),
        query('before', 'Only exchanges older than this id: the next page', int()),
        query('limit', '1-10,000; default 100', { type: 'integer', minimum: 1, maximum: 10_000 }),
      ],
      responses: {
        '200': {
          description: 'The page of exchanges',
          headers: {
            'X-Total-Count': { description: 'How many exchanges match in all', schema: int() },
            'X-Kept-Count': { description: 'How many exchanges the log keeps', schema: int() },
            'X-Discarded-Count': { description: 'How many exchanges the log discarded since it was last cleared (failures and pinned exchanges outlive the others)', schema: int() },
            'X-Discarded-Failure-Count': { description: 'The failures among them (4xx, 5xx or signature not valid): none while the failure budget has room', schema: int() },
          },
          content: json(arrayOf(ref('Exchange'))),
        },
        ...errors(400),
      },
    }),
  },
  '/exchanges/{exchangeId}': {
    get: op('getExchange', 'inspector', 'One exchange of the traffic log', { parameters: [exchangeIdParam], responses: { '200': ok(ref('Exchange')), ...errors(400, 404) } }),
  },
  '/exchanges/{exchangeId}/pin': {
    post: op('pinExchange', 'inspector', 'Pins an exchange: never pruned, kept by a reset; only unpinning or New class with the log removes it', { parameters: [exchangeIdParam], responses: { '200': ok(ref('Exchange')), ...errors(400, 404) } }),
    delete: op('unpinExchange', 'inspector', 'Unpins an exchange: pruned again like any other', { parameters: [exchangeIdParam], responses: { '200': ok(ref('Exchange')), ...errors(400, 404) } }),
  },
  '/exchanges/{exchangeId}/resend': {
    post: op('resendExchange', 'inspector', 'The built-in TPP sends a logged exchange again; answers the new exchange with its diagnosis', {
      parameters: [exchangeIdParam],
      requestBody: body(
        obj({
          method: str(),
          url: str('Path and query on the simulator, starting with /'),
          headers: {
            oneOf: [arrayOf(arrayOf(str())), { type: 'object', additionalProperties: str() }],
            description: 'The header lines in sending order as [name, value] (a header twice goes twice), or an object of names to values.',
          },
          body: orNull(str()),
          signature: oneOfStrings(['keep', 'resign']),
          newRequestId: bool(),
          freshToken: bool(),
        }),
      ),
      responses: { '200': ok(ref('Exchange')), ...errors(400, 404) },
    }),
  },
  '/diagnose': {
    post: op('diagnoseRequest', 'inspector', "The bank's signature diagnosis of a pasted raw HTTP request, cURL command or HAR entry; nothing is sent", {
      requestBody: body(obj({ kind: oneOfStrings(['http', 'curl', 'har']), text: str() })),
      responses: { '200': ok(ref('PastedDiagnosis')), ...errors(400) },
    }),
  },
  '/flows': { get: op('listFlows', 'flows', 'The flow library', { responses: { '200': ok(arrayOf(ref('FlowSummary'))) } }) },
  '/flow-operations': { get: op('listFlowOperations', 'flows', 'The operations a free step can send', { responses: { '200': ok(arrayOf(ref('FlowOperationSummary'))) } }) },
  '/runs': {
    get: op('listRuns', 'flows', 'The kept runs, newest first', { responses: { '200': ok(arrayOf(ref('FlowRunListItem'))) } }),
    post: op('startRun', 'flows', 'Starts a run; no step runs yet (phase ready)', {
      requestBody: body(
        obj(
          {
            flow: orNull(str('A library flow, or null for free steps only')),
            institution: { type: 'string', minLength: 1, maxLength: 50 },
            psus: { type: 'object', additionalProperties: str(), description: 'psuId by role' },
            params: { type: 'object', additionalProperties: str(), description: "values of the flow's parameters by name, in place of their defaults" },
            autoApprove: bool(),
            pauseClock: { type: 'boolean', description: 'Hold the simulated clock still while the run is unfinished (default true)' },
          },
          ['institution', 'psus', 'params', 'pauseClock'],
        ),
      ),
      responses: { '201': created(ref('FlowRunState')), ...errors(400, 404) },
    }),
  },
  '/runs/import': {
    post: op('importRun', 'flows', 'Keeps a run from an exported file', { requestBody: body(obj({ file: str('The text of an exported run') })), responses: { '201': created(ref('FlowRunState')), ...errors(400, 413) } }),
  },
  '/runs/{runId}': {
    get: op('getRun', 'flows', 'One run with its steps, exchanges, bank changes and what it waits for', { parameters: [runIdParam], responses: { '200': runState, ...errors(400, 404) } }),
    delete: op('deleteRun', 'flows', 'Deletes a run (a live one is stopped)', { parameters: [runIdParam], responses: { '204': noContent, ...errors(400, 404) } }),
  },
  '/runs/{runId}/prepare': {
    post: op('prepareStep', 'flows', 'Starts the next step and stops before its first request is sent, or where the PSU must act', { parameters: [runIdParam], responses: { '200': runState, ...errors(400, 404, 409) } }),
  },
  '/runs/{runId}/send': {
    post: op('sendStep', 'flows', 'Sends the pending request (as edited when edit is given), then goes on until the next request, the end of the step or of the run', {
      parameters: [runIdParam],
      requestBody: body(obj({ edit: orNull(ref('FlowRequestEdit')), until: oneOfStrings(['request', 'step', 'end']) }, ['edit'])),
      responses: { '200': runState, ...errors(400, 404, 409) },
    }),
  },
  '/runs/{runId}/free-steps': {
    post: op('addFreeStep', 'flows', "Adds a free step after the run's remaining steps", {
      parameters: [runIdParam],
      requestBody: body(obj({ operation: str(), params: { type: 'object', additionalProperties: true }, title: { type: 'string', minLength: 1, maxLength: 200 } }, ['params', 'title'])),
      responses: { '200': runState, ...errors(400, 404, 409) },
    }),
  },
  '/runs/{runId}/auto-approve': {
    post: op('setAutoApprove', 'flows', "Turns approving on the PSUs' behalf on or off", { parameters: [runIdParam], requestBody: body(obj({ on: bool() })), responses: { '200': runState, ...errors(400, 404, 409) } }),
  },
  '/runs/{runId}/replay': {
    post: op('replayRun', 'flows', 'A new run of the same flow, institution, PSUs and free steps, run to the end approving automatically', {
      parameters: [runIdParam],
      responses: { '201': created(ref('FlowRunState')), ...errors(400, 404, 409) },
    }),
  },
  '/runs/{runId}/export': {
    get: op('exportRun', 'flows', 'The run as a file another machine opens', { parameters: [runIdParam], responses: { '200': attachment('The exported run (JSON)'), ...errors(400, 404) } }),
  },
  '/runs/{runId}/har': {
    get: op('exportRunHar', 'flows', "The run's exchanges as HAR 1.2, with the bank's diagnosis and the simulated time in custom fields", {
      parameters: [runIdParam],
      responses: { '200': attachment('HAR 1.2 (JSON)'), ...errors(400, 404) },
    }),
  },
  '/events': {
    get: op('streamEvents', 'simulator', 'Server-sent events as things happen: `event:` the type, `data:` the event as JSON', {
      responses: { '200': { description: 'An endless text/event-stream', content: { 'text/event-stream': { schema: ref('WorkbenchEvent') } } } },
    }),
  },
};

/** What this host serves beyond the fixed routes (routes/control.ts registers them only when present). */
export interface ControlFeatures {
  flowRuns: boolean;
  resend: boolean;
}

const FLOW_RUN_PATHS = /^\/(flows|flow-operations|runs)(\/|$)/;
const served = (path: string, features: ControlFeatures): boolean =>
  (features.flowRuns || !FLOW_RUN_PATHS.test(path)) && (features.resend || path !== '/exchanges/{exchangeId}/resend');

/** The document of the routes this host serves, its server the simulator's own origin. */
export function controlOpenApi(version: string, origin: string, features: ControlFeatures): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'PSD2 Workbench simulator control API',
      version,
      description:
        "The simulator's own API: the PSU's app, the bank's operator and automation (not part of the Berlin Group interface). Beyond loopback every call needs Authorization: Bearer <the control token printed at start>.",
    },
    servers: [{ url: origin, description: 'This simulator' }],
    tags: [
      { name: 'simulator', description: 'Mode, clock, reset, events' },
      { name: 'bank', description: "The bank's operator: its state and settings" },
      { name: 'psu', description: "The PSU in the bank's app" },
      { name: 'inspector', description: 'The traffic log and signature diagnosis' },
      { name: 'flows', description: 'Flow runs' },
    ],
    security: [{}, { controlToken: [] }],
    paths: Object.fromEntries(Object.entries(CONTROL_PATHS).filter(([path]) => served(path, features)).map(([path, item]) => [`${CONTROL_PREFIX}${path}`, item])),
    components: {
      schemas: CONTROL_SCHEMAS,
      responses: { Error: { description: 'Refused: Berlin Group tppMessages', content: json(ref('Error')) } },
      securitySchemes: { controlToken: { type: 'http', scheme: 'bearer', description: 'The control token the simulator prints at start; only required when it listens beyond loopback.' } },
    },
  };
}
