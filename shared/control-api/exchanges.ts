// The traffic log: one request to the simulator and its response, and the Inspector's resend.
import Type from 'typebox';
import { CLOSED, flag, instant, integer, nullable, oneOf, text } from './build';
import { HeaderValues, SignatureDiagnosis } from './signature';

/** Why an answer failed, in a few words: the list's second line. */
export const FailureLine = Type.Object(
  {
    code: text("The Berlin Group error's first tppMessage code, or the OAuth error (RFC 6749 section 5.2)."),
    text: text('The start of its reason, at most eight words.'),
  },
  { title: 'FailureLine' },
);

/** One header line as sent: the name in its case, the value. */
export const HeaderLine = Type.Unsafe<[name: string, value: string]>(
  Type.Array(text(), { minItems: 2, maxItems: 2, description: 'One header line as received: [name as sent, value].' }),
);

const messageFields = {
  headers: HeaderValues,
  body: nullable(text(), 'The logged bytes decoded as UTF-8 (bytes that are not UTF-8 become U+FFFD: then see bodyBase64).'),
  bodyBase64: Type.Optional(
    Type.String({
      contentEncoding: 'base64',
      description: 'The logged bytes exactly, present only when `body` does not encode back to them (not UTF-8, or cut mid-character).',
    }),
  ),
  bodySize: integer(),
  truncated: flag(),
};

export const ExchangeMessage = Type.Object(
  {
    ...messageFields,
    rawHeaders: Type.Optional(
      Type.Array(HeaderLine, {
        description:
          'The header lines in order as received, names as sent and a header sent twice as two lines. Every request the bank logged has them; a response, or a message the bank did not log, has only `headers`.',
      }),
    ),
  },
  { title: 'ExchangeMessage' },
);

export const ExchangeResponse = Type.Object(
  { ...messageFields, rawHeaders: Type.Optional(Type.Array(HeaderLine)), status: integer() },
  { title: 'ExchangeResponse' },
);

export const ParserRefusal = Type.Object(
  {
    code: text("Node's HTTP parser's error code, e.g. HPE_LF_EXPECTED."),
    text: text('The words the bank answered with (FORMAT_ERROR), the same Diagnose gives for the same bytes.'),
    offset: nullable(integer(), 'The offending byte in `bytesBase64`, counted from 0; null where it was not found.'),
    header: nullable(text(), 'The header whose value holds that byte, named as sent; null in the request line or a header name.'),
    bytesBase64: Type.String({ contentEncoding: 'base64', description: "The bytes the parser was reading, up to the header block's limit." }),
  },
  {
    title: 'ParserRefusal',
    description: "Of a request Node's HTTP parser refused before any route (a bare CR in a header value, say): what it read and where it stopped.",
  },
);

export const Exchange = Type.Object(
  {
    id: integer(),
    startedAt: instant(),
    simulatedAt: instant(),
    durationMs: Type.Number(),
    method: text(),
    url: text(),
    institution: nullable(text()),
    tppId: nullable(text()),
    resourceId: nullable(text(), 'The consent, payment or basket the exchange concerns, when it concerns one.'),
    request: ExchangeMessage,
    response: ExchangeResponse,
    signature: nullable(SignatureDiagnosis),
    pinned: Type.Optional(
      flag('Kept by the log through every prune and reset until unpinned (or "New class" with the log); the log always says, absent elsewhere (a run\'s HAR).'),
    ),
    comparedWith: Type.Optional(
      nullable(
        Type.Integer(),
        "Of a signature failure: the id of the most recent success of the same signed operation by the same TPP before it, kept in the log as long as the failure is (null: none since the log's start); absent elsewhere.",
      ),
    ),
    refusal: Type.Optional(ParserRefusal),
    failure: Type.Optional(nullable(FailureLine, 'Of a 4xx or 5xx answered with a Berlin Group or OAuth error: its code and first words; absent elsewhere.')),
  },
  { title: 'Exchange', description: 'One request to the simulator and its response (`GET /simulator/v1/exchanges`).' },
);

export const ResendOptions = Type.Object(
  {
    method: text(),
    url: text('Path and query on the simulator, starting with /.'),
    headers: Type.Union([Type.Record(Type.String(), text()), Type.Array(HeaderLine)], {
      description: 'The header lines in sending order, sent as given (a header twice goes twice); or an object of names to values.',
    }),
    body: nullable(text(), 'The exact body to send (the original string when not edited); null without one.'),
    bodyBase64: Type.Optional(
      Type.String({
        contentEncoding: 'base64',
        description:
          "The bytes to send, in place of `body`'s text: a logged body that is not UTF-8 sent again as logged (its `bodyBase64`); `body` is then only its readable form.",
      }),
    ),
    signature: oneOf(
      ['keep', 'resign'],
      "keep: the Digest, Signature and certificate go as given; resign: the demo TPP's QSEAL signs the request as it now is.",
    ),
    newRequestId: flag('A new X-Request-ID in place of the one given.'),
    freshToken: flag("A new access token from the bank (the TPP's, or the PSU's for the request's consent)."),
  },
  { title: 'ResendOptions', description: "The Inspector's explicit choices when it sends an exchange again as the built-in TPP.", ...CLOSED },
);

/** The exchange in which the PSU decided a journey (the bank's app's POST, as answered, with its simulated time). */
export const DecisionExchange = Type.Object(
  {
    request: Type.Object({ method: text(), url: text(), headers: HeaderValues, body: nullable(text()) }),
    response: Type.Object({ status: integer(), headers: HeaderValues, body: text() }),
    at: instant(),
    durationMs: Type.Number(),
  },
  { title: 'DecisionExchange' },
);
