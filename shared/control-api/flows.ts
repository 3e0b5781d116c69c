// The Flows screen's library and runs: what a flow is, a run as it stands, and what the user sends.
import Type from 'typebox';
import { CLOSED, flag, instant, integer, mapOf, nullable, oneOf, text } from './build';
import { SignatureDiagnosis } from './signature';
import { SimulatorMode } from './simulator';

export const FlowActor = oneOf(['tpp', 'psuBrowser', 'psuApp', 'operator'], 'Who acts in a flow step, and the lifelines of the sequence diagram.');

const FreeParams = Type.Record(Type.String(), Type.Unknown());

export const FlowStepSummary = Type.Object(
  {
    id: text(),
    title: text(),
    explanation: text('What happens and why, in one or two sentences.'),
    spec: text("The section of the bank's spec the step follows."),
    actor: FlowActor,
    operation: text("One of the flow library's operations (`GET /simulator/v1/flow-operations`)."),
    params: mapOf(Type.Unknown(), "The step's parameters as the flow file gives them (references like `${steps.payment.values.paymentId}` unresolved)."),
  },
  { title: 'FlowStepSummary', description: 'A step of a flow as the Flows screen lists it.' },
);

export const PsuNeeds = Type.Object(
  {
    usesBankApp: Type.Optional(flag('Has an enrolled bank app, so SCA can complete.')),
    createsPayments: Type.Optional(flag('May create payments from their first account (the account the lesson pays from).')),
    authorisesPayments: Type.Optional(
      flag('May authorise payments from their first account, so a refusal of their own payment is for separation of duty, not for want of the right.'),
    ),
    authorisesAlone: Type.Optional(
      Type.Object(
        {
          paymentsOf: text('A psu parameter of the flow.'),
          category: text('sepa, international, internal, …'),
          amountParameter: Type.Optional(text('An amount parameter of the flow.')),
        },
        {
          description:
            'Gives alone the authorisation that the payments of role `paymentsOf` need: the same company, which needs one authorisation for them, the right to authorise from that account, never the creator (separation of duty), and a `category` limit that covers the amount parameter `amountParameter`.',
        },
      ),
    ),
    authorisesOneOfTwo: Type.Optional(
      Type.Object(
        {
          paymentsOf: text('A psu parameter of the flow.'),
          category: text('sepa, international, internal, …'),
          signatoryGroup: Type.Optional(text('The signatory group the authorisation must come from (A, B).')),
          amount: Type.Optional(text('The amount the payment is for, where no parameter chooses it (the bank’s template’s).')),
        },
        {
          description:
            'Gives one of the two authorisations that the payments of role `paymentsOf` need: the same company, which needs two authorisations for them at `amount`, the right to authorise from that account, never the creator, a member of `signatoryGroup`, and a `category` limit that covers `amount`.',
        },
      ),
    ),
  },
  {
    title: 'PsuNeeds',
    description:
      "What a lesson's PSU role needs of the PSU who plays it. Only the PSUs of the institution that meet every need are offered, so each choice keeps every expectation of the lesson.",
  },
);

export const FlowParameterSummary = Type.Object(
  {
    name: text(),
    label: text('In a trainer’s words, the form’s label: "Who prepares the payment".'),
    help: Type.Optional(text('A sentence under the label: what the choice changes, or who can be chosen and why.')),
    kind: oneOf(['choice', 'amount', 'psu', 'payee']),
    choices: Type.Optional(Type.Array(Type.Object({ value: text(), label: text() }))),
    default: Type.Optional(text("Preselected; none for a psu parameter, whose default is the role's own PSU.")),
    needs: Type.Optional(PsuNeeds),
  },
  {
    title: 'FlowParameterSummary',
    description:
      "A choice of a flow, made before the run starts: `choice` and `payee` (a Verification of Payee outcome, which picks the registry's payee with it) offer `choices`; `amount` is a euro amount; `psu` is the PSU of the flow's role of the same name.",
  },
);

