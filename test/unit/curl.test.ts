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

describe('a body in bytes, whatever they are', () => {
  const LATIN1 = Buffer.concat([Buffer.from('<Nm>M'), Buffer.from([0xfc]), Buffer.from('ller</Nm>\n')]);
  const NUL = Buffer.concat([Buffer.from('<a>x</a>'), Buffer.from([0])]);
  const INVALID = Buffer.concat([Buffer.from("-50% it's \\n \r\n\t€ "), Buffer.from([0x80, 0xc3, 0x28, 0xff, 0x00, 0x01]), Buffer.from(' ü\n')]);
  const BOM = Buffer.from('\ufeff<?xml version="1.0"?>\n<a>Müller</a>\n', 'utf8');
  /** As the exchange log answers a body: the UTF-8 reading, and the base64 where that reading loses bytes. */
  const logged = (bytes: Buffer): { body: string; bodyBase64?: string } => {
    const text = bytes.toString('utf8');
    return Buffer.from(text, 'utf8').equals(bytes) ? { body: text } : { body: text, bodyBase64: bytes.toString('base64') };
  };

  /** What a server receives when bash runs the command with the real curl binary. */
  async function received(command: (origin: string) => string): Promise<{ body: Buffer; headers: string[] }> {
    return new Promise((resolve, reject) => {
      const server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          res.end();
          server.close();
          resolve({ body: Buffer.concat(chunks), headers: req.rawHeaders });
        });
      });
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        run('bash', ['-c', command(`http://127.0.0.1:${port}`)]).catch(reject);
      });
    });
  }

  it.each([
    ['Latin-1', LATIN1],
    ['a NUL byte', NUL],
    ['invalid UTF-8 with %, \\, a quote, a leading -, CR, tab and control bytes', INVALID],
    ['a byte-order mark', BOM],
  ])('%s: bash and curl send exactly the bytes', async (_what, bytes) => {
    const seen = await received((origin) => buildCurl({ method: 'POST', url: '/p', headers: { 'content-type': 'application/xml' }, ...logged(bytes) }, origin));
    expect(seen.body.toString('hex')).toBe(bytes.toString('hex'));
  });

  it.each([
    ['Latin-1', LATIN1],
    ['a NUL byte', NUL],
    ['invalid UTF-8', INVALID],
    ['a byte-order mark', BOM],
  ])('%s: the diagnosis parser reads the same bytes back from the command', (_what, bytes) => {
    const parsed = parseCurl(buildCurl({ method: 'POST', url: '/p', headers: {}, ...logged(bytes) }, 'http://h'));
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(parsed.request.body.toString('hex')).toBe(bytes.toString('hex'));
  });

  it('pipes a body bash cannot hold in a word from printf, keeping what is UTF-8 readable', () => {
    const command = buildCurl({ method: 'POST', url: '/p', headers: {}, ...logged(LATIN1) }, 'http://h');
    expect(command.startsWith("printf '<Nm>M\\374ller</Nm>\n' | curl ")).toBe(true);
    expect(command.endsWith('--data-binary @-')).toBe(true);
    expect(buildCurl({ method: 'POST', url: '/p', headers: {}, ...logged(NUL) }, 'http://h')).toContain("printf '<a>x</a>\\000' | curl");
  });

  it("writes a byte-order mark as its bytes, $'\\xef\\xbb\\xbf', where a copy would lose it unseen", () => {
    expect(buildCurl({ method: 'POST', url: '/p', headers: {}, ...logged(BOM) }, 'http://h')).toContain(
      `--data-binary $'\\xef\\xbb\\xbf<?xml version="1.0"?>\\n<a>Müller</a>\\n'`,
    );
  });

  it('sends a header character from U+0080 to U+00FF as the one byte the bank received', async () => {
    const seen = await received((origin) => buildCurl({ method: 'GET', url: '/p', headers: { 'PSU-ID': 'M\u00fcller' }, body: null }, origin));
    // Node reads header bytes as Latin-1: the byte FC is ü again.
    expect(seen.headers[seen.headers.findIndex((h) => h === 'PSU-ID') + 1]).toBe('M\u00fcller');
  });
});
