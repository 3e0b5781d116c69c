import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { wireHeaderList } from './header-lines';
import type { ClientCertificate } from './transport';
import type { HttpRequest } from './types';

/** The answer as received: status, lower-case headers (repeated ones joined as fetch does), the body as text. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/**
 * One request over HTTPS trusting `ca` only and presenting `client` when given. node:https rather
 * than fetch: fetch takes neither a trust anchor nor a client certificate. The body goes as its
 * exact bytes in one `end`, so node sends a Content-Length (as fetch does, never chunked); headers
 * in the given order; redirects are not followed.
 */
export function sendHttps(url: string, request: HttpRequest, ca: string, client: ClientCertificate | null): Promise<RawAnswer> {
  return sendWithNode(url, request, { ca, ...(client ?? {}) });
}

/**
 * Plain HTTP through node:http, for header lines sent exactly as given (`headerLines`): fetch would merge a
 * header given twice into one line and write every name in lower case.
 */
export function sendHttpLines(url: string, request: HttpRequest): Promise<RawAnswer> {
  return sendWithNode(url, request, null);
}

function sendWithNode(url: string, request: HttpRequest, tls: ({ ca: string } & Partial<ClientCertificate>) | null): Promise<RawAnswer> {
  const headers = request.headerLines === undefined ? request.headers : wireHeaderList(url, request.headerLines, request);
  const send = tls === null ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: request.method, headers, ...(tls ?? {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders = Object.fromEntries(
          Object.entries(res.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
        );
        resolve({ status: res.statusCode ?? 0, headers: answerHeaders, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(request.body ?? undefined);
  });
}
