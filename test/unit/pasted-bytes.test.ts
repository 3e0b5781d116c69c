// Diagnose works from the body's bytes. A paste is text, so each form says how bytes that
// are not UTF-8 travel: cURL as bash hands them to curl ($'\xFC', printf's \374), HAR as base64, raw HTTP as
// one character per byte when its Content-Length says so; a copy that replaced bytes (U+FFFD) is named.
import { describe, expect, it } from 'vitest';
import { parsePasted } from '../../main/domain/pasted-request';
import { printfOutput } from '../../main/domain/pasted-request/printf-format';
import { REPLACEMENT_WARNING } from '../../main/domain/pasted-request/pasted-body';
import { shellTokens } from '../../main/domain/pasted-request/shell-words';

const parsed = (kind: 'http' | 'curl' | 'har', text: string) => {
  const result = parsePasted(kind, text);
  if (!result.ok) throw new Error(result.problem);
  return result.request;
};

describe("bash's bytes", () => {
  it("gives $'\\xFC' as the one byte FC and typed text as UTF-8, as bash does", () => {
    const split = shellTokens(`$'M\\xfcller' 'Mü' $'\\303\\274'`);
    if (!split.ok) throw new Error(split.problem);
    expect(split.tokens.map((t) => t.bytes.toString('hex'))).toEqual(['4dfc6c6c6572', '4dc3bc', 'c3bc']);
  });

  it("ends a $'...' string at a NUL, as bash's C strings do", () => {
    const split = shellTokens(`$'a\\x00b'c`);
    if (!split.ok) throw new Error(split.problem);
    expect(split.tokens[0]?.bytes.toString('latin1')).toBe('ac');
  });

  it('reads an unquoted | as a pipe, a quoted one as text', () => {
    const split = shellTokens(`printf 'a|b' | curl`);
    if (!split.ok) throw new Error(split.problem);
    expect(split.tokens.map((t) => [t.text, t.pipe])).toEqual([
      ['printf', false],
      ['a|b', false],
      ['|', true],
      ['curl', false],
    ]);
  });

  it("writes printf's format as POSIX printf does: octal, \\x, the escapes and %%", () => {
    const out = printfOutput(Buffer.from('M\\374ller\\0\\x41\\r\\n\\t\\\\%%\\q', 'latin1'));
    expect(out.ok && out.bytes.toString('hex')).toBe(Buffer.from('M\xfcller\0A\r\n\t\\%\\q', 'latin1').toString('hex'));
    expect(printfOutput(Buffer.from('50%d')).ok).toBe(false);
  });
});

describe('a pasted cURL command', () => {
  it('takes the body printf pipes into --data-binary @-, byte for byte', () => {
    const request = parsed('curl', `printf 'M\\374ller\\000' | curl -X POST https://h/p -H 'Digest: d' --data-binary @-`);
    expect(request.body.toString('hex')).toBe('4dfc6c6c657200');
    expect(request.headers).toEqual({ digest: 'd' });
  });

  it('drops CR and LF from a body piped into --data, as curl does', () => {
    expect(parsed('curl', `printf 'a\\r\\nb' | curl https://h/p --data @-`).body.toString()).toBe('ab');
  });

  it('says what it cannot read: @- with nothing piped, another command, a printf with arguments', () => {
    expect(parsePasted('curl', 'curl https://h/p --data-binary @-')).toMatchObject({ ok: false, problem: expect.stringMatching(/nothing is piped/) });
    expect(parsePasted('curl', `cat body | curl https://h/p --data-binary @-`)).toMatchObject({ ok: false, problem: expect.stringMatching(/printf/) });
    expect(parsePasted('curl', `printf '%s' x | curl https://h/p --data-binary @-`)).toMatchObject({ ok: false, problem: expect.stringMatching(/printf/) });
  });
});

describe('a pasted raw HTTP request', () => {
  const head = (length: number): string => `POST /p HTTP/1.1\r\nHost: h\r\nContent-Length: ${length}\r\n\r\n`;

  it('reads a body shown one character per byte (Latin-1) as those bytes when its Content-Length counts them, and says so', () => {
    const request = parsed('http', `${head(6)}M\u00fcller`);
    expect(request.body.toString('hex')).toBe('4dfc6c6c6572');
    expect(request.warnings).toEqual([expect.stringMatching(/^The body is read one byte per character \(Latin-1.*6 bytes.*as UTF-8 it would have 7/)]);
  });

  it('keeps UTF-8 where the Content-Length counts UTF-8', () => {
    const request = parsed('http', `${head(7)}M\u00fcller`);
    expect(request.body.toString('hex')).toBe('4dc3bc6c6c6572');
    expect(request.warnings).toBeUndefined();
  });

  it('names a body a copy replaced bytes of (U+FFFD), beside what its Content-Length says', () => {
    const request = parsed('http', `${head(6)}M\ufffdller`);
    expect(request.warnings?.[0]).toBe(REPLACEMENT_WARNING);
    expect(request.warnings?.[1]).toMatch(/^Content-Length says 6 bytes, the body pasted has 8/);
    expect(request.warnings?.join(' ')).not.toMatch(/line break or space/);
  });
});

describe('a pasted HAR entry', () => {
  const har = (postData: Record<string, unknown>): string =>
    JSON.stringify({
      log: { entries: [{ request: { method: 'POST', url: 'https://h/p', headers: [], postData: { mimeType: 'application/xml', ...postData } } }] },
    });

  it('decodes a base64 body to its bytes, with nothing to warn of', () => {
    const request = parsed('har', har({ text: Buffer.from([0x4d, 0xfc]).toString('base64'), encoding: 'base64' }));
    expect(request.body.toString('hex')).toBe('4dfc');
    expect(request.warnings).toBeUndefined();
  });

  it('names a text body a copy replaced bytes of (U+FFFD)', () => {
    expect(parsed('har', har({ text: 'M\ufffdller' })).warnings).toEqual([REPLACEMENT_WARNING]);
  });
});
