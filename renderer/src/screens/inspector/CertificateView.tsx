import type { SignatureDiagnosis } from '../../../../preload/api/workbench-api';

type Certificate = NonNullable<SignatureDiagnosis['certificate']>;

export function CertificateView({ certificate }: { certificate: Certificate | null }) {
  if (!certificate) return <p className="muted">No TPP-Signature-Certificate was sent.</p>;
  if (!certificate.parsed)
    return (
      <p className="note">
        The certificate could not be read ({certificate.form}): {certificate.problem ?? 'unknown problem'}
      </p>
    );
  const facts: [string, string | undefined][] = [
    ['Subject', certificate.subjectDn],
    ['organizationIdentifier', certificate.organizationId],
    ['Roles', certificate.roles?.join(', ')],
    ['NCA', [certificate.ncaName, certificate.ncaId].filter(Boolean).join(' · ') || undefined],
    ['Valid from', certificate.notBefore],
    ['Valid until', certificate.notAfter],
    ['Issuer', certificate.issuerDn],
    ['Serial', certificate.serialHex],
    ['SHA-256', certificate.fingerprintSha256],
    ['Sent as', certificate.form],
  ];
  return (
    <dl className="facts" data-testid="certificate">
      {facts
        .filter((f): f is [string, string] => f[1] !== undefined && f[1] !== '')
        .map(([name, value]) => (
          <div key={name} className="fact">
            <dt>{name}</dt>
            <dd className="wire-plain">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
