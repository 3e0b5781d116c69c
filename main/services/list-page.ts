import { formatError } from '../domain/errors';

/** The most rows one page of an operator's list holds (and the default: the lists showed this many before they had pages). */
export const MAX_PAGE_ROWS = 500;
const MAX_OFFSET = 1_000_000_000;

/** Which rows of a list, newest first. */
export interface ListPage {
  limit: number;
  offset: number;
}

/** A page of rows and how many the whole list has, for `X-Total-Count` and "500 of 1,893". */
export interface Paged<T> {
  items: T[];
  total: number;
}

const whole = (value: unknown, name: string, min: number, max: number, fallback: number): number => {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^[0-9]{1,10}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw formatError(`${name} must be a whole number from ${min} to ${max.toLocaleString('en')}`);
  }
  return Number(value);
};

/** `?limit=&offset=` of a control-API list, as the route receives them; FORMAT_ERROR for anything else. */
export function readListPage(query: { limit?: unknown; offset?: unknown }): ListPage {
  return { limit: whole(query.limit, 'limit', 1, MAX_PAGE_ROWS, MAX_PAGE_ROWS), offset: whole(query.offset, 'offset', 0, MAX_OFFSET, 0) };
}
