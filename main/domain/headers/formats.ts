import { isIP } from 'node:net';

/** Formats of the Berlin Group request headers. */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_RE.test(value);

export const isIpAddress = (value: string): boolean => isIP(value) !== 0;

/** An absolute http(s) URI, as TPP-Redirect-URI and OAuth redirect_uri must be. */
export function isAbsoluteHttpUri(value: string): boolean {
  if (value.length > 2048 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.hash === '';
  } catch {
    return false;
  }
}

/** Printable, no control characters, bounded: for identifiers such as PSU-ID. */
export function isBoundedText(value: string, max: number): boolean {
  // eslint-disable-next-line no-control-regex
  return value.length > 0 && value.length <= max && !/[\u0000-\u001f\u007f]/.test(value);
}
