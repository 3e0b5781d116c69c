import type { SigningKey } from '../domain/signing/sign';

/**
 * What a TPP application holds: its OAuth client at the bank and its QSEAL. The same fields as
 * DIR/tpp/client.json (docs/architecture.md#data-folder) with the QSEAL's PEM files.
 */
export interface TppCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** The Signature's keyId for this QSEAL. */
  keyId: string;
  organizationId: string;
  qseal: { certificatePem: string; privateKeyPem: string };
}

export const signingKeyOf = (credentials: Pick<TppCredentials, 'keyId' | 'qseal'>): SigningKey => ({
  keyId: credentials.keyId,
  certificatePem: credentials.qseal.certificatePem,
  privateKeyPem: credentials.qseal.privateKeyPem,
});

/** RFC 6749 2.3.1: client id and secret are form-encoded before they are joined. */
export const basicAuthorization = (credentials: Pick<TppCredentials, 'clientId' | 'clientSecret'>): string =>
  `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64')}`;
