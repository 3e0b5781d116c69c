import Type from 'typebox';
import * as S from '../../../shared/control-api';
import { text } from '../../../shared/control-api/build';
import { okAnswer, countHeader, ANY_JSON, type ControlPaths, type QueryParameter } from './operation';

const EXCHANGE = { exchangeId: 'An exchange id of the traffic log' };
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

/** The Inspector: the traffic log, its exports, the signature diagnosis and the TPPs' conduct. */
export const INSPECTOR_OPERATIONS: ControlPaths = {
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
      answers: okAnswer(S.ConductReport),
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
        view: {
          description: 'full (the default): whole exchanges; summary: each as a list row shows it (ExchangeSummary: no bodies, header lines or diagnosis)',
          schema: Type.Union([Type.Literal('full'), Type.Literal('summary')]),
        },
      },
      answers: {
        200: {
          description: 'The page of exchanges, whole or as summaries (view)',
          schema: Type.Union([Type.Array(S.Exchange), Type.Array(S.ExchangeSummary)]),
          unserialised: true,
          headers: {
            'X-Total-Count': countHeader('How many exchanges match in all'),
            'X-Kept-Count': countHeader('How many exchanges the log keeps'),
            'X-Discarded-Count': countHeader(
              'How many exchanges the log discarded since it was last cleared (failures and pinned exchanges outlive the others)',
            ),
            'X-Discarded-Failure-Count': countHeader('The failures among them (4xx, 5xx or signature not valid): none while the failure budgets have room'),
            'X-Discarded-Signature-Failure-Count': countHeader(
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
            'X-Total-Count': countHeader('How many exchanges matched when the export began (one the log discards while it streams is left out)'),
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
      answers: okAnswer(S.Exchange),
      errors: [400, 404],
    },
  },
  '/exchanges/{exchangeId}/pin': {
    post: {
      operationId: 'pinExchange',
      tag: 'inspector',
      summary: 'Pins an exchange: never pruned, kept by a reset; only unpinning or New class with the log removes it',
      params: EXCHANGE,
      answers: okAnswer(S.Exchange),
      errors: [400, 404],
    },
    delete: {
      operationId: 'unpinExchange',
      tag: 'inspector',
      summary: 'Unpins an exchange: pruned again like any other',
      params: EXCHANGE,
      answers: okAnswer(S.Exchange),
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
      answers: okAnswer(S.Exchange),
      errors: [400, 404],
    },
  },
  '/diagnose': {
    post: {
      operationId: 'diagnoseRequest',
      tag: 'inspector',
      summary: "The bank's signature diagnosis of a pasted raw HTTP request, cURL command or HAR entry; nothing is sent",
      body: { schema: S.DiagnoseRequest },
      answers: okAnswer(S.PastedDiagnosis),
      errors: [400],
    },
  },
};
