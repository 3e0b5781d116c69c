import type { FastifyRequest } from 'fastify';
import { formatError } from '../domain/errors';

const sentBodies = new WeakMap<FastifyRequest, Buffer>();

/** The exact request bytes (kept for Digest), or an empty buffer when there was no body. */
export function rawBody(request: FastifyRequest): Buffer {
  return sentBodies.get(request) ?? (Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
}

/** Keeps the bytes as sent for a route whose body is replaced by its parsed value (control-validation.ts). */
export function keepRawBody(request: FastifyRequest, bytes: Buffer): void {
  sentBodies.set(request, bytes);
}

export function jsonBody(request: FastifyRequest): unknown {
  const bytes = rawBody(request);
  if (bytes.length === 0) throw formatError('the request body is empty; a JSON object is expected');
  return parseJsonBody(bytes);
}

/** The bytes as JSON; FORMAT_ERROR naming the fault when they are not. */
export function parseJsonBody(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch (err) {
    throw formatError(`the request body is not valid JSON: ${(err as Error).message}`);
  }
}

/** application/x-www-form-urlencoded as a name → values map, so a repeated parameter can be refused. */
export function formParams(text: string): Map<string, string[]> {
  const params = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    params.set(name, [...(params.get(name) ?? []), value]);
  }
  return params;
}

export function queryParams(url: string): Map<string, string[]> {
  const q = url.indexOf('?');
  return formParams(q < 0 ? '' : url.slice(q + 1));
}
