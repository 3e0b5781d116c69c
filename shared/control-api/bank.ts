// The bank's resources and dataset as the operator, the PSU's app and the payment editor see them.
import Type from 'typebox';
import { CLOSED, flag, instant, integer, mapOf, nullable, oneOf, text } from './build';

export const JourneyStatus = oneOf(['started', 'opened', 'finalised', 'failed']);

export const JourneyOutcome = oneOf(
  [
    'approved',
    'rejected',
    'timedOutAfterOpening',
    'timedOutAfterStart',
    'separationOfDuty',
    'approvedTwice',
    'aboveLimit',
    'signatoryGroup',
    'notEntitled',
    'notNeeded',
    'paymentCancelled',
    'paymentExpired',
    'paymentProcessed',
    'basketMemberCancelled',
    'basketMemberExpired',
    'basketMemberProcessed',
    'resourceGone',
  ],
  "How an SCA journey ended. Time limits: timedOutAfterOpening (no decision within 5 minutes of opening the link), timedOutAfterStart (link not opened within 15 minutes). Refusals by the corporate customer's rules: separationOfDuty (the PSU created the payment), approvedTwice, aboveLimit, signatoryGroup, notEntitled, notNeeded. The payment under it ended: payment… for its own journey, basketMember… for a basket's.",
);

export const JourneyKind = oneOf(['consent', 'payment-authorisation', 'signing-basket']);

export const ScaJourney = Type.Object(
  {
    journeyId: text(),
    kind: JourneyKind,
    institution: text(),
    psuId: text(),
    resourceId: text(),
    status: JourneyStatus,
    redirectUrl: text(),
    createdAt: instant(),
    openedAt: nullable(instant()),
    finishedAt: nullable(instant()),
    outcomeReason: nullable(text(), 'Why it failed: an authorisation rule, or the time limit ("no decision within 5 minutes of opening the link").'),
    tppRedirectUri: text("Where the SCA page sends the PSU's browser once done: the TPP-Redirect-URI exactly as the TPP sent it."),
    timeLimit: nullable(
      Type.Object({ deadline: instant(), reason: text('What the journey fails with at the deadline.') }),
      'The time limit the journey waits (or waited) under; null for a consent link never opened, which has none.',
    ),
    outcome: nullable(JourneyOutcome, 'How it ended, as a kind the Phone puts in words (outcomeReason says the detail); null while it waits.'),
    tpp: nullable(
      Type.Object({
        name: nullable(text('The name the TPP registered its OAuth client with.')),
        organizationId: text('The TPP identity (organisation identifier).'),
      }),
      'The provider asking, as the PSU knows it.',
    ),
    approvalRefusal: nullable(
      Type.Object({ outcome: JourneyOutcome, reason: text() }),
      "While it waits: what the bank would answer the PSU's approval now when a rule refuses it (said before the PSU acts).",
    ),
  },
  { title: 'ScaJourney' },
);

export const JourneyAction = Type.Object({ action: oneOf(['approve', 'reject']) }, { title: 'JourneyAction', ...CLOSED });

export const ConsentSummary = Type.Object(
  {
    consentId: text(),
    institution: text(),
    tppId: text(),
    psuId: text(),
    consentStatus: oneOf(['received', 'valid', 'rejected', 'expired', 'revokedByPsu', 'terminatedByTpp']),
    scaStatus: oneOf(['started', 'finalised', 'failed']),
    recurringIndicator: flag(),
    validUntil: text(),
    expiresAt: instant(),
    createdAt: instant(),
  },
  { title: 'ConsentSummary' },
);

export const VopOutcome = oneOf(['inProgress', 'match', 'closeMatch', 'noMatch', 'notApplicable', 'serviceUnavailable', 'timeout']);

export const VopSummary = Type.Object(
  { outcome: VopOutcome, reasonCode: nullable(oneOf(['RECI', 'CMTC', 'NMTC', 'NOAP'])), additionalInfo: nullable(text()) },
  {
    title: 'VopSummary',
    description:
      "A credit transfer's Verification of Payee result now (SEPA only): `inProgress` is RECI; a close match's additionalInfo is the name the payee's PSP holds.",
  },
);

const TransactionStatus = oneOf(['PATC', 'PDNG', 'ACCP', 'RJCT']);

export const PaymentSummary = Type.Object(
  {
    paymentId: text(),
    product: text(),
    institution: text(),
    tppId: text(),
    status: TransactionStatus,
    previousStatus: nullable(TransactionStatus, 'The status before the last change, null until the first one: with status, the transition just taken.'),
    statusChangedAt: instant(),
    creatorPsuId: text(),
    debtorAccountId: text(),
    currency: text(),
    totalAmount: text(),
    transactionCount: integer(),
    creditors: Type.Array(
      Type.Object({
        name: text(),
        iban: Type.Optional(text()),
        otherId: Type.Optional(text()),
        amount: text(),
        currency: text(),
        vop: Type.Optional(VopSummary),
      }),
      { description: 'The first 20 credit transfers, in message order; transactionCount says how many there are in all.' },
    ),
    executionDate: text(),
    authorisationsRequired: integer(),
    authorisations: Type.Array(Type.Object({ psuId: text(), signatoryGroup: nullable(text()), at: instant(), via: oneOf(['individual', 'basket']) })),
    createdAt: instant(),
  },
  { title: 'PaymentSummary' },
);

export const ProcessingOutcome = Type.Union(
  [
    Type.Object({ outcome: Type.Literal('ACCP') }, CLOSED),
    Type.Object({ outcome: Type.Literal('RJCT'), reason: text('An ISO 20022 status reason code such as AM04.') }, CLOSED),
  ],
  { title: 'ProcessingOutcome' },
);

