// A server on 127.0.0.1 is reachable by every web page the developer opens. Two rules keep pages of
// other origins from acting on it, as local developer servers do:
// - Host: a page on a name the attacker controls, resolved to 127.0.0.1 (DNS rebinding), sends its own
//   name; only this server's names are answered (421 Misdirected Request otherwise).
// - Origin and Content-Type on the control API's and SCA pages' writes: a browser "simple request"
//   (text/plain, a form post) needs no preflight, so those writes take JSON only and, when a browser
//   says where it comes from, only from this server's own origin.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { networkInterfaces, hostname } from 'node:os';
import { BankError } from '../domain/errors';
import { CONTROL_PREFIX } from './control-operations';

export interface LocalSafetyOptions {
  /** The address the server listens on (`--host`). */
  host: string;
  /** `--public-url`, `--psu-public-url`: the names (and ports) clients outside reach the server at, answered as they are. */
  publicUrls: readonly string[];
  /** Whether the server speaks HTTPS (its own origin's scheme). */
  tls: boolean;
}

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A host name as compared: lower case, an IPv6 address in brackets. */
const normalName = (name: string): string => {
  const lower = name.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
};

/** The names this server answers to on its listening port. */
export function ownNames(host: string): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', normalName(host)]);
  if (WILDCARDS.has(host)) {
    names.add(normalName(hostname()));
    for (const addresses of Object.values(networkInterfaces())) for (const a of addresses ?? []) names.add(normalName(a.address.split('%')[0] as string));
  }
  return names;
}

/** The name of a Host header or an authority, ports left aside; null when it is not one. */
export function hostName(value: string | undefined): string | null {
  const match = value === undefined ? null : /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/@]+)(?::\d{1,5})?$/.exec(value);
  return match?.[1] ? normalName(match[1]) : null;
}

/** The authority of an absolute-form request target (`POST http://host:port/path`), which RFC 9112 puts above Host. */
const targetAuthority = (url: string): string | undefined => (url.startsWith('/') ? undefined : /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1]);

/**
 * Judged on the route the router matched, never on the request's spelling of it: the router decodes
 * `%73imulator`, takes absolute-form targets and folds what its options fold, so any check of the raw URL
 * leaves a spelling that reaches a control route unjudged. No route matched: nothing runs to protect.
 */
const isControlOrScaPage = (request: FastifyRequest): boolean => {
  const route = request.routeOptions.url;
  return route !== undefined && (route.startsWith(`${CONTROL_PREFIX}/`) || route.startsWith('/sca/'));
};

/** First of the server's hooks: a refused request runs no route and is not logged as the bank's traffic. */
export function localSafety(app: FastifyInstance, options: LocalSafetyOptions): void {
  const names = ownNames(options.host);
  const publicNames = new Set(options.publicUrls.flatMap((u) => hostName(new URL(u).host) ?? []));
  /**
   * The rebinding check is on the name: a page on a name it controls sends that name. The port is not
   * judged: a container's port mapping (`-p 8080:4646`) or a proxy puts another one in Host, and
   * `openssl s_client` or a hand-typed request gives none.
   */
  const isOwn = (value: string | undefined): boolean => {
    const name = hostName(value);
    return name !== null && (names.has(name) || publicNames.has(name));
  };

  // A client sends the same Host on every request: the last one answered is not parsed again.
  let answeredHost: string | undefined;
  const answered = (request: FastifyRequest): boolean => {
    const host = request.headers.host;
    const authority = targetAuthority(request.url);
    if (authority !== undefined) return isOwn(authority) && isOwn(host);
    if (host !== undefined && host === answeredHost) return true;
    const ok = isOwn(host);
    if (ok) answeredHost = host;
    return ok;
  };

  // A callback, not an async function: it runs on every request, and a promise per hook costs more than its checks.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request)));

  /** Why the request is refused before anything else sees it; undefined when it may go on. */
  const refusal = (request: FastifyRequest): BankError | undefined => {
    if (!answered(request)) {
      const host = (request.headers.host ?? '(none)').slice(0, 100);
      return BankError.of(
        'FORMAT_ERROR',
        `Host ${host} is not a name of this simulator; use ${[[...names][0] + ':' + String(request.socket.localPort), ...options.publicUrls].join(' or ')}`,
        421,
      );
    }
    if (!WRITES.has(request.method) || !isControlOrScaPage(request)) return undefined;
    const origin = request.headers.origin;
    const own = `${options.tls ? 'https' : 'http'}://${request.headers.host ?? ''}`.toLowerCase();
    if (origin !== undefined && origin.toLowerCase() !== own) {
      return BankError.of('FORMAT_ERROR', `a page of another origin (${origin.slice(0, 100)}) may not act on the simulator; its own pages are at ${own}`, 403);
    }
    const type = request.headers['content-type'];
    const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    if ((hasBody || type !== undefined) && !/^application\/json\s*(;|$)/i.test(type ?? '')) {
      return BankError.of(
        'FORMAT_ERROR',
        `the control API takes Content-Type: application/json (got ${type === undefined ? 'none' : type.slice(0, 100)})`,
        415,
      );
    }
    return undefined;
  };
}
