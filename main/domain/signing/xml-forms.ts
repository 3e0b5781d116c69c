/**
 * What an XML body becomes when a client or a library re-serialises it between hashing and sending
 * (spec "Application-layer signing" rule 6): minified, pretty-printed, with its XML declaration
 * added or removed, with its attribute quotes changed. Pure text transforms, good enough for the
 * pain.001 documents and the like a TPP signs: they name a mistake, they never validate XML.
 */

export interface XmlForm {
  /** How the body was changed, to finish "the Digest was computed over the XML ..." */
  change: string;
  text: string;
}

const DECLARATION_RE = /^(\uFEFF?)<\?xml\b[^?]*\?>(\r?\n)?/;
/** Tags, comments, processing instructions and CDATA sections; text is what lies between. */
const TOKEN_RE = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/?[A-Za-z_][^>]*>/g;

/** Whether the text is an XML document (or fragment) at all: it starts, after any BOM and blanks, with a tag. */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*<[?!A-Za-z_]/.test(text) && text.trimEnd().endsWith('>');
}

/** The usual declarations serialisers write, as a client may have hashed them. */
const DECLARATIONS = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<?xml version="1.0" encoding="utf-8"?>',
  "<?xml version='1.0' encoding='UTF-8'?>",
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
  '<?xml version="1.0"?>',
];

/** Whitespace-only text between two markup tokens removed: what a minifier or a compact serialiser writes (a BOM stays: it is not whitespace to XML). */
export function minifyXml(text: string): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  return bom + text.slice(bom.length).replace(/>\s+</g, '><').trim();
}

/**
 * Indented one element per line, a leaf element's text kept on its line: what xmllint --format,
 * Java's Transformer with indent and most "pretty print" buttons write.
 */
export function prettyPrintXml(text: string, indent: string, newline = '\n'): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const compact = minifyXml(text).slice(bom.length);
  const lines: string[] = [];
  let depth = 0;
  let last = 0;
  let open: string | null = null;
  const tokens = [...compact.matchAll(TOKEN_RE)];
  for (const [i, match] of tokens.entries()) {
    const token = match[0];
    const start = match.index;
    const between = compact.slice(last, start);
    last = start + token.length;
    if (token.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      if (open !== null && (between !== '' || tokens[i - 1]?.[0] === open)) {
        // A leaf: <a>text</a> (or <a></a>) stays on one line.
        lines[lines.length - 1] = `${lines[lines.length - 1] ?? ''}${between}${token}`;
      } else {
        if (between !== '') lines.push(indent.repeat(depth + 1) + between);
        lines.push(indent.repeat(depth) + token);
      }
      open = null;
      continue;
    }
    if (between !== '') lines.push(indent.repeat(depth) + between);
    lines.push(indent.repeat(depth) + token);
    const opens = /^<[A-Za-z_]/.test(token) && !token.endsWith('/>');
    open = opens ? token : null;
    if (opens) depth += 1;
  }
  const rest = compact.slice(last);
  if (rest !== '') lines.push(rest);
  return bom + lines.join(newline);
}

/** Every attribute value (and the declaration's) quoted with `to` instead of the other quote. */
export function requoteAttributes(text: string, to: '"' | "'"): string {
  const from = to === '"' ? "'" : '"';
  return text.replace(TOKEN_RE, (token) => {
    if (token.startsWith('<!') || token.startsWith('</')) return token;
    return token.replace(new RegExp(`(=\\s*)${from}([^${from}${to}]*)${from}`, 'g'), `$1${to}$2${to}`);
  });
}

/** The forms of `text` a re-serialisation gives, each different from the text; empty when it is not XML. */
export function xmlForms(text: string): XmlForm[] {
  if (!looksLikeXml(text)) return [];
  const forms: XmlForm[] = [];
  const add = (change: string, candidate: string): void => {
    if (candidate !== text && !forms.some((f) => f.text === candidate && f.change === change)) forms.push({ change, text: candidate });
  };
  const declaration = DECLARATION_RE.exec(text);
  if (declaration) {
    const bom = declaration[1] ?? '';
    const without = bom + text.slice(declaration[0].length);
    add(`without its XML declaration ${declaration[0].slice(bom.length).trim()}, which the body as sent has`, without);
    add(`without its XML declaration ${declaration[0].slice(bom.length).trim()}, which the body as sent has`, bom + without.slice(bom.length).trimStart());
  } else {
    for (const decl of DECLARATIONS) {
      for (const gap of ['\n', '', '\r\n']) add(`with an XML declaration ${decl} that the body as sent does not have`, decl + gap + text);
    }
  }
  add('minified (the whitespace between elements removed)', minifyXml(text));
  add('minified (the whitespace between elements removed)', minifyXml(text) + '\n');
  for (const [indent, name] of [
    ['  ', '2 spaces'],
    ['    ', '4 spaces'],
    ['\t', 'tabs'],
  ] as const) {
    for (const newline of ['\n', '\r\n']) {
      const pretty = prettyPrintXml(text, indent, newline);
      add(`pretty-printed (indented with ${name})`, pretty);
      add(`pretty-printed (indented with ${name})`, pretty + newline);
    }
  }
  const hasDouble = /=\s*"/.test(text);
  const hasSingle = /=\s*'/.test(text);
  if (hasDouble) add("with its attribute values in single quotes ('), where the body as sent has double quotes", requoteAttributes(text, "'"));
  if (hasSingle) add('with its attribute values in double quotes ("), where the body as sent has single quotes', requoteAttributes(text, '"'));
  return forms;
}
