/**
 * The control API's shapes (preload/api/workbench-api.ts, the contract) as OpenAPI 3.1 schemas
 * (JSON Schema 2020-12), for control-openapi.ts. Each object lists every field of its contract type;
 * a field the type marks optional is left out of `required`.
 */

import { JOURNEY_OUTCOMES } from '../domain/sca/outcome';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  description?: string;
  format?: string;
  contentEncoding?: string;
  enum?: readonly (string | number | boolean | null)[];
  const?: string | number | boolean | null;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
export const str = (description?: string): JsonSchema => ({ type: 'string', ...(description ? { description } : {}) });
export const int = (description?: string): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}) });
export const bool = (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) });
export const oneOfStrings = (values: readonly string[], description?: string): JsonSchema => ({ type: 'string', enum: values, ...(description ? { description } : {}) });
export const arrayOf = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
export const mapOf = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });
/** A value or null: a primitive gains `null` in its types, anything else becomes oneOf. */
export function orNull(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && schema.$ref === undefined && schema.type !== 'object' && schema.type !== 'array') {
    return { ...schema, type: [schema.type, 'null'], ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
  }
  return { oneOf: [schema, { type: 'null' }] };
}
/** An object of exactly these fields, all required but the `optional` ones. */
export function obj(properties: Record<string, JsonSchema>, optional: readonly string[] = [], description?: string): JsonSchema {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
  };
}

const instant = (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });
const TRANSACTION_STATUS = ['PATC', 'PDNG', 'ACCP', 'RJCT'] as const;
const MODE = ['simulation', 'sandbox'] as const;
const ACTORS = ['tpp', 'psuBrowser', 'psuApp', 'operator'] as const;
const VOP_OUTCOMES = ['inProgress', 'match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable', 'timeout'] as const;
const headerValues = mapOf({ oneOf: [str(), arrayOf(str())] });
const textHeaders = mapOf(str());

const exchangeMessage: Record<string, JsonSchema> = {
  headers: headerValues,
  body: orNull(str('The logged bytes decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD: then see bodyBase64).')),
  bodyBase64: { type: 'string', contentEncoding: 'base64', description: 'The logged bytes exactly, present only when `body` does not encode back to them.' },
  bodySize: int(),
  truncated: bool(),
};

const issuedCertificate = obj({ certificatePem: str(), privateKeyPem: str(), serialHex: str() });

