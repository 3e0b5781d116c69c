/**
 * Message versions the bank speaks (spec "Versioning"): a pain.001 version is answered
 * with the pain.002 version of the same generation, identified by its namespace.
 */

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:';

export const PAIN001_VERSIONS = ['pain.001.001.03'] as const;
export type Pain001Version = (typeof PAIN001_VERSIONS)[number];

const PAIN002_FOR: Readonly<Record<Pain001Version, string>> = { 'pain.001.001.03': 'pain.002.001.03' };

export const namespaceOf = (messageVersion: string): string => `${NAMESPACE_PREFIX}${messageVersion}`;

/** The message version a namespace names (e.g. pain.001.001.09), or null for a non-ISO 20022 namespace. */
export function versionOfNamespace(namespace: string): string | null {
  return namespace.startsWith(NAMESPACE_PREFIX) ? namespace.slice(NAMESPACE_PREFIX.length) : null;
}

export function isPain001Version(v: string): v is Pain001Version {
  return (PAIN001_VERSIONS as readonly string[]).includes(v);
}

export const pain002VersionFor = (v: Pain001Version): string => PAIN002_FOR[v];