export const ProcessedPayment = Type.Object({ paymentId: text(), status: TransactionStatus }, { title: 'ProcessedPayment' });

export const BasketSummary = Type.Object(
  {
    basketId: text(),
    institution: text(),
    tppId: text(),
    psuId: text(),
    transactionStatus: oneOf(['PATC', 'ACTC', 'RJCT']),
    paymentIds: Type.Array(text()),
    createdAt: instant(),
  },
  { title: 'BasketSummary' },
);

const Money = Type.Object({ currency: text(), amount: text() });

export const PsuSummary = Type.Object(
  {
    psuId: text(),
    name: text(),
    institution: text(),
    corporateId: text(),
    signatoryGroup: nullable(text()),
    role: text(),
    accounts: Type.Array(
      Type.Object({ resourceId: text(), iban: Type.Optional(text()), bban: Type.Optional(text()), currency: text(), permissions: Type.Array(text()) }),
    ),
    scaEnrolled: flag('False: no bank app is enrolled, so the PSU cannot complete SCA.'),
    approvalLimits: mapOf(Money, 'The most the PSU may authorise per payment category (sepa, international, internal, …); a category left out: none.'),
    companyApprovals: Type.Object(
      { authorisationsRequired: Type.Union([Type.Literal(1), Type.Literal(2)]), singleAuthorisationUpTo: Type.Array(Money) },
      { description: "How many authorisations a payment of the PSU's company needs, and up to which amounts one will do." },
    ),
  },
  { title: 'PsuSummary' },
);

export const InstitutionSummary = Type.Object(
  {
    id: text(),
    name: text(),
    countryCode: text(),
    bic: text(),
    currency: text(),
    trustFramework: oneOf(['eidas', 'uk-open-banking']),
    products: Type.Array(text(), { description: 'The payment products it offers.' }),
    verificationOfPayee: flag('Verification of Payee on SEPA credit transfers.'),
    calendar: Type.Object(
      {
        timeZone: text('An IANA zone: dates and cut-offs are read in it.'),
        weekendDays: Type.Array(integer(), { description: '0 = Sunday.' }),
        holidays: Type.Array(text('YYYY-MM-DD')),
      },
      { description: 'Its business days: the zone dates are read in, the weekend days and the holidays.' },
    ),
    cutOffs: mapOf(text('HH:MM local time'), 'Local cut-off time per product.'),
    processingDelays: mapOf(text('ISO-8601 duration'), 'How long the bank takes to process a payment of each product once fully authorised.'),
    productLimits: mapOf(Money, 'The highest amount a payment of the product may have, where its scheme sets one (Faster Payments).'),
  },
  { title: 'InstitutionSummary', description: "What the bank's rules know of an institution, for the payment editor to check as the bank does." },
);

export const Pain001TemplateSummary = Type.Object(
  {
    file: text(),
    product: text(),
    kind: oneOf(['single', 'bulk']),
    institution: text(),
    title: text(),
    pain001: text('The document written for the institution: its accounts, customers and BIC.'),
  },
  { title: 'Pain001TemplateSummary', description: 'A pain.001 template per product the institution offers, single and bulk.' },
);

export const VopRegistryPayee = Type.Object(
  {
    iban: text(),
    registeredName: text(),
    creditorName: text('The creditor name (Cdtr/Nm) to write for this outcome.'),
    outcome: VopOutcome,
    demonstrates: text("The dataset's note of what the payee demonstrates."),
    added: Type.Optional(flag('True for a payee a trainer added to this institution’s registry (POST vop-registry): kept in the data folder over New class.')),
  },
  { title: 'VopRegistryPayee', description: 'A registered payee of the VoP registry and a creditor name that demonstrates one outcome.' },
);

export const VopRegistry = Type.Object(
  {
    institution: text(),
    verifiesPayees: flag('Whether the institution verifies payees on SEPA credit transfers (London does not).'),
    payees: Type.Array(VopRegistryPayee),
  },
  { title: 'VopRegistry' },
);

export const ServiceBlockRequest = Type.Object({ institution: text(), tppId: Type.Optional(nullable(text())) }, { title: 'ServiceBlockRequest', ...CLOSED });

const IssuedCertificate = Type.Object({ certificatePem: text(), privateKeyPem: text(), serialHex: text() });

export const RegisteredTpp = Type.Object(
  {
    clientId: text(),
    clientSecret: text(),
    redirectUri: text(),
    keyId: text(),
    organizationId: text(),
    roles: Type.Array(text()),
    name: text(),
    qwac: IssuedCertificate,
    qseal: IssuedCertificate,
  },
  { title: 'RegisteredTpp' },
);

export const PhoneLinkRequest = Type.Object(
  { psuId: text('The customer whose approvals the link opens, on a phone of the class.') },
  { title: 'PhoneLinkRequest', ...CLOSED },
);

export const PhoneLink = Type.Object(
  {
    url: text(
      "The address a phone opens (a QR code of it): the simulator's public origin with `#phone=<token>`. The token allows only this customer's SCA decisions and reading their journeys and what those approve; New class and a restart end it.",
    ),
    psuId: text(),
    psuName: text(),
    institution: text(),
    reachable: flag(
      'True when the simulator listens beyond loopback (`--host`): phones on the network can open the link. False: it listens on this machine only, so a phone cannot.',
    ),
  },
  { title: 'PhoneLink', description: '"Approve on your own phone": a link for one customer (`POST /simulator/v1/phone-links`).' },
);
