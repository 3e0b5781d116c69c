import { formatError } from '../../domain/errors';

export interface ResetOptions {
  log: boolean;
  runs: boolean;
  /** null: the clock stays; 'start': back to where the data folder's clock started; or an instant. */
  clock: 'start' | Date | null;
}

const SHAPE = 'the body must be {} or {"log": true, "runs": true, "clock": "start" | "<ISO-8601 instant>"}';

/** POST /simulator/v1/reset's body; none at all (as before "New class" existed) is `{}`. */
export function readResetOptions(body: unknown): ResetOptions {
  if (body === undefined) return { log: false, runs: false, clock: null };
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw formatError(SHAPE);
  const { log, runs, clock, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) throw formatError(`unknown field ${JSON.stringify(unknown[0]?.slice(0, 40))}: ${SHAPE}`);
  for (const [name, value] of [
    ['log', log],
    ['runs', runs],
  ] as const) {
    if (value !== undefined && typeof value !== 'boolean') throw formatError(`${name} must be true or false`);
  }
  return { log: log === true, runs: runs === true, clock: readClock(clock) };
}

function readClock(clock: unknown): ResetOptions['clock'] {
  if (clock === undefined) return null;
  if (clock === 'start') return 'start';
  const instant = typeof clock === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(clock) ? new Date(Date.parse(clock)) : null;
  if (instant === null || Number.isNaN(instant.getTime())) throw formatError('clock must be "start" or an ISO-8601 instant such as 2026-03-02T09:00:00Z');
  return instant;
}
