import { createHash } from 'node:crypto';
import { parseCertificate, type ParseResult } from './certificate-parse';

/**
 * Every signed request carries its certificate, mostly the same few: parse each distinct certificate once.
 * Failures are cached too, so a client repeating a broken certificate costs no more than a good one.
 * Keyed by the SHA-256 of the bytes; least recently used entries leave first.
 */
export class CertificateCache {
  private readonly entries = new Map<string, ParseResult>();

  constructor(readonly capacity = 1000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('the certificate cache needs room for at least one entry');
  }

  parse(der: Buffer): ParseResult {
    const key = createHash('sha256').update(der).digest('hex');
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    const result = parseCertificate(der);
    this.entries.set(key, result);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return result;
  }

  get size(): number {
    return this.entries.size;
  }
}

export const defaultCertificateCache = new CertificateCache();