export const CONTROL_SCHEMAS: Record<string, JsonSchema> = {
  Error: obj(
    {
      tppMessages: arrayOf(obj({ category: { const: 'ERROR' }, code: str('The Berlin Group code, e.g. FORMAT_ERROR, RESOURCE_UNKNOWN, STATUS_INVALID, TOKEN_INVALID.'), text: str() })),
    },
    [],
    'Every refusal of the control API (main/http/errors.ts): the first message says what, the others add details.',
  ),
  SimulatorMode: oneOfStrings(MODE),
  SimulatorInfo: obj({ version: str(), mode: ref('SimulatorMode'), institutions: arrayOf(str()), now: instant('The simulated clock.') }),
  SignatureCheck: obj({ id: str(), rule: orNull(int()), passed: bool(), text: str() }),
  SigningRule: obj({ rule: int(), text: str() }),
  SignatureDiagnosis: obj({
    operation: str(),
    checks: arrayOf(ref('SignatureCheck')),
    rules: arrayOf(ref('SigningRule')),
    verdict: {
      oneOf: [
        obj({ valid: { const: true } }),
        obj({ valid: { const: false }, code: str(), status: int(), text: str(), checkId: str() }),
      ],
    },
    digest: obj({ sent: orNull(str()), computed: str() }),
    headersParameter: orNull(arrayOf(str())),
    signingString: orNull(obj({ text: str(), lines: arrayOf(obj({ name: str(), value: orNull(str()) })) })),
    keyId: orNull(str()),
    algorithm: orNull(str()),
    certificate: orNull(
      obj(
        {
          parsed: bool(),
          problem: str(),
          subjectDn: str(),
          issuerDn: str(),
          serialHex: str(),
          organizationId: str(),
          roles: arrayOf(str()),
          ncaName: str(),
          ncaId: str(),
          notBefore: str(),
          notAfter: str(),
          fingerprintSha256: str(),
          form: str(),
        },
        ['problem', 'subjectDn', 'issuerDn', 'serialHex', 'organizationId', 'roles', 'ncaName', 'ncaId', 'notBefore', 'notAfter', 'fingerprintSha256'],
      ),
    ),
    likelySigned: obj({ text: str('The string the signature verifies over instead of the bank’s'), why: str() }),
  }, ['likelySigned']),
  ExchangeMessage: obj(
    {
      ...exchangeMessage,
      rawHeaders: arrayOf({ ...arrayOf(str()), description: 'One header line as received: [name as sent, value].' }),
    },
    ['bodyBase64', 'rawHeaders'],
    'A logged request: `rawHeaders` are its header lines in order as received (a header sent twice is two lines), `headers` the same merged by lower-case name.',
  ),
  ExchangeResponse: obj({ ...exchangeMessage, status: int() }, ['bodyBase64']),
  Exchange: obj({
    id: int(),
    startedAt: instant(),
    simulatedAt: instant(),
    durationMs: { type: 'number' },
    method: str(),
    url: str(),
    institution: orNull(str()),
    tppId: orNull(str()),
    resourceId: orNull(str('The consent, payment or basket the exchange concerns, when it concerns one.')),
    request: ref('ExchangeMessage'),
    response: ref('ExchangeResponse'),
    signature: orNull(ref('SignatureDiagnosis')),
    pinned: bool('Kept through every prune and every reset until unpinned, or "New class" with the log.'),
  }),
  JourneyStatus: oneOfStrings(['started', 'opened', 'finalised', 'failed']),
  ScaJourney: obj({
    journeyId: str(),
    kind: oneOfStrings(['consent', 'payment-authorisation', 'signing-basket']),
    institution: str(),
    psuId: str(),
    resourceId: str(),
    status: ref('JourneyStatus'),
    redirectUrl: str(),
    createdAt: instant(),
    openedAt: orNull(instant()),
    finishedAt: orNull(instant()),
    outcomeReason: orNull(str('Why it failed: an authorisation rule, or the time limit.')),
    tppRedirectUri: str('The TPP-Redirect-URI exactly as the TPP sent it.'),
    timeLimit: orNull(
      obj({ deadline: instant(), reason: str('What the journey fails with at the deadline.') }),
    ),
    outcome: orNull(oneOfStrings(JOURNEY_OUTCOMES)),
    tpp: orNull(obj({ name: orNull(str('The name the TPP registered its OAuth client with.')), organizationId: str('The TPP identity (organisation identifier).') })),
    approvalRefusal: orNull(obj({ outcome: oneOfStrings(JOURNEY_OUTCOMES), reason: str('What the bank would answer the PSU approving now.') })),
  }),
  ConsentSummary: obj({
    consentId: str(),
    institution: str(),
    tppId: str(),
    psuId: str(),
    consentStatus: oneOfStrings(['received', 'valid', 'rejected', 'expired', 'revokedByPsu', 'terminatedByTpp']),
    scaStatus: oneOfStrings(['started', 'finalised', 'failed']),
    recurringIndicator: bool(),
    validUntil: str(),
    expiresAt: instant(),
    createdAt: instant(),
  }),
  VopSummary: obj({
    outcome: oneOfStrings(VOP_OUTCOMES),
    reasonCode: orNull(oneOfStrings(['RECI', 'CMTC', 'NMTC', 'NOAP'])),
    additionalInfo: orNull(str()),
  }),
  PaymentSummary: obj({
    paymentId: str(),
    product: str(),
    institution: str(),
    tppId: str(),
    status: oneOfStrings(TRANSACTION_STATUS),
    previousStatus: orNull(oneOfStrings(TRANSACTION_STATUS)),
    statusChangedAt: instant(),
    creatorPsuId: str(),
    debtorAccountId: str(),
    currency: str(),
    totalAmount: str(),
    transactionCount: int(),
    creditors: arrayOf(obj({ name: str(), iban: str(), otherId: str(), amount: str(), currency: str(), vop: ref('VopSummary') }, ['iban', 'otherId', 'vop'])),
    executionDate: str(),
    authorisationsRequired: int(),
    authorisations: arrayOf(obj({ psuId: str(), signatoryGroup: orNull(str()), at: instant(), via: oneOfStrings(['individual', 'basket']) })),
    createdAt: instant(),
  }),
  BasketSummary: obj({
    basketId: str(),
    institution: str(),
    tppId: str(),
    psuId: str(),
    transactionStatus: oneOfStrings(['PATC', 'ACTC', 'RJCT']),
    paymentIds: arrayOf(str()),
    createdAt: instant(),
  }),
  PsuSummary: obj({
    psuId: str(),
    name: str(),
    institution: str(),
    corporateId: str(),
    signatoryGroup: orNull(str()),
    role: str(),
    accounts: arrayOf(obj({ resourceId: str(), iban: str(), bban: str(), currency: str(), permissions: arrayOf(str()) }, ['iban', 'bban'])),
    scaEnrolled: bool('False: no bank app is enrolled, so the PSU cannot complete SCA.'),
    approvalLimits: mapOf(obj({ currency: str(), amount: str() })),
    companyApprovals: obj({ authorisationsRequired: int('1 or 2'), singleAuthorisationUpTo: arrayOf(obj({ currency: str(), amount: str() })) }),
  }),
  InstitutionSummary: obj({
    id: str(),
    name: str(),
    countryCode: str(),
    bic: str(),
    currency: str(),
    trustFramework: oneOfStrings(['eidas', 'uk-open-banking']),
    products: arrayOf(str()),
    verificationOfPayee: bool(),
    calendar: obj({ timeZone: str('An IANA zone: dates and cut-offs are read in it.'), weekendDays: arrayOf(int()), holidays: arrayOf(str('YYYY-MM-DD')) }),
    cutOffs: mapOf(str('HH:MM local time')),
    processingDelays: mapOf(str('ISO-8601 duration')),
    productLimits: mapOf(obj({ amount: str(), currency: str() })),
  }),
  Pain001TemplateSummary: obj({
    file: str(),
    product: str(),
    kind: oneOfStrings(['single', 'bulk']),
    institution: str(),
    title: str(),
    pain001: str('The document written for the institution: its accounts, customers and BIC.'),
  }),
  VopRegistry: obj({
    institution: str(),
    verifiesPayees: bool(),
    payees: arrayOf(obj({ iban: str(), registeredName: str(), creditorName: str(), outcome: oneOfStrings(VOP_OUTCOMES), demonstrates: str() })),
  }),
  ServiceBlock: obj({ institution: str(), tppId: orNull(str('null: every TPP.')), createdAt: instant() }),
  RateLimit: obj({ perSecond: { type: 'integer', minimum: 0, description: 'Requests per second per TPP identity; 0 is off.' } }),
  RegisteredTpp: obj({
    clientId: str(),
    clientSecret: str(),
    redirectUri: str(),
    keyId: str(),
    organizationId: str(),
    roles: arrayOf(str()),
    name: str(),
    qwac: issuedCertificate,
    qseal: issuedCertificate,
  }),
  PastedDiagnosis: obj({
    request: obj({ method: str(), url: str(), headers: headerValues, body: orNull(str()), bodySize: int() }),
    signature: ref('SignatureDiagnosis'),
    warnings: arrayOf(str('What in the paste does not add up, e.g. a Content-Length that disagrees with the body pasted')),
  }),
  FlowActor: oneOfStrings(ACTORS),
  FlowStepSummary: obj({
    id: str(),
    title: str(),
    explanation: str(),
    spec: str(),
    actor: ref('FlowActor'),
    operation: str(),
    params: { type: 'object', additionalProperties: true },
  }),
  FlowSummary: obj({
    name: str(),
    title: str(),
    description: str(),
    institutions: arrayOf(str()),
    behaviour: ref('SimulatorMode'),
    psus: mapOf(str()),
    parameters: arrayOf(ref('FlowParameterSummary')),
    steps: arrayOf(ref('FlowStepSummary')),
  }),
  FlowParameterSummary: obj(
    {
      name: str(),
      title: str(),
      kind: oneOfStrings(['choice', 'amount', 'psu', 'payee']),
      choices: arrayOf(obj({ value: str(), label: str() })),
      default: str(),
      needs: obj(
        {
          usesBankApp: bool(),
          createsPayments: bool(),
          authorisesAlone: obj({ paymentsOf: str('A psu parameter of the flow'), category: str('sepa, international, internal, …'), amountParameter: str('An amount parameter of the flow') }, ['amountParameter']),
        },
        ['usesBankApp', 'createsPayments', 'authorisesAlone'],
      ),
    },
    ['choices', 'default', 'needs'],
  ),
  FlowOperationSummary: obj({ name: str(), actor: ref('FlowActor'), required: mapOf(str()), optional: mapOf(str()) }),
  FlowRequest: obj({
    method: str(),
    url: str(),
    headers: textHeaders,
    body: orNull(str()),
    operation: str(),
    signed: bool(),
    signedHeaders: orNull(arrayOf(str())),
    signingString: orNull(str()),
    faults: arrayOf(str()),
  }),
  FlowRequestEdit: obj({ method: oneOfStrings(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']), url: str(), headers: textHeaders, body: orNull(str()), resign: bool() }),
  FlowExchange: obj({
    seq: int(),
    actor: ref('FlowActor'),
    method: str(),
    url: str(),
    requestHeaders: textHeaders,
    requestBody: orNull(str()),
    status: int(),
    responseHeaders: textHeaders,
    responseBody: str(),
    durationMs: { type: 'number' },
    at: instant(),
    exchangeId: orNull(int()),
    signature: orNull(ref('SignatureDiagnosis')),
    failed: bool(),
  }),
  BankChange: obj({ kind: oneOfStrings(['consent', 'payment', 'basket', 'journey']), id: str(), before: orNull(str()), after: str() }),
  FlowUnmet: obj({ path: str(), expected: str(), actual: str() }),
  FlowStepRun: obj({
    number: int(),
    step: ref('FlowStepSummary'),
    fromFlow: bool(),
    exchanges: arrayOf(ref('FlowExchange')),
    status: orNull(int()),
    met: bool(),
    unmet: arrayOf(ref('FlowUnmet')),
    error: orNull(str()),
    changes: arrayOf(ref('BankChange')),
    startedAt: instant(),
    finishedAt: instant(),
  }),
  FlowPending: {
    oneOf: [
      obj({ kind: { const: 'request' }, request: ref('FlowRequest') }),
      obj({ kind: { const: 'psu' }, journeyId: str(), psuId: str(), role: str(), expected: oneOfStrings(['approve', 'reject']), either: bool() }, ['either']),
    ],
  },
  FlowRunPhase: oneOfStrings(['ready', 'waiting', 'running', 'finished']),
  FlowRunState: obj({
    runId: str(),
    flow: ref('FlowSummary'),
    institution: str(),
    psus: mapOf(str()),
    params: mapOf(str()),
    autoApprove: bool(),
    pauseClock: bool(),
    phase: ref('FlowRunPhase'),
    steps: arrayOf(ref('FlowStepRun')),
    nextStep: orNull(ref('FlowStepSummary')),
    current: arrayOf(ref('FlowExchange')),
    pending: orNull(ref('FlowPending')),
    met: orNull(bool()),
    startedAt: instant(),
    finishedAt: orNull(instant()),
    replayOf: orNull(str()),
    imported: bool(),
  }),
  FlowRunListItem: obj({
    runId: str(),
    flowName: str(),
    flowTitle: str(),
    institution: str(),
    startedAt: instant(),
    finishedAt: orNull(instant()),
    met: orNull(bool()),
    stepCount: int(),
    statuses: arrayOf(orNull(int())),
    replayOf: orNull(str()),
    imported: bool(),
  }),
  WorkbenchEvent: {
    description: 'One event of the server-sent stream (GET /simulator/v1/events): `event:` is its type, `data:` this JSON.',
    type: 'object',
    properties: { type: oneOfStrings(['exchange', 'consent', 'sca', 'payment', 'clock', 'mode', 'reset', 'operator-settings', 'flow-run']) },
    required: ['type'],
  },
};
