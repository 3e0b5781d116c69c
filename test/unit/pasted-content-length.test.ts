// "Diagnose a request": a pasted Content-Length that disagrees with the body pasted is said, with
// the likely cause (line ends lost or gained, a line break added by the copy).
import { describe, expect, it } from 'vitest';
import { contentLengthWarning } from '../../main/domain/pasted-request/content-length';
import { parseRawHttp } from '../../main/domain/pasted-request/raw-http';

const CRLF_BODY = '<Document>\r\n  <Amt>12.30</Amt>\r\n</Document>\r\n';
const LF_BODY = CRLF_BODY.replace(/\r\n/g, '\n');

function warningFor(contentLength: number | null, body: string): string | null {
  const header = contentLength === null ? '' : `Content-Length: ${contentLength}\n`;
  const parsed = parseRawHttp(`POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers HTTP/1.1\n${header}Digest: d\n\n${body}`);
  if (!parsed.ok) throw new Error(parsed.problem);
  return contentLengthWarning(parsed.request);
}

describe('contentLengthWarning', () => {
  it('says nothing when Content-Length is the body bytes, or when none was pasted', () => {
    expect(warningFor(Buffer.byteLength(CRLF_BODY), CRLF_BODY)).toBeNull();
    expect(warningFor(Buffer.byteLength('€'), '€')).toBeNull();
    expect(warningFor(null, CRLF_BODY)).toBeNull();
  });

  it('says both numbers and that carriage returns were lost when the CRLF body came as LF', () => {
    const warning = warningFor(CRLF_BODY.length, LF_BODY);
    expect(warning).toMatch(new RegExp(`^Content-Length says ${CRLF_BODY.length} bytes, the body pasted has ${LF_BODY.length}\\.`));
    expect(warning).toMatch(/With CRLF line endings it would have \d+: the carriage returns were probably lost/);
  });

  it('says carriage returns were added when an LF body came as CRLF', () => {
    expect(warningFor(LF_BODY.length, CRLF_BODY)).toMatch(/With LF line endings it would have/);
  });

  it('names a line break the copy added past the declared length', () => {
    expect(warningFor(LF_BODY.length, `${LF_BODY}\n`)).toMatch(/The byte past \d+ is a line break or space, probably added by the copy/);
  });

  it('says the body is not the one received when the sizes differ otherwise', () => {
    expect(warningFor(5, LF_BODY)).toMatch(/the body pasted is not the one it received/);
  });
});
