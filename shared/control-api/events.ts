// What the host tells the UI as it happens: server-sent events (`GET /simulator/v1/events`) and IPC.
import Type from 'typebox';
import { flag, instant, integer, nullable, text } from './build';
import { JourneyKind, JourneyStatus } from './bank';
import { FlowRunPhase } from './flows';
import { SimulatorMode } from './simulator';
import { FailureLine } from './exchanges';
import { SignatureVerdict } from './signature';

/** What the Inspector's list shows of an exchange: the live event, and `GET /simulator/v1/exchanges?view=summary`. */
export const ExchangeSummary = Type.Object(
  {
    id: integer(),
    startedAt: instant(),
    durationMs: Type.Number(),
    method: text(),
    url: text(),
    institution: nullable(text()),
    tppId: nullable(text()),
    resourceId: nullable(text()),
    status: integer(),
    pinned: flag('Kept by the log through every prune and reset until unpinned.'),
    verdict: nullable(SignatureVerdict, "The bank's verdict on the request's signature; null: not a signed operation."),
    failure: nullable(FailureLine, 'Of a 4xx or 5xx answered with a Berlin Group or OAuth error: its code and first words.'),
  },
  { title: 'ExchangeSummary', description: 'One exchange as a list row shows it: no bodies, no header lines, no diagnosis.' },
);

const event = <T extends string>(type: T) => Type.Literal(type);

export const WorkbenchEvent = Type.Union(
  [
    Type.Object({ type: event('exchange'), exchange: ExchangeSummary }),
    Type.Object({ type: event('consent'), consentId: text(), institution: text(), status: text() }),
    Type.Object({ type: event('sca'), journeyId: text(), kind: JourneyKind, psuId: text(), status: JourneyStatus }),
    Type.Object({ type: event('payment'), paymentId: text(), institution: text(), status: text() }),
    Type.Object({ type: event('clock'), now: instant(), paused: flag() }),
    Type.Object({ type: event('mode'), mode: SimulatorMode }),
    Type.Object(
      { type: event('reset'), log: flag(), runs: flag() },
      { description: "Back to the dataset's state; with `log` and `runs` the traffic log and the kept runs were cleared too (New class)." },
    ),
    Type.Object({ type: event('operator-settings') }),
    Type.Object(
      { type: event('flow-run'), runId: text(), phase: FlowRunPhase },
      { description: 'A flow run changed (a step started, a request was sent, a PSU is awaited, it finished).' },
    ),
  ],
  {
    title: 'WorkbenchEvent',
    description: 'One event of the server-sent stream (GET /simulator/v1/events): `event:` is its type, `data:` this JSON. The UI receives them in batches.',
  },
);
