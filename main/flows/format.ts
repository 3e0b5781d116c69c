import type { OperationName } from './operations';

/**
 * The flow library's file format, version 1: a flow is data (resources/flows/*.json) that the
 * Flows screen, the tests and the headless runner (`npm run flow`) all read. Parameters may refer
 * to earlier results with `${...}` (see references.ts); expectations are checked by expectations.ts.
 */
export const FLOW_FORMAT_VERSION = 1;

/** Who acts in a step, for the sequence diagram: the TPP, the PSU's browser, the PSU's bank app, the bank's operator. */
export const ACTORS = ['tpp', 'psuBrowser', 'psuApp', 'operator'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * Which behaviour of the simulator a flow is written for (DESIGN.md "Two behaviours of the simulator"):
 * the stateful simulation, or the bank's documented sandbox with its fixed answers. Named as the
 * simulator's modes (GET /simulator/v1/info `mode`), since a flow runs only where they are equal.
 */
export const BEHAVIOURS = ['simulation', 'sandbox'] as const;
export type FlowBehaviour = (typeof BEHAVIOURS)[number];

/** A JSON value as a flow file holds it. */
export type FlowValue = string | number | boolean | null | FlowValue[] | { [key: string]: FlowValue };

/** One field's expectation: the value itself (deep equality) or one of these matchers. */
export type FieldExpectation = FlowValue | { oneOf: FlowValue[] } | { matches: string } | { present: boolean };

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
}

export interface FlowFile {
  formatVersion: typeof FLOW_FORMAT_VERSION;
  /** The library name, as `npm run flow -- NAME` takes it. */
  name: string;
  title: string;
  description: string;
  /** The simulator's behaviour the flow expects; a file without the field is a simulation flow. */
  behaviour: FlowBehaviour;
  /** Where the flow can run; the first is the default. */
  institutions: string[];
  /** PSU roles of the flow and the psuId suffix each defaults to: `creator: "CREATOR"` is `FRA-CREATOR` at Frankfurt. */
  psus: Record<string, string>;
  steps: FlowStep[];
}
