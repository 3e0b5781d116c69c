// A QA case's request in the three forms a QA engineer pastes (raw HTTP, cURL, a HAR entry), and sent byte for byte over a raw socket.
import { connect } from 'node:net';
import { buildCurl } from '../../renderer/src/lib/curl';
import { lower, type QaRequest } from './qa-request';

/** A body as a paste carries it: text as UTF-8 when it is UTF-8 (a BOM kept as U+FEFF), else each byte as a Latin-1 character. */
const pastedBody = (body: Buffer): string => (isUtf8(body) ? body.toString('utf8') : body.toString('latin1'));
const isUtf8 = (body: Buffer): boolean => Buffer.from(body.toString('utf8'), 'utf8').equals(body);

/** A raw HTTP/1.1 request as a proxy shows it: CRLF header lines, Host and Content-Length, the exact body. */
export function asRawHttp(request: QaRequest, host: string): string {
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${host}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${request.body.length}`,
  ];
  return `${lines.join('\r\n')}\r\n\r\n${pastedBody(request.body)}`;
}

/** The body as the exchange log answers it: the bytes read as UTF-8, and their base64 where that reading loses them. */
export const loggedBody = (body: Buffer): { body: string | null; bodyBase64?: string } =>
  body.length === 0 ? { body: null } : { body: body.toString('utf8'), ...(isUtf8(body) ? {} : { bodyBase64: body.toString('base64') }) };

/** The Inspector's "Copy as cURL" form (repeats as repeated --header), from the body's bytes as the log gives them. */
export function asCurl(request: QaRequest, origin: string): string {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of request.headers) (headers[name] ??= []).push(value);
  return buildCurl({ method: request.method, url: request.path, headers, ...loggedBody(request.body) }, origin);
}

/** A HAR 1.2 log with the one entry, header lines in order. */
export function asHar(request: QaRequest, origin: string): string {
  const contentType = request.headers.find(([n]) => lower(n) === 'content-type')?.[1] ?? 'application/octet-stream';
  const entry = {
    startedDateTime: new Date(0).toISOString(),
    time: 0,
    request: {
      method: request.method,
      url: `${origin}${request.path}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: request.headers.map(([name, value]) => ({ name, value })),
      queryString: [],
      // Bytes that are not UTF-8 as base64, as HAR writes them (`encoding`).
      ...(request.body.length > 0
        ? {
            postData: {
              mimeType: contentType,
              ...(isUtf8(request.body) ? { text: request.body.toString('utf8') } : { text: request.body.toString('base64'), encoding: 'base64' }),
            },
          }
        : {}),
      headersSize: -1,
      bodySize: request.body.length,
    },
    response: {
      status: 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'qa-set', version: '1' }, entries: [entry] } });
}

export const PASTE_FORMS = {
  http: (request: QaRequest, origin: string) => asRawHttp(request, new URL(origin).host),
  curl: asCurl,
  har: asHar,
} as const;

export interface RawAnswer {
  status: number;
  body: string;
}

/** Sends the request's exact bytes over a plain socket (repeated lines, name case and body as built) and reads the answer. */
export function sendRaw(origin: string, request: QaRequest): Promise<RawAnswer> {
  const url = new URL(origin);
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...request.headers.map(([n, v]) => `${n}: ${v}`),
    `Content-Length: ${request.body.length}`,
    'Connection: close',
  ];
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const split = answer.indexOf('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const headText = answer.slice(0, split);
      const rest = answer.slice(split + 4);
      resolve({ status, body: /transfer-encoding: chunked/i.test(headText) ? dechunk(rest) : rest });
    });
    socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), request.body]));
  });
}

function dechunk(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const end = text.indexOf('\r\n', at);
    const size = parseInt(text.slice(at, end), 16);
    if (!(size > 0)) return out;
    out += text.slice(end + 2, end + 2 + size);
    at = end + 2 + size + 2;
  }
}
