/**
 * Character data on both sides of the XML boundary. The parser runs with entity
 * processing off (no DOCTYPE can define entities, so none may expand), which leaves
 * the five predefined entities and character references for this module to decode.
 */

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Every "&" with what follows it, so a bare one (group undefined) is caught too. */
const AMPERSAND = /&(?:(#x[0-9A-Fa-f]+|#[0-9]+|[A-Za-z_:][\w.:-]*);)?/g;

/** XML 1.0 Char production: what a character reference may denote. */
function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

export type DecodedText = { ok: true; text: string } | { ok: false; problem: string };

/** Replaces predefined entities and character references; anything else is not well-formed without a DOCTYPE. */
export function decodeXmlReferences(raw: string): DecodedText {
  if (!raw.includes('&')) return { ok: true, text: raw };
  let problem: string | null = null;
  const text = raw.replace(AMPERSAND, (whole, ref: string | undefined) => {
    if (ref === undefined) {
      problem ??= 'a bare "&" must be written &amp;';
    } else if (ref.startsWith('#')) {
      const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (isXmlChar(cp)) return String.fromCodePoint(cp);
      problem ??= `character reference ${whole} does not denote an XML character`;
    } else {
      const value = PREDEFINED[ref];
      if (value !== undefined) return value;
      problem ??= `undefined entity ${whole} (without a DOCTYPE only &amp; &lt; &gt; &quot; &apos; exist)`;
    }
    return whole;
  });
  return problem === null ? { ok: true, text } : { ok: false, problem };
}

/** Characters XML 1.0 cannot carry at all, not even as references. */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what must be found
const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Index of the first character XML cannot contain, or -1. */
export function illegalXmlCharIndex(s: string): number {
  const m = ILLEGAL.exec(s);
  return m === null ? -1 : m.index;
}

const ILLEGAL_ALL = new RegExp(ILLEGAL.source, 'g');

/** A superset of what escapeXml changes: the escaped characters, the illegal ones and any surrogate (paired or not). */
// eslint-disable-next-line no-control-regex -- the control characters XML cannot carry are part of what is looked for
const NEEDS_ESCAPING = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

/**
 * Escapes text for element content or a double-quoted attribute. Characters XML cannot
 * carry become U+FFFD, so a report about bad input is itself always well-formed.
 */
export function escapeXml(s: string): string {
  // Nearly every value has nothing to escape: one scan for anything either step could change answers that.
  if (!NEEDS_ESCAPING.test(s)) return s;
  const clean = illegalXmlCharIndex(s) === -1 ? s : s.replace(ILLEGAL_ALL, '\uFFFD');
  return /[&<>"\r]/.test(clean) ? clean.replace(/[&<>"\r]/g, (c) => TEXT_ESCAPES[c] ?? c) : clean;
}
