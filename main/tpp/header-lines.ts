import type { HeaderLine, HttpRequest } from './types';

/**
 * The header block Node's http.request takes as a flat list ([name, value, name, value, …]): it goes on
 * the wire as given, nothing merged or renamed. Node adds no Host or Content-Length to such a list, so
 * they come first and last here, from the URL and the body's bytes (fetch sends Content-Length: 0 for a
 * POST without a body; so does this, never chunked).
 */
export function wireHeaderList(url: string, lines: readonly HeaderLine[], request: Pick<HttpRequest, 'method' | 'body'>): string[] {
  const size = request.body === null ? null : Buffer.byteLength(request.body);
  const length = size ?? (['GET', 'HEAD'].includes(request.method.toUpperCase()) ? null : 0);
  const list = ['Host', new URL(url).host];
  for (const [name, value] of lines) list.push(name, value);
  if (length !== null) list.push('Content-Length', String(length));
  return list;
}