export const FlowSummary = Type.Object(
  {
    name: text(),
    title: text(),
    description: text(),
    lesson: flag('A lesson for a class (docs/teaching.md): tagged and listed first, and it waits for the PSU’s decisions by default.'),
    institutions: Type.Array(text(), { description: 'Where it can run; the first is the default.' }),
    behaviour: SimulatorMode,
    psus: mapOf(text(), 'PSU roles and the psuId suffix each defaults to (`creator: "CREATOR"` is FRA-CREATOR at Frankfurt).'),
    parameters: Type.Array(FlowParameterSummary, {
      description: 'What the trainer may choose before Start (the form on the Flows screen, `--param` of `npm run flow`).',
    }),
    steps: Type.Array(FlowStepSummary),
  },
  { title: 'FlowSummary', description: 'A flow of the library (`GET /simulator/v1/flows`).' },
);

export const FlowOperationSummary = Type.Object(
  { name: text(), actor: FlowActor, required: mapOf(text()), optional: mapOf(text()) },
  { title: 'FlowOperationSummary', description: 'An operation a free step (the composer) can send, with its parameters.' },
);

const TextHeaders = mapOf(text());

export const FlowRequest = Type.Object(
  {
    method: text(),
    url: text('A path on the simulator.'),
    headers: mapOf(text(), 'In sending order.'),
    body: nullable(text(), 'The exact bytes as text (UTF-8); null without a body.'),
    operation: text("The built-in TPP's name for the request, e.g. `payment-create`."),
    signed: flag('Whether the signing profile covers it (then Digest and Signature are recomputed on send unless kept).'),
    signedHeaders: nullable(Type.Array(text()), 'Lower-case names the Signature covers, once signed.'),
    signingString: nullable(text()),
    faults: Type.Array(text(), { description: 'Names of the deliberate signature faults it was made with (`bodyChangedAfterDigest`...); empty when none.' }),
  },
  { title: 'FlowRequest', description: 'A request about to be sent by a run, as the Flows screen shows and lets the user edit it.' },
);

export const FlowRequestEdit = Type.Object(
  {
    method: text('GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS.'),
    url: text(),
    headers: TextHeaders,
    body: nullable(text()),
    resign: flag("true: recompute Digest and Signature over the edited request (keeping the step's deliberate faults); false: send it exactly as given."),
  },
  { title: 'FlowRequestEdit', description: 'What the user sends in place of the prepared request.', ...CLOSED },
);

export const FlowExchange = Type.Object(
  {
    seq: integer('1-based within the run.'),
    actor: FlowActor,
    method: text(),
    url: text(),
    origin: Type.Optional(text("Where a PSU's browser sent it, when not to the bank's origin (the PSU pages under --tls).")),
    requestHeaders: TextHeaders,
    requestBody: nullable(text()),
    status: integer(),
    responseHeaders: TextHeaders,
    responseBody: text(),
    durationMs: Type.Number(),
    at: instant('The simulated time it was sent.'),
    exchangeId: nullable(integer(), "The Inspector's exchange, when the bank logged it (bank routes are logged; the control API is not)."),
    signature: nullable(SignatureDiagnosis, "The bank's diagnosis of a signed request."),
    failed: flag('A failure: a 4xx/5xx answer or a signature the bank refused; drawn in red.'),
  },
  { title: 'FlowExchange', description: 'One HTTP exchange a run made, with everything the step view, the diagram and a HAR need.' },
);

export const BankChange = Type.Object(
  { kind: oneOf(['consent', 'payment', 'basket', 'journey']), id: text(), before: nullable(text(), 'null: it did not exist before the step.'), after: text() },
  { title: 'BankChange', description: 'A resource of the bank whose status a step changed (or created).' },
);

export const FlowUnmet = Type.Object(
  {
    path: text("`status` or a path into the step's result, e.g. `body.transactionStatus`."),
    expected: text('In words, to show as they are: values once-quoted as JSON writes them (`"finalised"`, `one of "PDNG", "ACCP"`).'),
    actual: text(),
  },
  { title: 'FlowUnmet' },
);

export const FlowStepRun = Type.Object(
  {
    number: integer('1-based.'),
    step: FlowStepSummary,
    fromFlow: flag('false for a free step added from the composer.'),
    exchanges: Type.Array(FlowExchange),
    status: nullable(integer(), "The status of the step's main request; null when it could not be made."),
    met: flag(),
    unmet: Type.Array(FlowUnmet),
    error: nullable(text(), 'Why it could not be made.'),
    changes: Type.Array(BankChange),
    startedAt: instant(),
    finishedAt: instant(),
  },
  { title: 'FlowStepRun', description: 'A step as run.' },
);

