// What a trainer prepares ahead of a lesson (docs/teaching.md, "Lessons prepared ahead"): payees added to an
// institution's VoP registry, customers added to an institution, lessons saved with their options, and the
// one file that shares them with another trainer.
import Type from 'typebox';
import { CLOSED, flag, integer, mapOf, nullable, oneOf, text } from './build';

const name = (description: string) => Type.String({ minLength: 1, maxLength: 140, description });
const MAX_ENTRIES = 1_000;

export const RegistryOutcome = oneOf(
  ['match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable', 'timeout'],
  "What the payee's bank answers for the creditor name (VopOutcome without inProgress): match; closeMatch (it suggests registeredName); noMatch; notApplicable (the name cannot be checked for the account); serviceUnavailable; timeout (no answer: the result stays in progress until the 5 s limit, then NOAP).",
);

export const VopRegistryPayeeInput = Type.Object(
  {
    institution: text('The institution whose registry the payee joins: its SEPA payments to the IBAN get the outcome (not london, which verifies no payees).'),
    iban: Type.String({
      minLength: 1,
      maxLength: 34,
      description: 'A valid IBAN (check digits and length), electronic format, unique in the institution’s registry.',
    }),
    registeredName: name("The account holder's name as the payee's bank holds it; a close match suggests it."),
    creditorName: name(
      'The name the payer writes (Cdtr/Nm) for which the payee’s bank gives `outcome`; another name is compared with the registered name as usual.',
    ),
    outcome: RegistryOutcome,
    demonstrates: Type.Optional(name('A note of what the payee demonstrates; default: the outcome in words.')),
  },
  { title: 'VopRegistryPayeeInput', ...CLOSED, description: 'A payee a trainer adds to an institution’s VoP registry (`POST /simulator/v1/vop-registry`).' },
);

const AccountGrantInput = Type.Object(
  {
    resourceId: text("An account of the customer's company (GET psus lists the accounts of its other customers)."),
    permissions: Type.Array(oneOf(['ais', 'paymentCreation', 'paymentAuthorisation']), { minItems: 1, maxItems: 3 }),
  },
  CLOSED,
);

const MoneyInput = Type.Object({ currency: text('ISO 4217, e.g. EUR'), amount: text('A decimal amount such as 1000.00') }, CLOSED);

export const PsuInput = Type.Object(
  {
    psuId: Type.String({ minLength: 1, maxLength: 40, description: 'Capitals, digits and dashes, unique, e.g. FRA-TRAINEE-1.' }),
    name: name('The customer’s name, as the phone and the forms show it.'),
    institution: text(),
    corporateId: text('The company (corporate customer) of that institution the customer acts for, e.g. FRA-CORP-2.'),
    signatoryGroup: Type.Optional(nullable(text(), 'The signatory group (A, B) of a company that needs two authorisations; default null: none.')),
    scaEnrolled: Type.Optional(flag('Has the bank’s app, so SCA can complete (default true).')),
    accounts: Type.Array(AccountGrantInput, { maxItems: 50, description: 'What the customer may do on which of the company’s accounts.' }),
    approvalLimits: Type.Optional(
      mapOf(MoneyInput, 'The most the customer may authorise per payment, by category (domestic, sepa, international, internal); a category left out: none.'),
    ),
    role: name('What the customer is for, in a trainer’s words (“creates and approves payments”).'),
  },
  {
    title: 'PsuInput',
    ...CLOSED,
    description: "A customer added to an institution (`POST /simulator/v1/psus`), checked as the dataset's own PSUs are (docs/dataset.md).",
  },
);

export const SavedLessonInput = Type.Object(
  {
    name: name('What the trainer calls it: “Monday’s class: close match with Café Müller, €1,250”. Unique.'),
    flow: text('A flow of the library (GET flows).'),
    institution: text('One of the flow’s institutions.'),
    psus: Type.Optional(mapOf(text(), 'psuId by role, as POST runs takes them; a role left out keeps the flow’s own customer.')),
    params: Type.Optional(
      mapOf(
        text(),
        "The flow's parameter values by name, as POST runs takes them; a payee parameter may name one registry payee as `outcome:IBAN` (closeMatch:DE…).",
      ),
    ),
  },
  { title: 'SavedLessonInput', ...CLOSED, description: 'A lesson saved with its chosen options (`POST /simulator/v1/lessons`).' },
);

export const SavedLesson = Type.Object(
  { name: text(), flow: text(), institution: text(), psus: mapOf(text()), params: mapOf(text()) },
  { title: 'SavedLesson', description: 'A saved lesson: the Flows list shows it as an entry of its own, which starts the flow with these options.' },
);

export const LessonsFile = Type.Object(
  {
    format: Type.Literal('psd2-workbench-lessons'),
    version: Type.Literal(1),
    payees: Type.Array(VopRegistryPayeeInput, { maxItems: MAX_ENTRIES }),
    psus: Type.Array(PsuInput, { maxItems: MAX_ENTRIES }),
    lessons: Type.Array(SavedLessonInput, { maxItems: MAX_ENTRIES }),
  },
  {
    title: 'LessonsFile',
    ...CLOSED,
    description: 'Everything prepared for lessons, as one file another trainer imports: the added payees and customers and the saved lessons.',
  },
);

export const LessonsImported = Type.Object(
  {
    added: Type.Object({ payees: integer(), psus: integer(), lessons: integer() }, { description: 'What the file added.' }),
    alreadyThere: integer('Entries the simulator held already, the same: skipped.'),
  },
  { title: 'LessonsImported' },
);
