import Type from 'typebox';
import * as S from '../../../shared/control-api';
import { CLOSED, oneOf, text } from '../../../shared/control-api/build';
import { PSD2_ROLES } from '../../domain/tpp/identity';
import { okAnswer, createdAnswer, NO_CONTENT, xmlAnswer, pagedList, type ControlPaths } from './operation';

const PAYMENT = { paymentId: 'A payment id' };
const INSTITUTION_QUERY = { institution: { description: 'An institution id', required: true } };

const TppRegistration = Type.Object(
  {
    organizationId: Type.Optional(text('e.g. PSDDE-BAFIN-654321')),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    roles: Type.Optional(Type.Array(oneOf([...PSD2_ROLES]))),
    ncaName: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    ncaId: Type.Optional(Type.String({ minLength: 1, maxLength: 140 })),
    trustFramework: Type.Optional(oneOf(['eidas', 'uk-open-banking'])),
    faults: Type.Optional(
      Type.Object(
        {
          expired: Type.Optional(Type.Boolean()),
          notYetValid: Type.Optional(Type.Boolean()),
          untrusted: Type.Optional(Type.Boolean()),
          qsealAuthorisationNumber: Type.Optional(text()),
          noQcStatement: Type.Optional(Type.Boolean()),
        },
        CLOSED,
      ),
    ),
    redirectUri: Type.Optional(text('An absolute http(s) URI; default https://tpp.example/callback')),
  },
  { title: 'TppRegistration', ...CLOSED },
);

