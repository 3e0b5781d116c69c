// Pretty-printing of wire bodies for reading; the raw text stays available ("Raw").
import { XMLBuilder, XMLParser } from 'fast-xml-parser';

export type BodyKind = 'json' | 'xml' | 'form' | 'text';

export function bodyKind(contentType: string | undefined, body: string): BodyKind {
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  if (type.includes('xml')) return 'xml';
  if (type.includes('x-www-form-urlencoded')) return 'form';
  const start = body.trimStart()[0];
  if (start === '{' || start === '[') return 'json';
  if (start === '<') return 'xml';
  return 'text';
}

/** Bodies above this are shown as sent: pretty-printing them would freeze the window. */
const PRETTY_LIMIT = 2_000_000;

export function prettyBody(kind: BodyKind, body: string): string {
  if (body.length > PRETTY_LIMIT) return body;
  try {
    if (kind === 'json') return JSON.stringify(JSON.parse(body), null, 2);
    if (kind === 'xml') return prettyXml(body);
    if (kind === 'form') return [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).join('\n');
  } catch {
    // Malformed bodies are exactly what a user debugs: show them untouched.
  }
  return body;
}

// preserveOrder keeps element order, attributes, comments and the declaration as they were.
const xmlOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  commentPropName: '#comment',
  cdataPropName: '#cdata',
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
} as const;

function prettyXml(body: string): string {
  const tree = new XMLParser(xmlOptions).parse(body) as unknown;
  const text = new XMLBuilder({ ...xmlOptions, format: true, indentBy: '  ', suppressEmptyNode: true }).build(tree) as string;
  return text.trim() || body;
}
