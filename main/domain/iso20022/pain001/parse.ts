/**
 * A pain.001 from untrusted bytes or text to an element tree, refusing what is not safe,
 * not well-formed, or not a pain.001 of a version the bank accepts.
 */
import { isPain001Version, namespaceOf, PAIN001_VERSIONS, versionOfNamespace, type Pain001Version } from '../versions';
import { readXml, type XmlDocument } from '../xml-tree';
import type { ValidationIssue } from './types';

export type Pain001Parse = { ok: true; document: XmlDocument; version: Pain001Version; namespace: string } | { ok: false; issues: ValidationIssue[] };

const fail = (issue: Omit<ValidationIssue, 'kind'>): Pain001Parse => ({ ok: false, issues: [{ ...issue, kind: 'schema' }] });

export function parsePain001(xml: string | Uint8Array): Pain001Parse {
  const read = readXml(xml);
  if (!read.ok) {
    const { rule, message, line, column } = read.problem;
    const where = line !== undefined ? ` (line ${line}${column !== undefined ? `, column ${column}` : ''})` : '';
    return fail({ path: 'Document', rule, message: `${message}${where}`, ...(line !== undefined ? { line } : {}) });
  }
  const { root } = read.document;
  const line = read.document.lineAt(root.offset);
  if (root.name !== 'Document') {
    return fail({ path: root.name, rule: 'root element', message: `the root element must be Document, not ${root.name}`, line });
  }
  const version = root.namespace === null ? null : versionOfNamespace(root.namespace);
  if (version === null || !isPain001Version(version)) {
    const found = root.namespace ? `namespace ${root.namespace}` : 'no namespace';
    const accepted = PAIN001_VERSIONS.map(namespaceOf).join(', ');
    const what = version !== null ? `version ${version} is not accepted` : `Document has ${found}`;
    return fail({ path: 'Document', rule: 'namespace', message: `${what}; expected ${accepted}`, line });
  }
  return { ok: true, document: read.document, version, namespace: root.namespace ?? '' };
}
