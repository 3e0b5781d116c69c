/**
 * A request pasted by a person (from a TPP's log, a terminal, a browser's network tab) for the bank
 * to diagnose without sending it: the parsers of raw HTTP, cURL and HAR each give this shape.
 */
export interface PastedRequest {
  method: string;
  /** The request target as sent: path and query (an absolute URL is cut to its path and query). */
  target: string;
  /** Lower-case names; a repeated header is an array, as Node gives it to the routes. */
  headers: Record<string, string | string[]>;
  /** The exact body bytes; empty without a body. */
  body: Buffer;
  /** What does not add up in the paste (a Content-Length that disagrees with the body, bytes a copy lost), absent when nothing. */
  warnings?: string[];
}

export type ParsedPaste = { ok: true; request: PastedRequest } | { ok: false; problem: string };

export const pasteProblem = (problem: string): ParsedPaste => ({ ok: false, problem });

const METHOD_RE = /^[A-Za-z]+$/;
const HEADER_NAME_RE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const isMethod = (value: string): boolean => METHOD_RE.test(value);
export const isHeaderName = (value: string): boolean => HEADER_NAME_RE.test(value);

/** An origin-form target (`/path?query`) from what was pasted: an absolute URL or a path. */
export function targetOf(url: string): string | null {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}

/** The one way headers are added, shared with the live request's view (domain/headers/header-lines.ts). */
export { addHeader } from '../headers/header-lines';
