import type { PastedRequest } from './pasted';

const count = (body: Buffer, pattern: RegExp): number => (body.toString('latin1').match(pattern) ?? []).length;

/**
 * What a pasted Content-Length says against the body pasted with it, or null when they agree (or no
 * single number was pasted). The bank reads exactly Content-Length bytes, so a disagreement means
 * the body pasted is not the one the bank received: most often a copy that lost or gained line ends.
 */
export function contentLengthWarning(request: PastedRequest): string | null {
  const header = request.headers['content-length'];
  if (typeof header !== 'string' || !/^\d{1,12}$/.test(header.trim())) return null;
  const declared = Number(header.trim());
  const size = request.body.length;
  if (declared === size) return null;
  const said = `Content-Length says ${declared} bytes, the body pasted has ${size}.`;
  const crlf = count(request.body, /\r\n/g);
  const bareLf = count(request.body, /(?<!\r)\n/g);
  if (crlf === 0 && bareLf > 0 && size + bareLf === declared) {
    return `${said} With CRLF line endings it would have ${declared}: the carriage returns were probably lost on the way (a text box or a log turns CRLF into LF). Paste it from the clipboard as it was sent, or choose CRLF line endings.`;
  }
  if (bareLf === 0 && crlf > 0 && size - crlf === declared) {
    return `${said} With LF line endings it would have ${declared}: carriage returns were probably added on the way. Choose LF line endings.`;
  }
  if (size > declared && /^\s*$/.test(request.body.subarray(declared).toString('latin1'))) {
    const extra = size - declared;
    return `${said} The ${extra === 1 ? 'byte' : `${extra} bytes`} past ${declared} ${extra === 1 ? 'is a line break or space' : 'are only line breaks or spaces'}, probably added by the copy; the bank reads just ${declared} bytes.`;
  }
  return `${said} The bank reads exactly Content-Length bytes, so the body pasted is not the one it received.`;
}
