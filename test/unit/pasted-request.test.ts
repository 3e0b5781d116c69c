// The parsers behind "Diagnose a request": raw HTTP, cURL and HAR give the request's exact bytes,
// and say what was wrong with input they cannot read.
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../main/domain/pasted-request/curl-command';
import { parseHar } from '../../main/domain/pasted-request/har-entry';
import { parseRawHttp } from '../../main/domain/pasted-request/raw-http';
import { shellWords } from '../../main/domain/pasted-request/shell-words';

const ok = <T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> => {
  if (!result.ok) throw new Error(`expected a parse: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
};
const problemOf = (result: { ok: boolean; problem?: string }): string => (result.ok ? '' : (result.problem ?? ''));

describe('raw HTTP', () => {
  const lines = [
    'POST /frankfurt/berlingroup/v1/payments/sepa-credit-transfers HTTP/1.1',
    'Host: 127.0.0.1:4646',
    'Digest: SHA-256=abc',
    'X-Multi: a',
    'x-multi: b',
  ];

  it('reads a request with CRLF line ends and keeps the body byte for byte', () => {
    const body = '<a>\r\n  <b>€</b>\r\n</a>\r\n';
    const { request } = ok(parseRawHttp(`${lines.join('\r\n')}\r\n\r\n${body}`));
    expect(request.method).toBe('POST');
    expect(request.target).toBe('/frankfurt/berlingroup/v1/payments/sepa-credit-transfers');
    expect(request.headers).toEqual({ host: '127.0.0.1:4646', digest: 'SHA-256=abc', 'x-multi': ['a', 'b'] });
    expect(request.body.equals(Buffer.from(body))).toBe(true);
  });

  it('reads a request with LF line ends, an absolute URL, no version and no body', () => {
    const { request } = ok(parseRawHttp('\ndelete https://bank.example/v1/payments/p/1?x=1\nDigest: d\n'));
    expect(request).toEqual({ method: 'DELETE', target: '/v1/payments/p/1?x=1', headers: { digest: 'd' }, body: Buffer.alloc(0) });
  });

  it('joins a folded header line to the header before it', () => {
    expect(ok(parseRawHttp('GET / HTTP/1.1\nSignature: keyId="k",\n  algorithm="rsa-sha256"\n\n')).request.headers.signature).toBe(
      'keyId="k", algorithm="rsa-sha256"',
    );
  });

  it('says what is wrong with what it cannot read', () => {
    expect(problemOf(parseRawHttp('   '))).toMatch(/empty/);
    expect(problemOf(parseRawHttp('hello there you all'))).toMatch(/request line/);
    expect(problemOf(parseRawHttp('POST /x SPDY/3'))).toMatch(/not an HTTP version/);
    expect(problemOf(parseRawHttp('POST ftp://x/y HTTP/1.1'))).toMatch(/neither a path nor an http/);
    expect(problemOf(parseRawHttp('POST /x HTTP/1.1\nthis is the body\n'))).toMatch(/not a header line.*empty line/);
  });
});

describe('shell words', () => {
  it("reads '...', \"...\", $'...' and backslashes as bash does", () => {
    expect(shellWords(`a 'b c' "d \\"e\\" \\$f" $'g\\r\\n\\x41\\'\\\\' h\\ i \\\nj`)).toEqual({
      ok: true,
      words: ['a', 'b c', 'd "e" $f', "g\r\nA'\\", 'h i', 'j'],
    });
    expect(shellWords(`x'y'"z"$'\\t'`)).toEqual({ ok: true, words: ['xyz\t'] });
  });

  it('says which quote is never closed', () => {
    expect(problemOf(shellWords(`a 'b`))).toMatch(/single quote/);
    expect(problemOf(shellWords(`a "b`))).toMatch(/double quote/);
    expect(problemOf(shellWords(`a $'b`))).toMatch(/\$'/);
  });
});

