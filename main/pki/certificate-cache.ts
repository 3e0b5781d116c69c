import { createHash, type KeyObject } from 'node:crypto';
import { decodeCertificateHeader, type DecodedCertificate } from '../domain/signing/certificate-header';
import { loadPublicKey } from '../domain/signing/rsa-key';
import { parseCertificate, type ParseResult } from './certificate-parse';

interface Entry {
  result: ParseResult;
  /** Loaded on first use; null when the key does not load, so the verifier loads it and says why. */
  key?: KeyObject | null;
}

/**
 * Every signed request carries its certificate, mostly the same few: parse each distinct certificate once.
 * Failures are cached too, so a client repeating a broken certificate costs no more than a good one.
 * Keyed by the SHA-256 of the bytes; least recently used entries leave first.
 */
export class CertificateCache {
  private readonly entries = new Map<string, Entry>();
  /** The same entries by the fingerprint their inspection reports, so the verifier's key costs no second hash. */
  private readonly byFingerprint = new Map<string, Entry>();
  /**
   * TPP-Signature-Certificate values as decoded, by their text: a client sends the same one with every request,
   * and decoding it (some 1,800 characters of base64) cost more than the rest of the certificate's checks.
   */
  private readonly headers = new Map<string, DecodedCertificate>();
  /** The SHA-256 of DER buffers seen before, by the buffer: a decoded header hands out the same one each time. */
  private readonly keysOfBuffers = new WeakMap<Buffer, string>();

  constructor(readonly capacity = 1000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('the certificate cache needs room for at least one entry');
  }

  /** The bytes of `der` must not change once parsed: the buffer itself remembers its hash. */
  parse(der: Buffer): ParseResult {
    let key = this.keysOfBuffers.get(der);
    if (key === undefined) {
      key = createHash('sha256').update(der).digest('hex');
      this.keysOfBuffers.set(der, key);
    }
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.result;
    }
    const entry: Entry = { result: parseCertificate(der) };
    this.entries.set(key, entry);
    if (entry.result.ok) this.byFingerprint.set(entry.result.certificate.fingerprintSha256, entry);
    if (this.entries.size > this.capacity) this.evictOldest();
    return entry.result;
  }

  /** decodeCertificateHeader, remembered for the most recent distinct header values (the text is the key). */
  decodeHeader(value: string): DecodedCertificate {
    const cached = this.headers.get(value);
    if (cached !== undefined) {
      this.headers.delete(value);
      this.headers.set(value, cached);
      return cached;
    }
    const decoded = decodeCertificateHeader(value);
    this.headers.set(value, decoded);
    // Values run up to 16 KiB: fewer of them are kept than parses.
    if (this.headers.size > Math.min(this.capacity, MAX_HEADERS)) this.headers.delete(this.headers.keys().next().value as string);
    return decoded;
  }

  /**
   * The public key of a certificate this cache holds, loaded once. Kept rather than loaded per request:
   * the load and the per-key set-up OpenSSL does on a key's first verify together cost about as much as the
   * verify itself. Undefined when the certificate is not (or no longer) cached or its key
   * does not load: the verifier then loads publicKeyPem itself and says what is wrong.
   */
  verificationKey(fingerprintSha256: string): KeyObject | undefined {
    const entry = this.byFingerprint.get(fingerprintSha256);
    if (entry === undefined || !entry.result.ok) return undefined;
    if (entry.key === undefined) entry.key = loadOrNull(entry.result.certificate.publicKeyPem);
    return entry.key ?? undefined;
  }

  get size(): number {
    return this.entries.size;
  }

  private evictOldest(): void {
    const oldest = this.entries.entries().next();
    if (oldest.done) return;
    const [key, entry] = oldest.value;
    this.entries.delete(key);
    // Another encoding of the same certificate may have taken the fingerprint over since.
    if (entry.result.ok && this.byFingerprint.get(entry.result.certificate.fingerprintSha256) === entry) {
      this.byFingerprint.delete(entry.result.certificate.fingerprintSha256);
    }
  }
}

const MAX_HEADERS = 100;

function loadOrNull(publicKeyPem: string): KeyObject | null {
  try {
    return loadPublicKey(publicKeyPem);
  } catch {
    return null;
  }
}

export const defaultCertificateCache = new CertificateCache();
