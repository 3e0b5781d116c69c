// A request Node's HTTP parser refuses (main/domain/headers/parser-refusal.ts): where it stopped, the header
// that byte stands in, and the one wording the live refusal and Diagnose share. The bytesParsed values are
// Node's (llhttp's) own for these requests: the API test (test/api/parser-refusal.test.ts) sends them for real.
import { describe, expect, it } from 'vitest';
import { locateRefusal, readRefusedHead, refusalWords, unreadableHeaderValue } from '../../main/domain/headers/parser-refusal';

const bytes = (text: string): Buffer => Buffer.from(text, 'latin1');
const HEAD = 'POST /frankfurt/berlingroup/v1/x HTTP/1.1\r\nHost: a\r\n';

describe('locateRefusal: the byte the parser stopped at, from its bytesParsed', () => {
  it('a bare CR: llhttp stops after it, where it wanted the LF; the CR is the byte, in its header value', () => {
    const request = bytes(`${HEAD}X-Request-ID: 1\r\nPSU-ID:  FRA\rX\r\n\r\n`);
    const cr = request.indexOf('\rX');
    const located = locateRefusal('HPE_LF_EXPECTED', request, cr + 1);
    expect(located).toEqual({ code: 'HPE_LF_EXPECTED', byte: 0x0d, offset: cr, place: { in: 'value', header: 'PSU-ID', valueOffset: 3 } });
    expect(refusalWords(located)).toBe(
      'the request could not be read as HTTP/1.1 (HPE_LF_EXPECTED): the value of psu-id holds a carriage return (CR, 0x0D) without a line feed after it at byte 3 of the value; a header value is one line: text split at LF keeps the CR of each CRLF line break, so split at CRLF or send the value on one line',
    );
  });

  it('a CR just before the line end (CR CR LF) is a bare CR too', () => {
    const request = bytes(`${HEAD}PSU-ID: FRA\r\r\n\r\n`);
    const located = locateRefusal('HPE_LF_EXPECTED', request, request.indexOf('\r\r\n') + 1);
    expect(located.place).toEqual({ in: 'value', header: 'PSU-ID', valueOffset: 3 });
  });

  it('a NUL or another control byte, a bare LF: the byte itself', () => {
    const nul = bytes(`${HEAD}PSU-ID: FRA\u0000X\r\n\r\n`);
    expect(refusalWords(locateRefusal('HPE_INVALID_HEADER_TOKEN', nul, nul.indexOf(0)))).toMatch(
      /holds a NUL byte \(0x00\) at byte 3 of the value; a header value may hold no control character but a tab$/,
    );
    const lf = bytes(`${HEAD}PSU-ID: FRA\nX\r\n\r\n`);
    expect(refusalWords(locateRefusal('HPE_CR_EXPECTED', lf, lf.indexOf('\nX')))).toMatch(
      /\(HPE_CR_EXPECTED\): the value of psu-id holds a line feed \(LF, 0x0A\) without a carriage return before it at byte 3/,
    );
  });

  it('a name the parser cannot read, a folded line and the request line', () => {
    const name = bytes(`${HEAD}PSU ID: FRA\r\n\r\n`);
    expect(refusalWords(locateRefusal('HPE_INVALID_HEADER_TOKEN', name, name.indexOf('PSU ID') + 3))).toMatch(
      /the header line "PSU ID: FRA" holds a space \(0x20\) in its name/,
    );
    const folded = bytes(`${HEAD}PSU-ID: FRA\r\n CREATOR\r\n\r\n`);
    expect(refusalWords(locateRefusal('HPE_INVALID_HEADER_TOKEN', folded, folded.indexOf(' CREATOR')))).toMatch(
      /the header line " CREATOR" starts with a space \(0x20\); a header may not continue on the next line$/,
    );
    const line = bytes('POST /x y HTTP/1.1\r\n\r\n');
    expect(refusalWords(locateRefusal('HPE_INVALID_CONSTANT', line, 8))).toMatch(/\(HPE_INVALID_CONSTANT\): the request line holds the byte 0x79/);
  });

  it('without bytesParsed, the first byte no header value may hold', () => {
    const request = bytes(`${HEAD}X-Request-ID: 1\r\nTPP-Signature-Certificate: -----BEGIN\r MII\r\n\r\nbody\r`);
    expect(locateRefusal('HPE_LF_EXPECTED', request, undefined)).toMatchObject({
      offset: request.indexOf('\r MII'),
      place: { header: 'TPP-Signature-Certificate', valueOffset: 10 },
    });
    expect(locateRefusal('HPE_LF_EXPECTED', bytes(`${HEAD}\r\nbody\r`), undefined)).toMatchObject({ offset: null, place: null });
    expect(refusalWords({ code: 'HPE_X', byte: null, place: null })).toBe('the request could not be read as HTTP/1.1 (HPE_X)');
  });
});

describe('unreadableHeaderValue: what Diagnose finds in pasted values, in the order sent', () => {
  it('gives the same code, header and value offset the live parser does, so the same words', () => {
    const pasted = unreadableHeaderValue({ 'x-request-id': '1', 'psu-id': 'FRA\rX' });
    const request = bytes(`${HEAD}X-Request-ID: 1\r\nPSU-ID: FRA\rX\r\n\r\n`);
    const live = locateRefusal('HPE_LF_EXPECTED', request, request.indexOf('\rX') + 1);
    expect(pasted).toEqual({ code: 'HPE_LF_EXPECTED', byte: 0x0d, place: { in: 'value', header: 'psu-id', valueOffset: 3 } });
    expect(refusalWords(pasted ?? live)).toBe(refusalWords(live));
  });

  it('an LF alone, another control character, a repeated header’s second value; a tab and CR LF are read', () => {
    expect(unreadableHeaderValue({ a: 'x\ny' })?.code).toBe('HPE_CR_EXPECTED');
    expect(unreadableHeaderValue({ a: 'x\u007fy' })?.code).toBe('HPE_INVALID_HEADER_TOKEN');
    expect(unreadableHeaderValue({ a: ['ok', 'é\u0001'] })).toEqual({
      code: 'HPE_INVALID_HEADER_TOKEN',
      byte: 1,
      place: { in: 'value', header: 'a', valueOffset: 2 },
    });
    expect(unreadableHeaderValue({ a: 'x\ty', b: 'x\r\ny' })).toBeNull();
  });
});

describe('readRefusedHead: the refused bytes read as far as they go', () => {
  it('gives the request line, the header lines as sent (a CR inside a value kept) and the body after the empty line', () => {
    expect(readRefusedHead(bytes('POST /p HTTP/1.1\r\nPSU-ID:  a\rb \r\nbroken line\r\nX: 1\r\n\r\nbody'))).toEqual({
      method: 'POST',
      target: '/p',
      lines: [
        ['PSU-ID', 'a\rb'],
        ['X', '1'],
      ],
      body: bytes('body'),
    });
    expect(readRefusedHead(bytes('POST /p HTTP/1.1\r\nX: 1\r\n'))?.body).toBeNull();
    expect(readRefusedHead(bytes('\u0016\u0003\u0001 not HTTP'))).toBeNull();
  });
});
