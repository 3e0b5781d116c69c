/**
 * Padded standard base64: groups of four alphabet characters, the last ending in = or == at most.
 * The same language as /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, which V8
 * runs at half this speed; a certificate header brings some 1,800 characters with every signed request.
 */
const ALPHABET_THEN_PADDING_RE = /^[A-Za-z0-9+/]*={0,2}$/;

export function isPaddedBase64(value: string): boolean {
  return value.length % 4 === 0 && ALPHABET_THEN_PADDING_RE.test(value);
}
