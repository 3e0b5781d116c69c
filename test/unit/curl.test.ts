import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildCurl, shellQuote } from '../../renderer/src/lib/curl';

const run = promisify(execFile);

describe('copy as cURL', () => {
  it('quotes for a POSIX shell, single quotes included', () => {
    expect(shellQuote(`it's $HOME \`x\` "y"`)).toBe(`'it'\\''s $HOME \`x\` "y"'`);
  });

  it('builds method, URL, each header value and the body as --data-binary, without recomputed headers', () => {
    const cmd = buildCurl(
      { method: 'post', url: '/frankfurt/berlingroup/v1/consents?x=1', headers: { 'Content-Type': 'application/json', host: 'x', 'content-length': '2', 'x-multi': ['a', 'b'] }, body: '{}' },
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
});
