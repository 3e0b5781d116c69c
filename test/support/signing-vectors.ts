// What the signature verifier's unit tests share: the openssl vectors, their certificate as the PKI module
// would inspect it, a request run through the verifier with a change, and a Signature header signed anew.
import { X509Certificate, constants, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { SignedOperation } from '../../main/domain/signing/profiles';
import { verifySignedRequest, type SignatureDiagnosis } from '../../main/domain/signing/verify';
import type { SignatureCheck, SignerCertificateInspection } from '../../main/domain/signing/signature-checks';

export interface VectorCase {
  name: string;
  operation: SignedOperation;
  method: string;
  path: string;
  bodyBase64: string;
  digest: string;
  headersParameter: string;
  signingString: string;
  keyId: string;
  signature: string;
  headers: Record<string, string>;
}
export const vectors = JSON.parse(readFileSync(new URL('../vectors/signing-vectors.json', import.meta.url), 'utf8')) as {
  certificatePem: string;
  privateKeyPem: string;
  otherPrivateKeyPem: string;
  keyId: string;
  cases: VectorCase[];
};

export const certificate = new X509Certificate(vectors.certificatePem);
/** The verifier takes validity from the inspection; the test pins "now" inside the certificate's life. */
export const NOW = new Date(Date.parse(certificate.validFrom) + 86_400_000);
export const privateKey = createPrivateKey(vectors.privateKeyPem);
export const otherKey = createPrivateKey(vectors.otherPrivateKeyPem);

export const dn = (x509Name: string): string => x509Name.split('\n').reverse().join(',');

/** What the PKI module reports, built here with node:crypto; the self-signed vector certificate stands in for a test-CA one. */
export function inspect(der: Buffer): SignerCertificateInspection {
  const cert = new X509Certificate(der);
  const notBefore = new Date(cert.validFrom);
  const notAfter = new Date(cert.validTo);
  return {
    parsed: true,
    publicKeyPem: cert.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    serialHex: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
    issuerDn: dn(cert.issuer),
    subjectDn: dn(cert.subject),
    organizationId: 'PSDDE-BAFIN-123456',
    roles: ['PSP_PI'],
    notBefore: notBefore.toISOString(),
    notAfter: notAfter.toISOString(),
    fingerprintSha256: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
    trustProblem: null,
    validityProblem: NOW < notBefore || NOW > notAfter ? `valid from ${notBefore.toISOString()} to ${notAfter.toISOString()}` : null,
    purposeProblem: null,
  };
}

export const byName = (name: string): VectorCase => {
  const found = vectors.cases.find((c) => c.name === name);
  if (!found) throw new Error(`no vector ${name}`);
  return found;
};
export const bodyOf = (vector: VectorCase): Buffer => Buffer.from(vector.bodyBase64, 'base64');

export interface Change {
  headers?: Record<string, string | string[] | undefined>;
  body?: Buffer;
  inspect?: (der: Buffer) => SignerCertificateInspection;
  requestTarget?: { method: string; path: string };
}

export function run(vector: VectorCase, change: Change = {}): SignatureDiagnosis {
  const headers: Record<string, string | string[] | undefined> = { ...vector.headers, ...change.headers };
  for (const name of Object.keys(headers)) if (headers[name] === undefined) delete headers[name];
  return verifySignedRequest({
    operation: vector.operation,
    headers,
    body: change.body ?? bodyOf(vector),
    inspectCertificate: change.inspect ?? inspect,
    ...(change.requestTarget ? { requestTarget: change.requestTarget } : {}),
  });
}

export interface SignOptions {
  listed: readonly string[];
  text: string;
  key?: KeyObject;
  keyId?: string;
  algorithm?: string;
  padding?: number;
  hash?: string;
}
export function signatureHeader({
  listed,
  text,
  key = privateKey,
  keyId = vectors.keyId,
  algorithm = 'rsa-sha256',
  padding = constants.RSA_PKCS1_PADDING,
  hash = 'sha256',
}: SignOptions): string {
  const signature = sign(hash, Buffer.from(text, 'latin1'), { key, padding }).toString('base64');
  return `keyId="${keyId}",algorithm="${algorithm}",headers="${listed.join(' ')}",signature="${signature}"`;
}
export const lines = (names: readonly string[], headers: Record<string, string | undefined>): string =>
  names.map((n) => `${n}: ${headers[n] ?? ''}`).join('\n');
export const listedOf = (vector: VectorCase): string[] => vector.headersParameter.split(' ');

export type Failure = { code: string; status: number; text: string; checkId: string };
export function failure(diagnosis: SignatureDiagnosis): Failure & { check: SignatureCheck } {
  const verdict = diagnosis.verdict;
  if (verdict.valid) throw new Error('expected the request to be rejected');
  const check = diagnosis.checks.find((c) => c.id === verdict.checkId);
  if (!check) throw new Error('verdict names no check');
  expect(check.passed).toBe(false);
  expect(verdict.text).toBe(check.text);
  return { ...verdict, check };
}
export const checkOf = (diagnosis: SignatureDiagnosis, id: string): SignatureCheck | undefined => diagnosis.checks.find((c) => c.id === id);
