import type { IssuedCertificate, SigningAuthority } from './x509-builder';
import { newCertificate, rsaKeyPair, signWith, subjectNameOf, toForgeName } from './x509-builder';

const DAY_MS = 86_400_000;

/**
 * The simulator's own TLS server certificate for `--tls`, issued by the eIDAS test CA so a TPP that
 * trusts DIR/pki/ca.crt.pem trusts the server too. Made fresh at each start: it is never stored.
 */
export function issueServerCertificate(ca: SigningAuthority, hosts: readonly string[], now: Date): IssuedCertificate {
  const keys = rsaKeyPair();
  const cert = newCertificate(keys.publicKeyPem, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + 365 * DAY_MS));
  cert.setSubject(
    toForgeName([
      { oid: '2.5.4.3', value: 'PSD2 Workbench simulator' },
      { oid: '2.5.4.10', value: 'PSD2 Workbench' },
    ]),
  );
  const altNames = [...new Set(['localhost', '127.0.0.1', '::1', ...hosts])].map((h) => (/^[\d.]+$|:/.test(h) ? { type: 7, ip: h } : { type: 2, value: h }));
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames },
  ]);
  return {
    certificatePem: signWith(cert, ca.privateKeyPem, subjectNameOf(ca.certificatePem)),
    privateKeyPem: keys.privateKeyPem,
    serialHex: cert.serialNumber,
  };
}
