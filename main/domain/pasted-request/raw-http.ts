import { pastedBodyBytes } from './pasted-body';
import { addHeader, isHeaderName, isMethod, pasteProblem, targetOf, type ParsedPaste, type PastedRequest } from './pasted';

/**
 * A raw HTTP/1.1 request as a log or a proxy shows it: request line, headers, an empty line, the
 * body. Lines may end in CRLF (as on the wire) or LF (as most logs and clipboards have them); the
 * body is kept byte for byte, whatever its own line endings.
 */
export function parseRawHttp(text: string): ParsedPaste {
  const start = text.replace(/^(?:[ \t]*\r?\n)+/, '');
  if (start.trim() === '') return pasteProblem('the request is empty: paste the request line, the headers, an empty line and the body');
  const firstBreak = start.indexOf('\n');
  const requestLine = (firstBreak < 0 ? start : start.slice(0, firstBreak)).replace(/\r$/, '');
  const parts = requestLine.split(' ').filter((p) => p !== '');
  const [method, url, version] = parts;
  if (parts.length < 2 || parts.length > 3 || method === undefined || url === undefined || !isMethod(method)) {
    return pasteProblem(
      `the first line must be the request line, e.g. "POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers HTTP/1.1"; got "${requestLine.slice(0, 120)}"`,
    );
  }
  if (version !== undefined && !/^HTTP\/\d(\.\d)?$/.test(version))
    return pasteProblem(`the request line ends in "${version}", not an HTTP version such as HTTP/1.1`);
  const target = targetOf(url);
  if (target === null) return pasteProblem(`the request target "${url}" is neither a path nor an http(s) URL`);

  const headers: PastedRequest['headers'] = {};
  let at = firstBreak < 0 ? start.length : firstBreak + 1;
  let lastName: string | null = null;
  for (;;) {
    if (at >= start.length) return { ok: true, request: { method: method.toUpperCase(), target, headers, body: Buffer.alloc(0) } };
    const end = start.indexOf('\n', at);
    const line = (end < 0 ? start.slice(at) : start.slice(at, end)).replace(/\r$/, '');
    at = end < 0 ? start.length : end + 1;
    if (line === '') break;
    if (/^[ \t]/.test(line) && lastName !== null) {
      // An obsolete folded line continues the previous header's value.
      const kept = headers[lastName];
      const folded = line.trim();
      if (Array.isArray(kept)) kept[kept.length - 1] = `${kept[kept.length - 1] ?? ''} ${folded}`;
      else headers[lastName] = `${kept ?? ''} ${folded}`;
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon) : '';
    if (!isHeaderName(name))
      return pasteProblem(`"${line.slice(0, 120)}" is not a header line (Name: value); end the headers with an empty line before the body`);
    addHeader(headers, name, line.slice(colon + 1).trim());
    lastName = name.toLowerCase();
  }
  const { body, warning } = pastedBodyBytes(start.slice(at), headers['content-length']);
  return { ok: true, request: { method: method.toUpperCase(), target, headers, body, ...(warning ? { warnings: [warning] } : {}) } };
}
