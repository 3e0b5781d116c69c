/**
 * The simulator's two behaviours (docs/architecture.md#two-behaviours-simulation-and-sandbox): the stateful
 * simulation, or the bank's documented sandbox with its fixed answers. A flow names the one it is
 * written for with the same words, since it runs only where they are equal.
 */
export const SIMULATOR_MODES = ['simulation', 'sandbox'] as const;
export type SimulatorMode = (typeof SIMULATOR_MODES)[number];

export const isSimulatorMode = (value: unknown): value is SimulatorMode => SIMULATOR_MODES.includes(value as SimulatorMode);
