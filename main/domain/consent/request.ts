import { formatError } from '../errors';
import { addCalendarDays, isIsoDate, ukDate } from '../time/uk-time';
import type { ConsentTerms } from './consent';

/** Recurring consents run from request date + 1 to + 180 calendar days; one-off ones exactly + 2 (spec "Limits"). */
export const RECURRING_MIN_DAYS = 1;
export const RECURRING_MAX_DAYS = 180;
export const ONE_OFF_DAYS = 2;
const MAX_FREQUENCY_PER_DAY = 10_000;

const FIELDS = ['access', 'recurringIndicator', 'validUntil', 'frequencyPerDay', 'combinedServiceIndicator'] as const;

/** Validates a POST /consents body against the spec's "Consent" table and the validUntil bounds of "Limits". */
export function parseConsentRequest(body: unknown, now: Date): ConsentTerms {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw formatError('the body must be a JSON object with access, recurringIndicator, validUntil, frequencyPerDay and combinedServiceIndicator');
  }
  const record = body as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => !(FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw formatError(`unknown field ${unknown.map((k) => `"${k}"`).join(', ')} in the consent request`);
  for (const field of FIELDS) {
    if (!(field in record)) throw formatError(`field ${field} is missing`);
  }

  const access = record.access;
  if (typeof access !== 'object' || access === null || Array.isArray(access) || Object.keys(access).length > 0) {
    throw formatError(
      "access must be an empty object {}: access is derived from the PSU's corporate-banking permissions; do not send accounts, IBANs or permission lists",
    );
  }
  const { recurringIndicator, validUntil, frequencyPerDay, combinedServiceIndicator } = record;
  if (typeof recurringIndicator !== 'boolean') throw formatError('recurringIndicator must be true or false');
  if (typeof combinedServiceIndicator !== 'boolean') throw formatError('combinedServiceIndicator must be true or false (send true)');
  if (typeof frequencyPerDay !== 'number' || !Number.isInteger(frequencyPerDay) || frequencyPerDay < 1 || frequencyPerDay > MAX_FREQUENCY_PER_DAY) {
    throw formatError(`frequencyPerDay must be a whole number from 1 to ${MAX_FREQUENCY_PER_DAY}`);
  }
  if (typeof validUntil !== 'string' || !isIsoDate(validUntil)) throw formatError('validUntil must be a date written YYYY-MM-DD');

  const requestDate = ukDate(now);
  if (recurringIndicator) {
    const first = addCalendarDays(requestDate, RECURRING_MIN_DAYS);
    const last = addCalendarDays(requestDate, RECURRING_MAX_DAYS);
    if (validUntil < first || validUntil > last) {
      throw formatError(`validUntil ${validUntil} is outside the bounds of a recurring consent requested on ${requestDate} (UK): from ${first} to ${last}`);
    }
  } else {
    const only = addCalendarDays(requestDate, ONE_OFF_DAYS);
    if (validUntil !== only) {
      throw formatError(`validUntil of a one-off consent requested on ${requestDate} (UK) must be exactly ${only}, got ${validUntil}`);
    }
  }
  return { recurringIndicator, validUntil, frequencyPerDay, combinedServiceIndicator };
}
