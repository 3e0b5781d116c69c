import type { HttpRequest } from './types';

/** A certificate and its private key, PEM, as node:tls takes them. */
export interface ClientCertificate {
  cert: string;
  key: string;
}

/** What a TPP needs for a bank under mutual TLS (`--tls`). */
export interface TransportTls {
  /** PEM: the only authorities the bank's server certificate may come from (the data folder's CA bundle). */
  ca: string;
  /** The TPP's QWAC; null: a client without one (the PSU's browser, or a test of the refusal). */
  qwac: ClientCertificate | null;
  /** London's QWAC (UK open banking, spec "Access model"); absent: `qwac` at every institution. */
  ukQwac?: ClientCertificate | null;
}

/**
 * Where the built-in TPP's requests go and how: the simulator's origin and, under --tls, the trust
 * anchor and client certificates. Built once and passed where an origin was, so no caller can
 * reach an HTTPS bank without them.
 */
export interface BankTransport {
  origin: string;
  tls: TransportTls | null;
  /** Sent as `Authorization: Bearer` on the control API's requests, to a simulator that needs it (--host). */
  controlToken?: string | undefined;
}

/** A bank reached without TLS material: plain HTTP, or HTTPS trusting only the system's authorities. */
export const plainTransport = (origin: string): BankTransport => ({ origin, tls: null });

/** An origin given alone is a transport without TLS material (bench, tests of plain HTTP). */
export const transportOf = (to: string | BankTransport): BankTransport => (typeof to === 'string' ? plainTransport(to) : to);

/**
 * The certificate presented for one request: none by the PSU's browser (a request with its own
 * origin, the bank's page it opens), London's at London (it accepts only UK open-banking
 * certificates, the euro institutions only eIDAS ones), the TPP's QWAC otherwise.
 */
export function clientCertificateFor(tls: TransportTls, request: HttpRequest): ClientCertificate | null {
  if (request.browserOrigin !== undefined) return null;
  if (request.path.startsWith('/london/') && tls.ukQwac !== undefined) return tls.ukQwac;
  return tls.qwac;
}
