// The bank's operations by the route Fastify matched (method and path as registered), so every decision on
// a request's operation is made on what the router made of it, never on its spelling (docs/architecture.md#local-safety).
import type { FastifyRequest } from 'fastify';
import { BANK_OPERATIONS, BANK_OPERATION_NAMES, decodedPathOf, tokenOperationOf, type BankOperation } from '../domain/operations/registry';

const OPERATIONS_BY_ROUTE = new Map<string, BankOperation>();
for (const name of BANK_OPERATION_NAMES) {
  const row = BANK_OPERATIONS[name];
  // The token endpoint's three share one route: the first stands for it until the grant is read.
  const key = `${row.method} ${row.path.replace(/\{(\w+)\}/g, ':$1')}`;
  if (!OPERATIONS_BY_ROUTE.has(key)) OPERATIONS_BY_ROUTE.set(key, name);
}

/** Whether a route (method and path as registered) is one of the bank's operations. */
export const isBankOperationRoute = (method: string, url: string): boolean => OPERATIONS_BY_ROUTE.has(`${method} ${url}`);

/** The operation of the route a request matched; at the token endpoint, by the grant of its (read) body. */
export function operationOfRequest(request: FastifyRequest): BankOperation | null {
  const found = OPERATIONS_BY_ROUTE.get(`${request.method} ${request.routeOptions.url ?? ''}`) ?? null;
  if (found === null || !found.startsWith('token-')) return found;
  const body = Buffer.isBuffer(request.body) ? request.body.toString('latin1') : '';
  return tokenOperationOf(body) ?? found;
}

/** The request's path as the router read it: each segment percent-decoded (one that will not decode stays as sent), no query. */
export const decodedPath = (request: FastifyRequest): string => decodedPathOf(request.url);
