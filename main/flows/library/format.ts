import type { PsuNeeds } from '../../../shared/psu-needs';
import type { SimulatorMode } from '../../domain/simulator-mode';
import type { Actor } from './actors';
import type { OperationName } from './operations';

/**
 * The flow library's file format, version 1: a flow is data (resources/flows/*.json) that the
 * Flows screen, the tests and the headless runner (`npm run flow`) all read. Parameters may refer
 * to earlier results with `${...}` (see references.ts); expectations are checked by expectations.ts.
 */
export const FLOW_FORMAT_VERSION = 1;

/** A JSON value as a flow file holds it. */
export type FlowValue = string | number | boolean | null | FlowValue[] | { [key: string]: FlowValue };

/**
 * One field's expectation: the value itself (deep equality) or one of these matchers. `byValue`
 * expects what its case for an earlier value of the run says: `of` is a path as in references
 * (`steps.decide.values.action`, `params.payee.outcome`), `cases` the expectation for each value,
 * so a step after a PSU's decision or a trainer's choice holds whichever way it went.
 */
export type FieldExpectation =
  FlowValue | { oneOf: FlowValue[] } | { matches: string } | { present: boolean } | { byValue: { of: string; cases: Record<string, FieldExpectation> } };

/** How a parameter of the flow is chosen (see parameters.ts). */
export const PARAMETER_KINDS = ['choice', 'amount', 'psu', 'payee'] as const;
export type ParameterKind = (typeof PARAMETER_KINDS)[number];

/**
 * A choice the trainer makes before the run starts, shown as a form on the Flows screen and given
 * as `--param NAME=VALUE` to `npm run flow`; steps use it as `${params.NAME}`.
 * - choice: one of `choices`;
 * - amount: a euro amount such as "250.00";
 * - psu: the PSU for the flow's role of the same name (a psuId of the institution), as the run's PSUs by role;
 * - payee: a Verification of Payee outcome among `choices`, which picks the payee of the dataset's
 *   VoP registry with that outcome: `${params.NAME.creditorName}`, `.iban`, `.registeredName`, `.outcome`.
 */
export interface FlowParameter {
  name: string;
  /** In a trainer's words, as the form's label: "What the payee's bank says about the name", "Who prepares the payment". */
  label: string;
  /** A sentence under the label: what the choice changes in the lesson, or who can be chosen and why. */
  help?: string;
  kind: ParameterKind;
  /** choice and payee only. */
  choices?: { value: string; label: string }[];
  /** Preselected; a psu parameter's default is the role's own PSU. */
  default?: string;
  /** psu only: what the role needs; only PSUs that meet it are offered and taken (shared/psu-needs.ts). */
  needs?: PsuNeeds;
}

export interface Expectation {
  /** The HTTP status of the step's main request, or the statuses any of which will do. */
  status: number | number[];
  /**
   * Paths into the step's result (`body.consentStatus`, `body.tppMessages[0].code`,
   * `headers.content-type`, `values.txStatuses`, `signature.verdict.checkId`) and what each must be.
   */
  fields?: Record<string, FieldExpectation>;
}

export interface FlowStep {
  /** Unique in the flow; later steps refer to this step's result as `steps.<id>`. */
  id: string;
  title: string;
  /** What happens and why, in one or two sentences. */
  explanation: string;
  /** The section of spec/bank-interface.md the step follows. */
  spec: string;
  actor: Actor;
  operation: OperationName;
  params: Record<string, FlowValue>;
  expect: Expectation;
  /**
   * Only for some of the trainer's choices: the step runs when each parameter named has one of the values
   * listed (`{"payee": ["timeout"]}`: the clock is moved only where the payee's bank never answers); for the
   * other choices the run leaves it out. No later step may refer to it.
   */
  when?: Record<string, string[]>;
}

export interface FlowFile {
  formatVersion: typeof FLOW_FORMAT_VERSION;
  /** The library name, as `npm run flow -- NAME` takes it. */
  name: string;
  title: string;
  description: string;
  /** A lesson for a class (docs/teaching.md): the Flows list tags it and shows it first, and it waits for the PSU's decisions by default. */
  lesson?: boolean;
  /** The simulator's behaviour the flow expects; a file without the field is a simulation flow. */
  /** The simulator's mode the flow is written for: it runs only where the simulator is in that mode. */
  behaviour: SimulatorMode;
  /** Where the flow can run; the first is the default. */
  institutions: string[];
  /** PSU roles of the flow and the psuId suffix each defaults to: `creator: "CREATOR"` is `FRA-CREATOR` at Frankfurt. */
  psus: Record<string, string>;
  /** What the trainer may choose before the run; none for a flow without choices. */
  parameters: FlowParameter[];
  steps: FlowStep[];
}
