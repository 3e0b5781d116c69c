/** The most rows one page of an operator's list holds (and the default: the lists showed this many before they had pages). */
export const MAX_PAGE_ROWS = 500;
/** The furthest a page may start: beyond any list the simulator keeps. */
export const MAX_OFFSET = 1_000_000_000;

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

/**
 * `?limit=&offset=` of a control-API list as its route's schema let them through (whole numbers
 * within MAX_PAGE_ROWS and MAX_OFFSET: main/http/control-operations.ts), with their defaults.
 */
export function readListPage(query: { limit?: string; offset?: string }): ListPage {
  return { limit: query.limit === undefined ? MAX_PAGE_ROWS : Number(query.limit), offset: query.offset === undefined ? 0 : Number(query.offset) };
}
