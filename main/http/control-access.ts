// Beyond loopback the control API acts for the PSU and the bank's operator, so it needs the token
// printed at start. Scripts send it as a bearer token; the browser UI trades it once for a cookie,
// because EventSource (the UI's event stream) cannot send an Authorization header.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../domain/headers/bearer';

export const CONTROL_COOKIE = 'psd2wb_control';
const COOKIE_PATH = '/simulator/v1';

export function hasControlAccess(request: FastifyRequest, token: string): boolean {
  const bearer = bearerToken(request.headers.authorization);
  return sameToken(bearer, token) || sameToken(cookieValue(request.headers.cookie, CONTROL_COOKIE), token);
}

/** SameSite=Strict: another site's page cannot make the browser act with it (no CSRF). */
export function grantControlCookie(reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${CONTROL_COOKIE}=${token}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict`);
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 8_192) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
