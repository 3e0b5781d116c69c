// The Inspector's exact bytes: the hex dump, the as-sent marks, and a failure's few words.
import { describe, expect, it } from 'vitest';
import { failureOf } from '../../main/http/failure-line';
import { bodyBytes } from '../../shared/body-bytes';
import { hexLines } from '../../renderer/src/lib/hex';
import { visibleLines } from '../../renderer/src/lib/visible';

describe('hexLines', () => {
  it('gives offset, 16 bytes in two groups of eight, and the printable ASCII', () => {
    const bytes = new TextEncoder().encode('{"a":"Ä"}\r\n0123456789');
    const lines = hexLines(bytes);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('00000000  7b 22 61 22 3a 22 c3 84  22 7d 0d 0a 30 31 32 33 |{"a":".."}..0123|');
    expect(lines[1]).toBe(`00000010  34 35 36 37 38 39${' '.repeat(31)} |456789|`);
  });

  it('stops at the limit', () => {
    const lines = hexLines(new Uint8Array(100), 32);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.startsWith('00000010')).toBe(true);
  });

  it('uses the exact bytes when given in base64, else the text as UTF-8', () => {
    expect([...(bodyBytes({ body: '\uFFFDA', bodyBase64: Buffer.from([0xff, 0x41]).toString('base64') }) ?? [])]).toEqual([0xff, 0x41]);
    expect([...(bodyBytes({ body: 'Ä' }) ?? [])]).toEqual([0xc3, 0x84]);
  });
});

describe('visibleLines', () => {
  it('marks CR, LF, a trailing space before the line end, tabs and non-ASCII', () => {
    const lines = visibleLines('a \r\n\tÄ\nlast');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.map((p) => p.kind)).toEqual(['plain', 'space', 'cr', 'lf']);
    expect(lines[1]?.map((p) => [p.kind, p.text])).toEqual([
      ['tab', '⇥'],
      ['non-ascii', 'Ä'],
      ['lf', '␊'],
    ]);
    expect(lines[2]?.map((p) => p.kind)).toEqual(['plain']);
  });
});

describe('failureOf', () => {
  it('reads a Berlin Group error’s first message, cut to its first words', () => {
    const body = JSON.stringify({
      tppMessages: [{ category: 'ERROR', code: 'SIGNATURE_INVALID', text: 'the digest of the body does not match the Digest header sent by the TPP' }],
    });
    expect(failureOf(401, body, 5)).toEqual({ code: 'SIGNATURE_INVALID', text: 'the digest of the body…' });
  });

  it('reads an OAuth error', () => {
    expect(failureOf(400, JSON.stringify({ error: 'invalid_grant', error_description: 'code expired' }))).toEqual({
      code: 'invalid_grant',
      text: 'code expired',
    });
  });

  it('is null for a success or a body that is no error', () => {
    expect(failureOf(200, JSON.stringify({ tppMessages: [{ code: 'X' }] }))).toBeNull();
    expect(failureOf(500, 'oops')).toBeNull();
  });
});
