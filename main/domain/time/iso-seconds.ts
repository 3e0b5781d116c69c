/**
 * An instant in UTC to the second, as ISO 20022 and the certificate views show it: 2026-03-29T00:30:00Z.
 * Sliced rather than matched with a pattern: every pain.002 carries one, made per request.
 */
export function isoSeconds(instant: Date): string {
  const iso = instant.toISOString();
  // Years 0 to 9999 print as 24 characters; the extended years (±YYYYYY) keep their own form.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace(/\.\d{3}Z$/, 'Z');
}
