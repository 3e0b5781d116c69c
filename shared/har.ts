// "Export as HAR" (the Inspector's exchanges, a flow run's): the HAR 1.2 format (http://www.softwareishard.com/blog/har-12-spec/)
// with its own types, as HTTP Toolkit does. Pure, so unit tests can check the shape.
import type { Exchange, ExchangeMessage } from '../preload/api/workbench-api';
import { headerLinesOf } from './header-lines';

export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}

export interface HarPostData {
  mimeType: string;
  text: string;
  /** `base64` when `text` is the base64 of bytes that are not UTF-8: as HAR 1.2 has it for a response's content (Chromium and Firefox read it here too). */
  encoding?: 'base64';
  params?: HarNameValue[];
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
  comment?: string;
}

export interface HarContent {
  size: number;
  mimeType: string;
  text?: string;
  /** `base64` when `text` is the base64 of bytes that are not UTF-8 (HAR 1.2). */
  encoding?: 'base64';
  comment?: string;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarNameValue[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  ssl?: number;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  comment?: string;
  /** Custom fields (HAR allows names starting with _): the bank's diagnosis of a signed request. */
  _signature?: unknown;
  /** The simulated time the exchange happened at. */
  _simulatedAt?: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  302: 'Found',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Every header line in order, a header sent twice as two entries. */
const headerList = (message: ExchangeMessage): HarNameValue[] => headerLinesOf(message).map(([name, value]) => ({ name, value }));

function header(headers: Record<string, string | string[]>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([n]) => n.toLowerCase() === name);
  if (!entry) return undefined;
  return Array.isArray(entry[1]) ? entry[1][0] : entry[1];
}

const TRUNCATED = 'the simulator kept this body truncated in its traffic log';

/** A body as HAR text: the text where the bytes are UTF-8, else their base64 marked so (the exact bytes either way). */
const harText = (message: Pick<ExchangeMessage, 'body' | 'bodyBase64'>): { text: string; encoding?: 'base64' } =>
  message.bodyBase64 !== undefined ? { text: message.bodyBase64, encoding: 'base64' } : { text: message.body ?? '' };

export function exchangeToHarEntry(exchange: Exchange, simulatorUrl: string): HarEntry {
  const url = new URL(exchange.url, simulatorUrl);
  const { request, response } = exchange;
  const requestType = header(request.headers, 'content-type');
  return {
    startedDateTime: exchange.startedAt,
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body !== null ? { postData: { mimeType: requestType ?? 'application/octet-stream', ...harText(request) } } : {}),
      headersSize: -1,
      bodySize: request.bodySize,
      ...(request.truncated ? { comment: TRUNCATED } : {}),
    },
    response: {
      status: response.status,
      statusText: STATUS_TEXT[response.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(response),
      content: {
        size: response.bodySize,
        mimeType: header(response.headers, 'content-type') ?? 'application/octet-stream',
        ...(response.body !== null ? harText(response) : {}),
        ...(response.truncated ? { comment: TRUNCATED } : {}),
      },
      redirectURL: header(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.bodySize,
    },
    cache: {},
    // The simulator measures only the whole exchange, so it is all "wait".
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    comment: `simulated time ${exchange.simulatedAt}`,
    ...(exchange.signature !== null ? { _signature: exchange.signature } : {}),
    _simulatedAt: exchange.simulatedAt,
  };
}

const creator = (version: string): Har['log']['creator'] => ({ name: 'PSD2 Workbench', version });

export function exchangesToHar(exchanges: readonly Exchange[], simulatorUrl: string, version: string): Har {
  return {
    log: {
      version: '1.2',
      creator: creator(version),
      // HAR viewers expect the oldest first; the traffic log lists the newest first.
      entries: [...exchanges].sort((a, b) => a.id - b.id).map((e) => exchangeToHarEntry(e, simulatorUrl)),
    },
  };
}

/** The custom field of a streamed log that says how many entries it holds (written last, once they are all out). */
export const HAR_COUNT_FIELD = '_exchangeCount';

/**
 * HAR 1.2 of any number of exchanges, oldest first, as pieces of JSON text to write one after another: the
 * whole log's export streams them (GET /simulator/v1/exchanges/har), so no more than one entry is held at a
 * time. The log ends with how many entries it holds, in words (`comment`) and as a number (`_exchangeCount`).
 */
export function* harPieces(exchanges: Iterable<Exchange>, simulatorUrl: string, version: string, what: string): Generator<string, void, undefined> {
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(creator(version))},"entries":[`;
  let count = 0;
  for (const exchange of exchanges) {
    yield `${count === 0 ? '' : ','}\n${JSON.stringify(exchangeToHarEntry(exchange, simulatorUrl))}`;
    count++;
  }
  const comment = `${count.toLocaleString('en')} exchange${count === 1 ? '' : 's'}: ${what}`;
  yield `\n],"comment":${JSON.stringify(comment)},"${HAR_COUNT_FIELD}":${count}}}\n`;
}

/** How many entries a streamed log says it holds, read from its end; null when the text is not such a log's. */
export function harCountOf(text: string): number | null {
  const found = new RegExp(`"${HAR_COUNT_FIELD}":(\\d+)\\}\\}\\s*$`).exec(text.slice(-200));
  return found ? Number(found[1]) : null;
}