export const FlowPending = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('request'), request: FlowRequest },
      { description: 'The next request of the current step, built and signed, not yet sent.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('psu'),
        journeyId: text(),
        psuId: text(),
        role: text(),
        expected: oneOf(['approve', 'reject'], 'What approving automatically does.'),
        either: Type.Optional(flag('The PSU may approve or reject, both expected.')),
      },
      { description: "The PSU must approve or reject on the phone (the journey's SCA link has been opened)." },
    ),
  ],
  { title: 'FlowPending', description: 'What a run is waiting for.' },
);

export const FlowRunPhase = oneOf(
  ['ready', 'waiting', 'running', 'finished'],
  'ready: nothing under way, `nextStep` can start; waiting: see `pending`; running: a step is being run; finished: no step left (or stopped at an unmet one).',
);

export const FlowRunState = Type.Object(
  {
    runId: text(),
    flow: FlowSummary,
    institution: text(),
    psus: mapOf(text(), 'psuId by role.'),
    params: mapOf(text(), "The value of each of the flow's parameters the run uses (a replay uses them again)."),
    autoApprove: flag("The PSUs' decisions in the bank's app are made by the run itself."),
    pauseClock: flag('The run holds the simulated clock still while it is unfinished.'),
    phase: FlowRunPhase,
    steps: Type.Array(FlowStepRun),
    nextStep: nullable(FlowStepSummary, 'The step that runs next (its request is `pending` once prepared).'),
    current: Type.Array(FlowExchange, { description: 'The exchanges of the step under way, so far.' }),
    pending: nullable(FlowPending),
    met: nullable(flag(), 'true once every step met its expectation; false when one did not; null while steps remain.'),
    startedAt: instant(),
    finishedAt: nullable(instant()),
    replayOf: nullable(text(), 'The run this one replays.'),
    imported: flag('Imported from a file: kept for reading and replay, not continued.'),
  },
  { title: 'FlowRunState', description: 'A run of a flow, live or kept (`GET /simulator/v1/runs/{id}`).' },
);

export const FlowRunListItem = Type.Object(
  {
    runId: text(),
    flowName: text(),
    flowTitle: text(),
    institution: text(),
    startedAt: instant(),
    finishedAt: nullable(instant()),
    met: nullable(flag()),
    stepCount: integer(),
    statuses: Type.Array(nullable(integer()), { description: 'The main status of each step run, in order.' }),
    replayOf: nullable(text()),
    imported: flag(),
  },
  { title: 'FlowRunListItem', description: 'A kept run in the list (`GET /simulator/v1/runs`), newest first.' },
);

export const StartRunOptions = Type.Object(
  {
    flow: nullable(text(), "A library flow's name, or null for a run of free steps only (the composer on its own)."),
    institution: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: "Default: the flow's first (or, with no flow, the first institution of the simulator)." }),
    ),
    psus: Type.Optional(mapOf(text(), "psuId by role, in place of the flow's defaults.")),
    params: Type.Optional(mapOf(text(), "Values of the flow's parameters by name, in place of their defaults.")),
    autoApprove: flag(),
    pauseClock: Type.Optional(
      flag('Hold the simulated clock still while the run is unfinished (default true): time-limited outcomes wait for the person stepping.'),
    ),
  },
  { title: 'StartRunOptions', ...CLOSED },
);

export const SendStepOptions = Type.Object(
  { edit: Type.Optional(nullable(FlowRequestEdit)), until: oneOf(['request', 'step', 'end']) },
  {
    title: 'SendStepOptions',
    ...CLOSED,
    description: 'Sends the pending request (as edited when edit is given), then goes on until the next request, the end of the step or of the run.',
  },
);

export const ReplayRunOptions = Type.Object(
  { untilStep: Type.Optional(Type.Integer({ minimum: 1, description: 'Stop before this step (1-based) instead of running to the end.' })) },
  { title: 'ReplayRunOptions', ...CLOSED },
);

export const FreeStep = Type.Object(
  {
    operation: text(),
    params: FreeParams,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  {
    title: 'FreeStep',
    ...CLOSED,
    description:
      "A free step (the composer): any operation of the library with its parameters, added after the run's steps; `psu` names a PSU role of the run or a psuId of the institution.",
  },
);

export const AutoApproveOptions = Type.Object({ on: flag() }, { title: 'AutoApproveOptions', ...CLOSED });

export const ImportRunRequest = Type.Object({ file: text('The text of an exported run.') }, { title: 'ImportRunRequest', ...CLOSED });
