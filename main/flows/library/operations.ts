import { FaultRuleInput } from '../../../shared/control-api/faults';
import type { Actor } from './actors';

/**
 * How a parameter is checked when a flow file is read. A parameter given as one whole reference
 * (`"${steps.pay.values.paymentId}"`) passes any kind here; the runner checks the value it resolves to.
 */
export type ParamKind = 'text' | 'number' | 'boolean' | 'psuRole' | 'faults' | 'textList' | 'textMap' | 'creditors' | 'object';

/** The fields of one creditor of createPayment's `creditors` (main/tpp/pain001-creditors.ts), and whether each is required. */
export const CREDITOR_FIELDS = { name: true, iban: true, amount: false } as const;

interface OperationSpec {
  /** Who acts when the step does not say. */
  actor: Actor;
  required: Record<string, ParamKind>;
  optional?: Record<string, ParamKind>;
}

type Schema = { type?: unknown; properties?: Record<string, Schema>; anyOf?: Schema[] };

/** The fields of a POST /simulator/v1/faults body, of whichever shape (a rule or a preset), each as a parameter kind. */
function faultRuleParams(): Record<string, ParamKind> {
  const shapes = (schema: Schema): Schema[] => schema.anyOf ?? [schema];
  const kind = (schema: Schema): ParamKind => {
    if (schema.type === 'integer' || schema.type === 'number') return 'number';
    return shapes(schema).some((shape) => shape.type === 'object') ? 'object' : 'text';
  };
  const fields = shapes(FaultRuleInput as Schema).flatMap((shape) => Object.entries(shape.properties ?? {}));
  return Object.fromEntries(fields.map(([name, schema]) => [name, kind(schema)]));
}

const psu = { psu: 'psuRole' } as const;
const payment = { psu: 'psuRole', product: 'text', paymentId: 'text' } as const;

/** Every operation a flow step can name, with its parameters: the built-in TPP's, the PSU's and the operator's. */
export const OPERATIONS = {
  // OAuth and consents (spec "Token operations", "Consents")
  tokenClientCredentials: { actor: 'tpp', required: {} },
  createConsent: { actor: 'tpp', required: psu, optional: { recurringIndicator: 'boolean', validDays: 'number', frequencyPerDay: 'number' } },
  consentStatus: { actor: 'tpp', required: { consentId: 'text' } },
  openScaLink: { actor: 'psuBrowser', required: { scaRedirect: 'text' } },
  /** `action`: approve (the default), reject, or psu: the PSU decides on the phone and either is expected (deciding on the run's own approves). */
  psuDecides: { actor: 'psuApp', required: { scaRedirect: 'text' }, optional: { action: 'text' } },
  /** The SCA journey as the bank's app shows it (GET /simulator/v1/sca): status, outcomeReason, timeLimit. */
  scaJourney: { actor: 'psuApp', required: { scaRedirect: 'text' } },
  authorize: { actor: 'psuBrowser', required: { consentId: 'text' } },
  exchangeCode: { actor: 'tpp', required: { psu: 'psuRole', consentId: 'text', code: 'text', verifier: 'text' } },
  /**
   * Consent, SCA link, approval in the app, authorize with PKCE and token in one step, for flows about
   * something else; `onPhone: false` has the run approve the consent itself even when a live run waits for the PSU.
   */
  psuSession: { actor: 'tpp', required: psu, optional: { onPhone: 'boolean' } },
  refreshToken: { actor: 'tpp', required: psu },
  getConsent: { actor: 'tpp', required: psu },
  deleteConsent: { actor: 'tpp', required: psu },
  // account information
  getAccounts: { actor: 'tpp', required: psu },
  getAccount: { actor: 'tpp', required: { psu: 'psuRole', accountId: 'text' } },
  getBalances: { actor: 'tpp', required: { psu: 'psuRole', accountId: 'text' } },
  getTransactions: { actor: 'tpp', required: { psu: 'psuRole', accountId: 'text' }, optional: { sinceDays: 'number', query: 'textMap', accept: 'text' } },
  // payments
  /** The bank's template of `kind` (default single), or `pain001` as given; `creditors` replaces the template's payees, `debtorIban` its debtor account. */
  createPayment: {
    actor: 'tpp',
    required: { psu: 'psuRole', product: 'text' },
    optional: { kind: 'text', pain001: 'text', creditors: 'creditors', debtorIban: 'text', remittance: 'text', faults: 'faults' },
  },
  getPayment: { actor: 'tpp', required: payment },
  paymentStatus: { actor: 'tpp', required: payment },
  startAuthorisation: { actor: 'tpp', required: payment, optional: { faults: 'faults' } },
  getAuthorisation: { actor: 'tpp', required: { ...payment, authorisationId: 'text' } },
  cancelPayment: { actor: 'tpp', required: payment, optional: { faults: 'faults' } },
  // signing baskets and funds confirmation
  createBasket: { actor: 'tpp', required: { psu: 'psuRole', paymentIds: 'textList' }, optional: { faults: 'faults' } },
  getBasket: { actor: 'tpp', required: { psu: 'psuRole', basketId: 'text' } },
  confirmFunds: { actor: 'tpp', required: { psu: 'psuRole', iban: 'text', amount: 'text', currency: 'text' }, optional: { faults: 'faults' } },
  // the bank's operator (control API)
  advanceClock: { actor: 'operator', required: { duration: 'text' } },
  /** To an ISO-8601 instant, for a flow that needs a known business day and hour (cut-offs, execution dates). */
  setClock: { actor: 'operator', required: { instant: 'text' } },
  processPayment: { actor: 'operator', required: { paymentId: 'text', outcome: 'text' }, optional: { reason: 'text' } },
  /**
   * A fault rule (POST /simulator/v1/faults, docs/testing-your-tpp.md): the parameters are its body, held to the
   * API's schema when the flow is read; `values.faultId` is the rule's id. The run removes its rules when it ends.
   */
  addFault: { actor: 'operator', required: {}, optional: faultRuleParams() },
  /** Removes the rule `faultId` (an addFault step's `values.faultId`), or without it every fault rule of the bank. */
  clearFaults: { actor: 'operator', required: {}, optional: { faultId: 'number' } },
} as const satisfies Record<string, OperationSpec>;

export type OperationName = keyof typeof OPERATIONS;

export const isOperation = (name: string): name is OperationName => Object.hasOwn(OPERATIONS, name);

export const operationSpec = (name: OperationName): OperationSpec => OPERATIONS[name];

/** psuDecides' `action`: the PSU approves, rejects, or (`psu`) decides either way, both expected. */
export const PSU_ACTIONS = ['approve', 'reject', 'psu'] as const;
export type PsuAction = (typeof PSU_ACTIONS)[number];

/** The deliberate signature faults of the built-in TPP (main/tpp SignFaults) and the JSON type each takes. */
export const FAULT_KINDS = {
  bodyChangedAfterDigest: 'boolean',
  headerLeftOut: 'string',
  signRequestTarget: 'boolean',
  otherTppCertificate: 'boolean',
} as const;
