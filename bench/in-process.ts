/**
 * What is timed inside one process: signed-request verification in the verifier itself beside node:crypto's
 * raw RSA verify, and the 10,000-transaction bulk as the TPP sees it (one request, so no load generator).
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { verifySignedRequest } from '../main/domain/signing/verify';
import { CertificateCache } from '../main/pki/certificate-cache';
import { ensureDataFolderPki } from '../main/pki/data-folder';
import { signingCertificateInspector } from '../main/services/tpps/signatures';
import { sepaBulk } from '../main/tpp/bulk';
import { signingKeyOf } from '../main/tpp/credentials';
import { loadTppCredentials } from '../main/tpp/data-folder';
import { psuSession } from '../main/tpp/journeys';
import { prepared } from '../main/tpp/requests/request';
import { signPrepared } from '../main/tpp/sign';
import type { PreparedRequest } from '../main/tpp/types';
import { expectStatus, INSTITUTION, SEPA, type Fixtures } from './fixtures';

export interface InProcessRow {
  operation: string;
  count: number;
  perSecond: number;
  meanMs: number;
}

/**
 * Every verification gets a request of its own (its own X-Request-ID, so its own signature), signed
 * outside the timed part: only what the bank does per request is timed, the certificate cache included.
 */
export function signatureRows(dataDir: string): InProcessRow[] {
  const key = signingKeyOf(loadTppCredentials(dataDir));
  const trust = ensureDataFolderPki(dataDir, new Date()).trust;
  const cache = new CertificateCache();
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">${'<x>Müller Logistik GmbH</x>'.repeat(60)}</Document>\n`,
  );
  const signedRequest = (): PreparedRequest => {
    const headers = { 'x-request-id': randomUUID(), 'psu-id': 'FRA-CREATOR', 'tpp-redirect-uri': 'https://tpp.example/cb' };
    return signPrepared(prepared('payment-create', INSTITUTION, `/${INSTITUTION}/berlingroup/v1/payments/${SEPA}`, headers, body), { own: key });
  };
  const row = (operation: string, count: number, ms: number): InProcessRow => ({ operation, count, perSecond: count / (ms / 1000), meanMs: ms / count });
  const now = new Date();

  const signed = signedRequest();
  const rawKey = createPublicKey(key.certificatePem);
  const rawSignature = Buffer.from(/signature="([^"]+)"/.exec(signed.headers.signature ?? '')?.[1] ?? '', 'base64');
  const rawData = Buffer.from(signed.signingString ?? '', 'latin1');
  let started = performance.now();
  for (let i = 0; i < 5000; i++) if (!verify('sha256', rawData, rawKey, rawSignature)) throw new Error('raw verify failed');
  const raw = row('node:crypto RSA-SHA256 verify alone', 5000, performance.now() - started);

  let elapsedMs = 0;
  for (let batch = 0; batch < 10; batch++) {
    const requests = Array.from({ length: 500 }, () => signedRequest().headers);
    started = performance.now();
    for (const headers of requests) {
      const d = verifySignedRequest({
        operation: 'payment-initiation',
        headers,
        body,
        inspectCertificate: signingCertificateInspector(trust, cache, now),
        decodeCertificate: (value) => cache.decodeHeader(value),
      });
      if (!d.verdict.valid) throw new Error(JSON.stringify(d.verdict));
    }
    elapsedMs += performance.now() - started;
  }
  return [raw, row('signed-request verification (all checks, in process)', 5000, elapsedMs)];
}

export interface BulkTimes {
  transactions: number;
  mib: number;
  createMs: number;
  statusMib: number;
  statusMs: number;
}

/** A SEPA bulk over HTTP: verify its signature, validate, store; then its pain.002. */
export async function bulkPayment(fixtures: Fixtures, transactions: number): Promise<BulkTimes> {
  const session = await psuSession(fixtures.tpp, fixtures.control, INSTITUTION, 'FRA-CLERK');
  const xml = Buffer.from(sepaBulk(transactions));
  const sent = await fixtures.tpp.createPayment(session, SEPA, xml);
  const { paymentId } = expectStatus(sent, 201) as { paymentId: string };
  const status = await fixtures.tpp.paymentStatus(session, SEPA, paymentId);
  expectStatus(status, 200);
  return { transactions, mib: xml.length / 2 ** 20, createMs: sent.durationMs, statusMib: status.text.length / 2 ** 20, statusMs: status.durationMs };
}
