import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';
import { isOAuthPath } from './errors';

/** A registered URL as a whole-path pattern, with the methods registered on it. */
interface KnownPath {
  pattern: RegExp;
  methods: readonly string[];
}

/** Every registered URL: `any` tells in one test whether a path is one of them (most unknown paths are not). */
interface RouteTable {
  any: RegExp;
  paths: readonly KnownPath[];
}

/** A route's URL as a whole-path pattern source: each `:param` one segment, a trailing `*` anything. */
function patternOf(url: string): string {
  return url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
}

function tableOf(methodsByUrl: ReadonlyMap<string, ReadonlySet<string>>): RouteTable {
  const sources = [...methodsByUrl.keys()].map(patternOf);
  return {
    any: new RegExp(`^(?:${sources.join('|')})$`),
    paths: [...methodsByUrl.values()].map((methods, i) => ({ pattern: new RegExp(`^${sources[i]}$`), methods: [...methods] })),
  };
}

/**
 * Knows every registered route, so a request the router does not match can be told apart: a path
 * that exists with other methods is 405 with Allow (RFC 9110 section 15.5.6), anything else not found.
 * Call before the routes are registered.
 */
export function trackRoutes(app: FastifyInstance): (request: FastifyRequest) => BankError | null {
  const methodsByUrl = new Map<string, Set<string>>();
  // Built at the first unmatched request, once every route is known; a route added later builds it again.
  let table: RouteTable | null = null;
  app.addHook('onRoute', (route) => {
    const methods = methodsByUrl.get(route.url) ?? new Set<string>();
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) methods.add(method.toUpperCase());
    methodsByUrl.set(route.url, methods);
    table = null;
  });
  return (request) => {
    const path = request.url.split('?')[0] ?? '';
    table ??= tableOf(methodsByUrl);
    if (!table.any.test(path)) return null;
    const allowed = [...new Set(table.paths.filter((p) => p.pattern.test(path)).flatMap((p) => p.methods))].sort();
    // The method is among them when the router refused for another reason (a parameter over its length).
    if (allowed.length === 0 || allowed.includes(request.method)) return null;
    const text = `${request.method} is not an operation of ${path.slice(0, 200)}; it takes ${allowed.join(', ')}`;
    const error = isOAuthPath(request.url) ? BankError.oauth('invalid_request', text, 405) : BankError.of('SERVICE_INVALID', text);
    return error.withAllow(allowed);
  };
}
