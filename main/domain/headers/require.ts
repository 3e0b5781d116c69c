import { formatError } from '../errors';
import { isAbsoluteHttpUri, isBoundedText, isIpAddress, isUuid } from './formats';

export type HeaderMap = Readonly<Record<string, string | string[] | undefined>>;

/** The request headers the Berlin Group operations take, each with its format rule. */
const HEADER_RULES = {
  'x-request-id': { name: 'X-Request-ID', check: isUuid, expect: 'a UUID' },
  'psu-id': { name: 'PSU-ID', check: (v: string) => isBoundedText(v, 140), expect: 'the PSU online-banking user ID (1-140 characters)' },
  'tpp-redirect-uri': { name: 'TPP-Redirect-URI', check: isAbsoluteHttpUri, expect: 'an absolute http(s) URI without fragment' },
  'psu-ip-address': { name: 'PSU-IP-Address', check: isIpAddress, expect: 'an IPv4 or IPv6 address' },
  'psu-device-id': { name: 'PSU-Device-ID', check: isUuid, expect: 'a UUID' },
  'consent-id': { name: 'Consent-ID', check: (v: string) => isBoundedText(v, 100), expect: 'a Consent ID' },
} as const;

export type KnownHeader = keyof typeof HEADER_RULES;

/** One value of a header; repeated headers are refused because which one counts would be a guess. */
export function headerValue(headers: HeaderMap, lowerName: string): string | undefined {
  const raw = headers[lowerName];
  if (Array.isArray(raw)) {
    throw formatError(`header ${lowerName} is sent ${raw.length} times; send it once`);
  }
  return raw;
}

/** Reads the named headers, all required, each format-checked; throws FORMAT_ERROR naming the header. */
export function requireHeaders<K extends KnownHeader>(headers: HeaderMap, names: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of names) {
    const rule = HEADER_RULES[key];
    const value = headerValue(headers, key);
    if (value === undefined || value === '') throw formatError(`header ${rule.name} is missing`);
    if (!rule.check(value)) throw formatError(`header ${rule.name} must be ${rule.expect}, got "${truncate(value)}"`);
    out[key] = value;
  }
  return out;
}

/** Reads an optional header, format-checked when present. */
export function optionalHeader(headers: HeaderMap, key: KnownHeader): string | undefined {
  const value = headerValue(headers, key);
  if (value === undefined) return undefined;
  return requireHeaders(headers, [key])[key];
}

export function requireJsonContentType(headers: HeaderMap): void {
  const value = headerValue(headers, 'content-type');
  if (value === undefined) throw formatError('header Content-Type is missing; send application/json');
  const mediaType = value.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw formatError(`header Content-Type must be application/json, got "${truncate(value)}"`);
  }
}

function truncate(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}
