import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../main/domain/pasted-request/curl-command';
import { ansiCQuote, buildCurl, shellQuote } from '../../renderer/src/lib/curl';
import type { HeaderLine } from '../../preload/api/workbench-api';

const run = promisify(execFile);

describe('copy as cURL', () => {
  it('quotes for a POSIX shell, single quotes included', () => {
    expect(shellQuote(`it's $HOME \`x\` "y"`)).toBe(`'it'\\''s $HOME \`x\` "y"'`);
  });

  it('builds method, URL, each header value and the body as --data-binary, without recomputed headers', () => {
    const cmd = buildCurl(
      {
        method: 'post',
        url: '/frankfurt/berlingroup/v1/consents?x=1',
        headers: { 'Content-Type': 'application/json', host: 'x', 'content-length': '2', 'x-multi': ['a', 'b'] },
        body: '{}',
      },
      'http://127.0.0.1:4646',
    );
    expect(cmd.split(' \\\n  ')).toEqual([
      `curl --silent --show-error --request 'POST' 'http://127.0.0.1:4646/frankfurt/berlingroup/v1/consents?x=1'`,
      `--header 'Content-Type: application/json'`,
      `--header 'x-multi: a'`,
      `--header 'x-multi: b'`,
      `--data-binary '{}'`,
    ]);
  });

  it('leaves out --data-binary without a body', () => {
    expect(buildCurl({ method: 'GET', url: '/a', headers: {}, body: null }, 'http://h')).not.toContain('--data-binary');
  });

  it('survives the shell: the words curl receives are exactly the header and body given', async () => {
    const body = `line 1\nit's "quoted" $(rm -rf /) \`x\` €\r\n  `;
    const cmd = buildCurl({ method: 'PUT', url: '/p', headers: { 'x-evil': `'; echo pwned; '` }, body }, 'http://h');
    // Replace curl by a printer of its arguments, one per NUL.
    const { stdout } = await run('bash', ['-c', `curl() { printf '%s\\0' "$@"; }; ${cmd}`]);
    const args = stdout.split('\0').slice(0, -1);
    expect(args).toContain(`x-evil: '; echo pwned; '`);
    expect(args[args.indexOf('--data-binary') + 1]).toBe(body);
  });

  it('keeps plain single quotes where no control byte needs escaping (LF and UTF-8 included)', () => {
    expect(shellQuote('a\nb €')).toBe("'a\nb €'");
  });

  it("writes a value with CR, tab or another control byte in ANSI-C quoting $'...'", () => {
    expect(shellQuote('a\r\nb')).toBe("$'a\\r\\nb'");
    expect(shellQuote("it's\t\\x\x01\x7f")).toBe("$'it\\'s\\t\\\\x\\x01\\x7f'");
    expect(ansiCQuote('€')).toBe("$'€'");
    const cmd = buildCurl({ method: 'POST', url: '/p', headers: {}, body: '<a>\r\n</a>' }, 'http://h');
    expect(cmd).toContain("--data-binary $'<a>\\r\\n</a>'");
  });

  it('replays CRLF and every control byte exactly through bash', async () => {
    const body = `<?xml version="1.0"?>\r\n<a b='1'>\t€\x01\x1b\x7f\\x41</a>\r\n`;
    const cmd = buildCurl({ method: 'POST', url: '/p', headers: { 'x-note': "it's\tthere" }, body }, 'http://h');
    const { stdout } = await run('bash', ['-c', `curl() { printf '%s\\0' "$@"; }; ${cmd}`]);
    const args = stdout.split('\0').slice(0, -1);
    expect(args[args.indexOf('--data-binary') + 1]).toBe(body);
    expect(args).toContain("x-note: it's\tthere");
  });

  it('reads back its own command with the diagnosis parser, byte for byte', () => {
    const body = 'line\r\nnext\n€';
    const parsed = parseCurl(
      buildCurl({ method: 'POST', url: '/x/v1/payments/p?q=1', headers: { 'PSU-ID': "o'neil", digest: 'SHA-256=x' }, body }, 'http://127.0.0.1:1'),
    );
    expect(parsed).toEqual({
      ok: true,
      request: { method: 'POST', target: '/x/v1/payments/p?q=1', headers: { 'psu-id': "o'neil", digest: 'SHA-256=x' }, body: Buffer.from(body) },
    });
  });

  describe('a request with a header sent twice', () => {
    const rawHeaders: HeaderLine[] = [
      ['Host', '127.0.0.1:4646'],
      ['X-Request-ID', 'first'],
      ['Digest', 'SHA-256=x'],
      ['x-request-id', 'second'],
      ['Content-Length', '2'],
    ];
    const request = { method: 'POST', url: '/p', headers: { 'x-request-id': 'first, second', digest: 'SHA-256=x' }, rawHeaders, body: '{}' };

    it('writes each logged line as its own --header, in order and names as sent, never the merged value', () => {
      expect(buildCurl(request, 'http://h').split(' \\\n  ').slice(1, -1)).toEqual([
        `--header 'X-Request-ID: first'`,
        `--header 'Digest: SHA-256=x'`,
        `--header 'x-request-id: second'`,
      ]);
    });

    it('and curl sends both lines: a server sees them as two', async () => {
      const seen = await new Promise<string[]>((resolve, reject) => {
        const server = createServer((req, res) => {
          res.end();
          server.close();
          resolve(req.rawHeaders);
        });
        server.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as AddressInfo;
          run('bash', ['-c', buildCurl(request, `http://127.0.0.1:${port}`)]).catch(reject);
        });
      });
      const pairs = seen.flatMap((value, i) => (i % 2 === 0 ? [[value, seen[i + 1]]] : []));
      expect(pairs.filter(([name]) => name?.toLowerCase() === 'x-request-id')).toEqual([
        ['X-Request-ID', 'first'],
        ['x-request-id', 'second'],
      ]);
    });
  });
});
