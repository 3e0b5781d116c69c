// The QA set: broken signed requests as a QA engineer's own client sends them (node:crypto, raw sockets;
// qa-request.ts), each with the bank's answer and the check that fails first (the cases, qa-cases-*.ts). One
// fixture for the API test (live and through Diagnose) and the UI tests, which reuse the cases and the paste forms (qa-forms.ts).
import type { SigningKey } from '../../main/domain/signing/sign';
import type { BankControl } from '../../main/tpp/control';
import { signingKeyOf } from '../../main/tpp/credentials';
import { createPayment } from '../../main/tpp/requests/payments';
import type { PsuAccess, PsuContext } from '../../main/tpp/requests/request';
import { readTemplate, templateIndex } from '../../main/tpp/templates';
import type { QaCase, QaKeys, QaRequest } from './qa-request';
import { MESSAGE_CASES } from './qa-cases-message';
import { CREDENTIAL_CASES } from './qa-cases-credentials';
import { WIRE_CASES } from './qa-cases-wire';

/**
 * The cases. The base request is a payment initiation whose body is an LF pain.001 with an XML
 * declaration, carrying X-Request-ID, PSU-ID and TPP-Redirect-URI (so all four profile headers are signed).
 */
export const QA_CASES: readonly QaCase[] = [...MESSAGE_CASES, ...CREDENTIAL_CASES, ...WIRE_CASES];

/** The byte-level cases: replayed from cURL, a HAR and Resend byte for byte. */
export const BYTE_CASES = ['bytes-latin1', 'bytes-bom', 'bytes-nul', 'bytes-invalid-utf8'] as const;

const SPELLING: Readonly<Record<string, string>> = {
  'x-request-id': 'X-Request-ID',
  authorization: 'Authorization',
  'consent-id': 'Consent-ID',
  'psu-id': 'PSU-ID',
  'psu-ip-address': 'PSU-IP-Address',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
  'content-type': 'Content-Type',
};

/** The base request: a SEPA payment initiation as the built-in TPP prepares it (fresh X-Request-ID, the PSU's token), not signed. */
export function qaBaseRequest(access: PsuAccess, psu: PsuContext): QaRequest {
  const file = 'sepa-single.xml';
  const product = templateIndex().find((t) => t.file === file)?.product ?? '';
  const request = createPayment(access, product, readTemplate(file), psu, 'https://tpp.example/callback');
  const body = request.body === null ? Buffer.alloc(0) : Buffer.from(request.body);
  return { method: request.method, path: request.path, headers: Object.entries(request.headers).map(([n, v]) => [SPELLING[n] ?? n, v]), body };
}

/** The QSEALs the cases sign with: another TPP and two faulty certificates are registered at the bank once. */
export async function qaKeys(control: BankControl, own: SigningKey): Promise<QaKeys> {
  const registered = async (organizationId: string, faults?: Record<string, boolean>): Promise<SigningKey> =>
    signingKeyOf(await control.registerTpp({ organizationId, ...(faults ? { faults } : {}) }));
  return {
    own,
    other: await registered('PSDDE-BAFIN-654321'),
    expired: await registered('PSDDE-BAFIN-777001', { expired: true }),
    notYetValid: await registered('PSDDE-BAFIN-777002', { notYetValid: true }),
  };
}
