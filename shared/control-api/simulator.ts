// The simulator as a whole: its behaviour, clock, reset, and the refusals every control route may answer.
import Type from 'typebox';
import { CLOSED, flag, instant, nullable, oneOf, text } from './build';

export const SimulatorMode = oneOf(['simulation', 'sandbox'], "The simulator's two behaviours (docs: two behaviours of the simulator).");

export const SimulatorInfo = Type.Object(
  { version: text(), mode: SimulatorMode, institutions: Type.Array(text()), now: instant('The simulated clock.') },
  { title: 'SimulatorInfo', description: '`GET /simulator/v1/info` of the control API.' },
);

export const ClockReading = Type.Object(
  {
    now: instant(),
    paused: flag('Paused by the operator or held by a run waiting for a person: nothing time-driven happens by itself.'),
    nextTimeLimit: nullable(
      Type.Object({ at: instant(), what: text() }),
      'The next time limit of anything waiting (VoP, SCA, a token, a payment, a consent), in words; null when nothing waits.',
    ),
  },
  { title: 'ClockReading', description: '`GET /simulator/v1/clock`: the simulated clock, whether it stands still, and what falls due next.' },
);

export const ResetOptions = Type.Object(
  {
    log: Type.Optional(flag('Clears the traffic log.')),
    runs: Type.Optional(flag('Clears the kept runs (live ones stop).')),
    clock: Type.Optional(text("`start`: where the data folder's clock started (or `--now`); or an ISO-8601 instant.")),
  },
  {
    title: 'ResetOptions',
    ...CLOSED,
    description: '`POST /simulator/v1/reset`: `{}` resets the bank only; "New class" also clears the log and the kept runs and puts the clock back.',
  },
);

export const ResetAnswer = Type.Object({ reset: Type.Literal(true), now: instant() }, { title: 'ResetAnswer' });

export const ModeAnswer = Type.Object({ mode: SimulatorMode }, { title: 'ModeAnswer', ...CLOSED });

export const RateLimit = Type.Object(
  { perSecond: Type.Integer({ minimum: 0, description: 'Requests per second per TPP identity; 0 is off.' }) },
  { title: 'RateLimit', description: 'Requests per second per TPP identity; 0 is off (over it: 429 TOO_MANY_REQUESTS).', ...CLOSED },
);

export const ServiceBlock = Type.Object(
  { institution: text(), tppId: nullable(text(), 'null: every TPP.'), createdAt: instant() },
  {
    title: 'ServiceBlock',
    description: 'The consent service blocked at an institution for one TPP, or for every TPP when tppId is null (403 SERVICE_BLOCKED).',
  },
);

/** Every refusal of the control API, in the Berlin Group form main/http/errors.ts writes. */
export const ErrorBody = Type.Object(
  {
    tppMessages: Type.Array(
      Type.Object({
        category: Type.Literal('ERROR'),
        code: text('The Berlin Group code, e.g. FORMAT_ERROR, RESOURCE_UNKNOWN, STATUS_INVALID, TOKEN_INVALID.'),
        text: text(),
      }),
    ),
  },
  { title: 'Error', description: 'Every refusal of the control API: the first message says what, the others add details.' },
);

/** Which rows of an operator's list, newest first. */
export const ListPageQuery = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 500, description: '1-500; default 500.' }),
    offset: Type.Integer({ minimum: 0, description: 'How many of the newest to skip; default 0.' }),
  },
  { title: 'ListPageQuery' },
);

export const ClockMove = Type.Object(
  {
    advance: Type.Optional(text('An ISO-8601 duration, e.g. P90D, PT10M.')),
    set: Type.Optional(instant('Years 2000-9999.')),
    paused: Type.Optional(flag()),
  },
  {
    title: 'ClockMove',
    description:
      'Pauses or resumes the clock, advances it by an ISO-8601 duration or sets it (advance or set, not both); a paused clock still moves, and `{"paused": true, "advance": "PT5M"}` leaves it still at +5 min.',
    minProperties: 1,
    ...CLOSED,
  },
);
