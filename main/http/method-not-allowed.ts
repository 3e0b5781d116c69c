import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BankError } from '../domain/errors';
import { isOAuthPath } from './errors';

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

/** A route's URL as a whole-path pattern: each `:param` one segment, a trailing `*` anything. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Knows every registered route, so a request the router does not match can be told apart: a path
 * that exists with other methods is 405 with Allow (RFC 9110 section 15.5.6), anything else not found.
 * Call before the routes are registered.
 */
export function trackRoutes(app: FastifyInstance): (request: FastifyRequest) => BankError | null {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: method.toUpperCase(), pattern: patternOf(route.url) });
  });
  return (request) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))].sort();
    // The method is among them when the router refused for another reason (a parameter over its length).
    if (allowed.length === 0 || allowed.includes(request.method)) return null;
    const text = `${request.method} is not an operation of ${path.slice(0, 200)}; it takes ${allowed.join(', ')}`;
    const error = isOAuthPath(request.url) ? BankError.oauth('invalid_request', text, 405) : BankError.of('SERVICE_INVALID', text);
    return error.withAllow(allowed);
  };
}
