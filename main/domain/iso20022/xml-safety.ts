/**
 * What untrusted XML must pass before any parser sees it. A DOCTYPE is refused outright
 * rather than parsed with limits: ISO 20022 messages never need one, and refusing it
 * closes external entities (XXE) and entity expansion (billion laughs) without relying
 * on parser limits. Without a DOCTYPE no entity can be declared, so none is ever expanded.
 */
/** Largest XML document accepted, in bytes of UTF-8; the same bound as the HTTP body limit. */
export const MAX_XML_BYTES = 8 * 1024 * 1024;

export interface XmlSafetyProblem {
  rule: 'size limit' | 'encoding' | 'DOCTYPE refused';
  message: string;
}

const DECLARATIONS = /<!\s*(DOCTYPE|ENTITY)/i;
const ENCODING_DECLARATION = /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([^"']*)["']/;

function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const tooLarge = (bytes: number): XmlSafetyProblem => ({
  rule: 'size limit',
  message: `the document has ${bytes} bytes; at most ${MAX_XML_BYTES} are accepted`,
});

export type SafeXmlText = { ok: true; text: string } | { ok: false; problem: XmlSafetyProblem };

/** The document as text, once it is known to be small enough, UTF-8, and free of DOCTYPE and ENTITY declarations. */
export function safeXmlText(input: string | Uint8Array): SafeXmlText {
  let text: string;
  if (typeof input === 'string') {
    // Strings longer than the limit can never fit; the exact count is needed only near it.
    if (input.length > MAX_XML_BYTES) return { ok: false, problem: tooLarge(input.length) };
    if (input.length * 3 > MAX_XML_BYTES) {
      const bytes = utf8Length(input);
      if (bytes > MAX_XML_BYTES) return { ok: false, problem: tooLarge(bytes) };
    }
    text = input;
  } else {
    if (input.byteLength > MAX_XML_BYTES) return { ok: false, problem: tooLarge(input.byteLength) };
    if (input[0] === 0xfe || input[0] === 0xff) {
      return { ok: false, problem: { rule: 'encoding', message: 'UTF-16 is not accepted; send UTF-8' } };
    }
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      return { ok: false, problem: { rule: 'encoding', message: 'the document is not valid UTF-8' } };
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const declared = ENCODING_DECLARATION.exec(text)?.[1];
  if (declared !== undefined && !/^(utf-?8|us-ascii)$/i.test(declared)) {
    return { ok: false, problem: { rule: 'encoding', message: `encoding "${declared}" is not accepted; send UTF-8` } };
  }
  const declaration = DECLARATIONS.exec(text);
  if (declaration !== null) {
    return {
      ok: false,
      problem: { rule: 'DOCTYPE refused', message: `<!${declaration[1]} declarations are not accepted (no DTDs or entities in ISO 20022 messages)` },
    };
  }
  return { ok: true, text };
}
