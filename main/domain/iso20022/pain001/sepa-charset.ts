/**
 * Characters a SEPA name may use. The EPC basic Latin set (a-z A-Z 0-9 / - ? : ( ) . , ' +
 * space) is extended by the Latin letters with diacritics of the SEPA languages (À-ÿ
 * without × and ÷, and Latin Extended-A), because the bank's Verification of Payee
 * compares names such as "Müller Logistik GmbH" or "Établissements Lefèvre et Fils SA"
 * exactly as the payee registry holds them.
 */

const ALLOWED = /^[a-zA-Z0-9/\-?:().,'+ \u00C0-\u00D6\u00D8-\u00F6\u00F8-\u017F]$/u;

export const SEPA_NAME_MAX_LENGTH = 70;

/** The first character of `s` outside the set, described for a message, or null. */
export function sepaCharacterProblem(s: string): string | null {
  for (const ch of s) {
    if (!ALLOWED.test(ch)) {
      const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
      const shown = /\p{L}|\p{N}|\p{P}|\p{S}/u.test(ch) ? `"${ch}" (${code})` : code;
      return `character ${shown} is not allowed in SEPA names`;
    }
  }
  return null;
}
