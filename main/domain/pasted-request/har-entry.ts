import { REPLACEMENT_WARNING } from './pasted-body';
import { addHeader, isMethod, pasteProblem, targetOf, type ParsedPaste, type PastedRequest } from './pasted';

interface HarRequestLike {
  method?: unknown;
  url?: unknown;
  headers?: unknown;
  postData?: { text?: unknown; encoding?: unknown } | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A HAR 1.2 entry, a whole log, or just an entry's request. From a log with several entries the
 * `pick` decides which one (by default the first one `pick` accepts, else the first).
 */
export function parseHar(text: string, pick: (method: string, target: string) => boolean = () => true): ParsedPaste {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return pasteProblem(`the HAR is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const requests = harRequests(json);
  if (requests === null)
    return pasteProblem('the JSON is not a HAR: expected {"log":{"entries":[...]}}, an entry with "request", or a request with "method" and "url"');
  if (requests.length === 0) return pasteProblem('the HAR log has no entries');
  const parsed = requests.map(harRequest);
  const chosen = parsed.find((p) => p.ok && pick(p.request.method, p.request.target)) ?? parsed[0];
  return chosen ?? pasteProblem('the HAR log has no entries');
}

function harRequests(json: unknown): unknown[] | null {
  if (!isObject(json)) return null;
  const log = json.log;
  if (isObject(log)) return Array.isArray(log.entries) ? log.entries.map((e) => (isObject(e) ? e.request : e)) : null;
  if (isObject(json.request)) return [json.request];
  if ('method' in json && 'url' in json) return [json];
  return null;
}

function harRequest(value: unknown): ParsedPaste {
  if (!isObject(value)) return pasteProblem('a HAR entry has no request object');
  const request = value as HarRequestLike;
  if (typeof request.method !== 'string' || !isMethod(request.method)) return pasteProblem('the HAR request has no method');
  if (typeof request.url !== 'string') return pasteProblem('the HAR request has no url');
  const target = targetOf(request.url);
  if (target === null) return pasteProblem(`the HAR request's url "${request.url.slice(0, 120)}" is not an http(s) URL`);
  if (!Array.isArray(request.headers)) return pasteProblem('the HAR request has no headers list');
  const headers: PastedRequest['headers'] = {};
  for (const header of request.headers) {
    if (!isObject(header) || typeof header.name !== 'string' || typeof header.value !== 'string')
      return pasteProblem('each HAR header must be {"name","value"} with strings');
    // HTTP/2 pseudo-headers (:authority, :path) are not headers of the request. A value as the bank reads it:
    // HTTP drops the spaces and tabs around it (a trailing space a client signed never arrives).
    if (!header.name.startsWith(':')) addHeader(headers, header.name, header.value.replace(/^[ \t]+|[ \t]+$/g, ''));
  }
  const post = request.postData;
  let body = Buffer.alloc(0);
  let warning: string | undefined;
  if (isObject(post) && post.text !== undefined) {
    if (typeof post.text !== 'string') return pasteProblem('postData.text must be a string');
    if (post.encoding === 'base64') body = Buffer.from(post.text, 'base64');
    // Text is UTF-8 in a HAR (bytes that are not go as base64): only a replaced byte is worth a word.
    else {
      body = Buffer.from(post.text, 'utf8');
      if (post.text.includes('\ufffd')) warning = REPLACEMENT_WARNING;
    }
  }
  return { ok: true, request: { method: request.method.toUpperCase(), target, headers, body, ...(warning ? { warnings: [warning] } : {}) } };
}