describe('cURL', () => {
  it('reads -X, -H, --data-binary and the URL', () => {
    const { request } = ok(
      parseCurl(
        `curl -sS -X POST 'http://127.0.0.1:4646/frankfurt/berlingroup/v1/signing-baskets' -H 'Digest: SHA-256=x' --header "PSU-ID: A" --data-binary $'{"a":1}\\r\\n'`,
      ),
    );
    expect(request).toEqual({
      method: 'POST',
      target: '/frankfurt/berlingroup/v1/signing-baskets',
      headers: { digest: 'SHA-256=x', 'psu-id': 'A' },
      body: Buffer.from('{"a":1}\r\n'),
    });
  });

  it('reads --data and --data-raw (joined by &), attached short options and a default POST', () => {
    const { request } = ok(parseCurl(`curl http://h/v1/x -HAccept:\\ a -d a=1 --data-raw '@b'`));
    expect(request).toEqual({ method: 'POST', target: '/v1/x', headers: { accept: 'a' }, body: Buffer.from('a=1&@b') });
    expect(ok(parseCurl('curl -XDELETE http://h/v1/payments/p/1')).request.method).toBe('DELETE');
    expect(ok(parseCurl('curl --url http://h/v1/a')).request.method).toBe('GET');
  });

  it('says what is wrong', () => {
    expect(problemOf(parseCurl('wget http://h/'))).toMatch(/starts with curl/);
    expect(problemOf(parseCurl('curl -X POST'))).toMatch(/no URL/);
    expect(problemOf(parseCurl('curl http://h/ -d @body.json'))).toMatch(/reads the body from a file/);
    expect(problemOf(parseCurl('curl http://h/ --form a=b'))).toMatch(/--form is not one/);
    expect(problemOf(parseCurl("curl http://h/ -H 'nocolon'"))).toMatch(/not Name: value/);
    expect(problemOf(parseCurl("curl 'http://h/"))).toMatch(/single quote is never closed/);
    expect(problemOf(parseCurl('curl http://a/ http://b/'))).toMatch(/two URLs/);
  });
});

describe('HAR', () => {
  const entry = (method: string, url: string, text?: string) => ({
    startedDateTime: '2026-01-01T00:00:00Z',
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: ':authority', value: 'h' },
        { name: 'Digest', value: 'SHA-256=x' },
      ],
      ...(text === undefined ? {} : { postData: { mimeType: 'application/xml', text } }),
    },
    response: { status: 201 },
  });

  it('reads an entry, a log and a bare request, with the body as text', () => {
    const one = entry('POST', 'http://h/frankfurt/berlingroup/v1/payments/p', '<a>\r\n</a>');
    const expected = { method: 'POST', target: '/frankfurt/berlingroup/v1/payments/p', headers: { digest: 'SHA-256=x' }, body: Buffer.from('<a>\r\n</a>') };
    expect(ok(parseHar(JSON.stringify(one))).request).toEqual(expected);
    expect(ok(parseHar(JSON.stringify({ log: { version: '1.2', entries: [one] } }))).request).toEqual(expected);
    expect(ok(parseHar(JSON.stringify(one.request))).request).toEqual(expected);
  });

  it('picks the entry asked for from a log, and decodes a base64 body', () => {
    const log = {
      log: {
        entries: [
          entry('GET', 'http://h/v1/accounts'),
          {
            request: {
              ...entry('POST', 'http://h/v1/payments/p').request,
              postData: { mimeType: 'x', text: Buffer.from('é').toString('base64'), encoding: 'base64' },
            },
          },
        ],
      },
    };
    const { request } = ok(parseHar(JSON.stringify(log), (method) => method === 'POST'));
    expect(request.method).toBe('POST');
    expect(request.body.equals(Buffer.from('é'))).toBe(true);
  });

  it('reads a header value as the bank receives it: spaces and tabs around it dropped, a CR or NBSP inside kept', () => {
    const one = entry('GET', 'http://h/v1/accounts');
    one.request.headers.push({ name: 'PSU-ID', value: ' \tFRA-CREATOR \t' }, { name: 'X', value: '\u00a0a\rb\u00a0' });
    expect(ok(parseHar(JSON.stringify(one))).request.headers).toEqual({ digest: 'SHA-256=x', 'psu-id': 'FRA-CREATOR', x: '\u00a0a\rb\u00a0' });
  });

  it('says what is wrong', () => {
    expect(problemOf(parseHar('{'))).toMatch(/not JSON/);
    expect(problemOf(parseHar('{"a":1}'))).toMatch(/not a HAR/);
    expect(problemOf(parseHar('{"log":{"entries":[]}}'))).toMatch(/no entries/);
    expect(problemOf(parseHar('{"method":"POST","url":"http://h/"}'))).toMatch(/no headers list/);
  });
});
