// Faults on demand (`/simulator/v1/faults`, docs/testing-your-tpp.md): rules that answer some of the
// bank's traffic otherwise than its rules would, for testing how a TPP copes.
import Type from 'typebox';
import { CLOSED, instant, integer, nullable, oneOf, text } from './build';

const milliseconds = (description: string) => Type.Integer({ minimum: 0, maximum: 60_000, description });

export const FaultMatch = Type.Object(
  {
    operation: Type.Optional(text("A bank operation's name, e.g. payment-status, payment-create, consent-create, token-client-credentials.")),
    institution: Type.Optional(text()),
    tppId: Type.Optional(text('The TPP identity, as the log names it.')),
    method: Type.Optional(oneOf(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A glob over the path: * any characters but /, ** any characters.' })),
  },
  { title: 'FaultMatch', description: 'Every field given must hold; none given: every request to the bank.', ...CLOSED },
);

export const FaultAction = Type.Union(
  [
    Type.Object(
      {
        status: Type.Union([Type.Literal(429), Type.Literal(500), Type.Literal(502), Type.Literal(503), Type.Literal(504)]),
        code: Type.Optional(text('The Berlin Group code in tppMessages; default TOO_MANY_REQUESTS for 429, INTERNAL_SERVER_ERROR otherwise.')),
        retryAfter: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600, description: 'Sent as Retry-After, in seconds.' })),
      },
      CLOSED,
    ),
    Type.Object({ delayMs: milliseconds('A fixed delay before the answer.') }, CLOSED),
    Type.Object(
      {
        delay: Type.Union([
          Type.Object({ uniform: Type.Array(milliseconds('Bounds, in ms.'), { minItems: 2, maxItems: 2 }) }, CLOSED),
          Type.Object(
            {
              lognormal: Type.Object({ medianMs: Type.Integer({ minimum: 1, maximum: 60_000 }), sigma: Type.Number({ minimum: 0, maximum: 3 }) }, CLOSED),
            },
            CLOSED,
          ),
        ]),
      },
      CLOSED,
    ),
    Type.Object({ dribbleMs: Type.Integer({ minimum: 1, maximum: 60_000, description: 'The real answer sent in pieces over this long.' }) }, CLOSED),
    Type.Object(
      {
        drop: oneOf(
          ['reset', 'empty', 'partial'],
          "reset: the connection reset; empty: closed with nothing sent; partial: the answer's head and half its body, then closed (always after the bank acts).",
        ),
      },
      CLOSED,
    ),
  ],
  { title: 'FaultAction' },
);

export const FaultActionRuleInput = Type.Object(
  {
    match: FaultMatch,
    action: FaultAction,
    when: Type.Optional(oneOf(['before', 'after'], 'before (default): the request changes nothing; after: the bank acts, then the fault answers.')),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Fires this many times, then retires.' })),
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'The first n matching requests pass untouched.' })),
    probability: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Of the matching requests, the share that fires; default 1.' })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4_294_967_295, description: 'The same seed, the same sequence of firings and delays.' })),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { title: 'FaultActionRuleInput', description: 'Matching requests to the bank get the action.', ...CLOSED },
);

const PRESET_NAMES = ['pending-processing', 'payee-bank-silent', 'sca-abandoned', 'maintenance'] as const;
const PRESETS_IN_WORDS =
  'pending-processing: payments that would move on from PDNG stay PDNG until `minutes` have passed, then the bank processes them by its rules; ' +
  "payee-bank-silent: the payee's bank does not answer Verification of Payee for new SEPA payments (RECI, then NOAP at the time limit); " +
  "sca-abandoned: the PSU takes no decision in the bank's app, so SCA journeys end by the bank's time limits; " +
  'maintenance: every request to `institution` answers 503 SERVICE_UNAVAILABLE with Retry-After until `minutes` have passed.';

export const FaultPresetInput = Type.Object(
  {
    preset: oneOf(PRESET_NAMES, PRESETS_IN_WORDS),
    minutes: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 10_080,
        description: 'How long it lasts on the simulated clock (advancing the clock past it ends it); needed by pending-processing and maintenance.',
      }),
    ),
    institution: Type.Optional(text('The institution it is for; needed by maintenance; absent: every institution.')),
    tppId: Type.Optional(text('The TPP it is for, as the log names it; absent: every TPP.')),
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { title: 'FaultPresetInput', description: "A bank-level scenario over the bank's own rules (docs/testing-your-tpp.md).", ...CLOSED },
);

export const FaultRuleInput = Type.Union([FaultActionRuleInput, FaultPresetInput], { title: 'FaultRuleInput' });

export const FaultActionRuleReport = Type.Object(
  {
    id: integer(),
    match: FaultMatch,
    action: FaultAction,
    when: oneOf(['before', 'after']),
    times: nullable(integer()),
    after: integer(),
    probability: Type.Number(),
    seed: integer(),
    note: nullable(text()),
    createdAt: instant(),
    matched: integer('Requests it matched so far.'),
    fired: integer('Times it fired so far.'),
    retired: Type.Boolean({ description: 'It fired its `times`: it matches nothing any more.' }),
    description: text('The action in words.'),
  },
  { title: 'FaultActionRuleReport', description: 'A fault rule with how often it matched and fired.' },
);

export const FaultPresetReport = Type.Object(
  {
    id: integer(),
    preset: oneOf(PRESET_NAMES),
    minutes: nullable(integer()),
    institution: nullable(text()),
    tppId: nullable(text()),
    until: nullable(instant('The simulated instant it ends; null: until removed.')),
    note: nullable(text()),
    createdAt: instant(),
    matched: integer('What it touched so far: requests (maintenance), payments or SCA journeys.'),
    fired: integer('The same count: a preset acts on all it touches.'),
    retired: Type.Boolean({ description: 'Its minutes have passed on the simulated clock: it acts no more.' }),
    description: text('The preset in words.'),
  },
  { title: 'FaultPresetReport', description: 'A preset with what it touched so far.' },
);

export const FaultRuleReport = Type.Union([FaultActionRuleReport, FaultPresetReport], { title: 'FaultRuleReport' });