/** The bank's operator: its state (institutions, PSUs, consents, payments, baskets) and settings (TPPs, rate limit, service blocks, fault rules). */
export const BANK_OPERATOR_OPERATIONS: ControlPaths = {
  '/institutions': {
    get: {
      operationId: 'listInstitutions',
      tag: 'bank',
      summary: 'The institutions: BIC, currency, products, business calendar, cut-offs, processing delays and scheme limits',
      answers: okAnswer(Type.Array(S.InstitutionSummary)),
    },
  },
  '/psus': {
    get: {
      operationId: 'listPsus',
      tag: 'bank',
      summary: "The dataset's PSUs with their accounts and permissions",
      answers: okAnswer(Type.Array(S.PsuSummary)),
    },
    post: {
      operationId: 'addPsu',
      tag: 'bank',
      summary:
        "Adds a customer to an institution, checked as the dataset's PSUs are (known institution and company, the company's accounts, a unique psuId); kept in the data folder over New class",
      body: { schema: S.PsuInput },
      answers: createdAnswer(S.PsuSummary),
      errors: [400],
    },
  },
  '/psus/{psuId}': {
    delete: {
      operationId: 'removePsu',
      tag: 'bank',
      summary:
        "Removes a customer added with POST psus: they can no longer log in or approve. 409 for the dataset's own customers and for one a saved lesson casts (the answer names the lesson)",
      params: { psuId: 'The psuId of a customer added for a lesson' },
      answers: NO_CONTENT,
      errors: [404, 409],
    },
  },
  '/consents': {
    get: {
      operationId: 'listConsents',
      tag: 'bank',
      summary: 'Consents with status, SCA status, validity and expiry, newest first, a page at a time',
      ...pagedList(S.ConsentSummary, 'consents'),
    },
  },
  '/payments': {
    get: {
      operationId: 'listPayments',
      tag: 'bank',
      summary: 'Payments with status, authorisations, execution date and creditors, newest first, a page at a time',
      ...pagedList(S.PaymentSummary, 'payments'),
    },
  },
  '/baskets': {
    get: {
      operationId: 'listBaskets',
      tag: 'bank',
      summary: 'Signing baskets with their payments and status, newest first, a page at a time',
      ...pagedList(S.BasketSummary, 'baskets'),
    },
  },
  '/tpps': {
    post: {
      operationId: 'registerTpp',
      tag: 'bank',
      summary: 'Registers another TPP application with its QWAC and QSEAL',
      body: { schema: TppRegistration },
      answers: createdAnswer(S.RegisteredTpp),
      errors: [400],
    },
  },
  '/payments/{paymentId}/processing': {
    post: {
      operationId: 'processPayment',
      tag: 'bank',
      summary: 'The bank finishes a PDNG payment (409 otherwise)',
      params: PAYMENT,
      body: { schema: S.ProcessingOutcome },
      answers: okAnswer(S.ProcessedPayment),
      errors: [400, 404, 409],
    },
  },
  '/payments/{paymentId}/pain001': {
    get: {
      operationId: 'getPaymentPain001',
      tag: 'bank',
      summary: "The payment's original pain.001, byte for byte as the TPP sent it",
      params: PAYMENT,
      answers: xmlAnswer('The pain.001 document'),
      errors: [400, 404],
    },
  },
  '/payments/{paymentId}/pain002': {
    get: {
      operationId: 'getPaymentPain002',
      tag: 'bank',
      summary: 'Its pain.002 as the bank would send it now',
      params: PAYMENT,
      answers: xmlAnswer('The pain.002 status report'),
      errors: [400, 404],
    },
  },
  '/rate-limit': {
    get: { operationId: 'getRateLimit', tag: 'bank', summary: 'Requests per second per TPP identity (0: off)', answers: okAnswer(S.RateLimit) },
    post: {
      operationId: 'setRateLimit',
      tag: 'bank',
      summary: 'Sets the rate limit (over it: 429 TOO_MANY_REQUESTS)',
      body: { schema: S.RateLimit },
      answers: okAnswer(S.RateLimit),
      errors: [400],
    },
  },
  '/service-blocks': {
    get: {
      operationId: 'listServiceBlocks',
      tag: 'bank',
      summary: 'The consent service blocks (403 SERVICE_BLOCKED)',
      answers: okAnswer(Type.Array(S.ServiceBlock)),
    },
    post: {
      operationId: 'blockService',
      tag: 'bank',
      summary: 'Blocks the consent service at an institution for one TPP, or every TPP with tppId null',
      body: { schema: S.ServiceBlockRequest },
      answers: { ...okAnswer(S.ServiceBlock, 'Already blocked'), ...createdAnswer(S.ServiceBlock) },
      errors: [400],
    },
    delete: {
      operationId: 'unblockService',
      tag: 'bank',
      summary: 'Lifts a block',
      body: { schema: S.ServiceBlockRequest },
      answers: NO_CONTENT,
      errors: [400, 404],
    },
  },
  '/faults/{faultId}': {
    delete: {
      operationId: 'removeFault',
      tag: 'bank',
      summary: 'Removes one fault rule',
      params: { faultId: 'The id POST /simulator/v1/faults answered' },
      answers: NO_CONTENT,
      errors: [404],
    },
  },
  '/faults': {
    get: {
      operationId: 'listFaults',
      tag: 'bank',
      summary: 'The fault rules, each with how often it matched and fired (docs/testing-your-tpp.md)',
      answers: okAnswer(Type.Array(S.FaultRuleReport)),
    },
    post: {
      operationId: 'addFault',
      tag: 'bank',
      summary: 'Adds a fault rule (matching requests to the bank get its error status, delay or dribbled answer) or a bank-level preset',
      body: { schema: S.FaultRuleInput },
      answers: createdAnswer(S.FaultRuleReport),
      errors: [400],
    },
    delete: {
      operationId: 'clearFaults',
      tag: 'bank',
      summary: 'Removes every fault rule',
      answers: NO_CONTENT,
    },
  },
  '/vop-registry': {
    get: {
      operationId: 'getVopRegistry',
      tag: 'bank',
      summary: "The VoP registry's payees, each with a creditor name and the outcome it demonstrates",
      query: INSTITUTION_QUERY,
      answers: okAnswer(S.VopRegistry),
      errors: [400],
    },
    post: {
      operationId: 'addVopRegistryPayee',
      tag: 'bank',
      summary:
        "Adds a payee to an institution's VoP registry: its SEPA payments to the IBAN get the chosen answer of the payee's bank; checked as the dataset's payees are (a valid IBAN, unique in the registry); kept in the data folder over New class",
      body: { schema: S.VopRegistryPayeeInput },
      answers: createdAnswer(S.VopRegistryPayee),
      errors: [400],
    },
  },
  '/vop-registry/{institution}/{iban}': {
    delete: {
      operationId: 'removeVopRegistryPayee',
      tag: 'bank',
      summary:
        "Removes a payee added with POST vop-registry from the institution's registry: its payments' name checks no longer find it. 409 for the dataset's own payees and for one a saved lesson pays (the answer names the lesson)",
      params: { institution: 'An institution id', iban: 'The IBAN of a payee added there' },
      answers: NO_CONTENT,
      errors: [404, 409],
    },
  },
  '/templates': {
    get: {
      operationId: 'listTemplates',
      tag: 'bank',
      summary: 'A pain.001 template for every product the institution offers, single and bulk',
      query: INSTITUTION_QUERY,
      answers: okAnswer(Type.Array(S.Pain001TemplateSummary)),
      errors: [400],
    },
  },
};
