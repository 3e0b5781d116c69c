import { isPaddedBase64 } from './base64';

/**
 * Decodes the TPP-Signature-Certificate header into DER. The spec says "certificate in base64";
 * real clients send that, a PEM squeezed onto one line (newlines escaped as `\n`, or replaced by
 * spaces, since a header cannot carry a newline), a URL-encoded PEM (as reverse proxies forward
 * client certificates), or the base64 of a whole PEM text. All are decoded and the form is
 * reported, so the Inspector can show what the client actually did; the bank then takes only
 * base64 of the DER (verify.ts, check certificate-encoding). X.509 itself is parsed by the PKI
 * module; here only the outer DER frame is checked.
 */

export type CertificateForm = 'base64-der' | 'pem' | 'base64-pem';

export type DecodedCertificate = { ok: true; der: Buffer; form: CertificateForm } | { ok: false; problem: string };

/** Leaves room for big certificates; keeps the decoding of hostile input cheap. */
const MAX_LENGTH = 16 * 1024;
const PRIVATE_KEY_RE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const NEVER_SEND_KEY = 'never send a private key to the bank (rule 8); send the certificate';

export function decodeCertificateHeader(value: string): DecodedCertificate {
  if (value.length > MAX_LENGTH) return fail(`TPP-Signature-Certificate is ${value.length} characters; at most ${MAX_LENGTH} are accepted`);
  let text = value.trim();
  if (text === '') return fail('TPP-Signature-Certificate is empty');
  if (/-----BEGIN%20/i.test(text)) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return fail('TPP-Signature-Certificate looks URL-encoded but does not decode');
    }
  }
  if (text.includes('-----BEGIN')) return fromPem(text, 'pem');

  const compact = unescapeNewlines(text).replace(/\s/g, '');
  const problem = base64Problem(compact);
  if (problem) return fail(`TPP-Signature-Certificate ${problem}`);
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.subarray(0, 10).toString('latin1') === '-----BEGIN') return fromPem(bytes.toString('latin1'), 'base64-pem');
  return fromDer(bytes, 'base64-der');
}

function fromPem(text: string, form: CertificateForm): DecodedCertificate {
  const where = form === 'pem' ? 'the PEM' : 'the base64-encoded PEM';
  if (PRIVATE_KEY_RE.test(text)) return fail(`${where} holds a private key: ${NEVER_SEND_KEY}`);
  const blocks = [...unescapeNewlines(text).matchAll(/-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END ([A-Z0-9 ]+)-----/g)];
  if (blocks.length === 0) return fail(`${where} has no complete -----BEGIN CERTIFICATE----- ... -----END CERTIFICATE----- block`);
  if (blocks.length > 1) return fail(`${where} holds ${blocks.length} PEM blocks; send only the signing certificate, not its chain`);
  const [, label = '', body = '', endLabel = ''] = blocks[0] ?? [];
  if (label !== endLabel) return fail(`${where} begins with ${label} but ends with ${endLabel}`);
  if (label !== 'CERTIFICATE') return fail(`${where} holds a ${label}, not a CERTIFICATE`);
  const compact = body.replace(/\s/g, '');
  const problem = base64Problem(compact);
  if (problem) return fail(`the body of ${where} ${problem}`);
  return fromDer(Buffer.from(compact, 'base64'), form);
}

/** Only the outer frame: a certificate is one DER SEQUENCE whose first element is another SEQUENCE. */
function fromDer(der: Buffer, form: CertificateForm): DecodedCertificate {
  const first = der[0];
  if (der.length < 4 || first === undefined) return fail(`the certificate is only ${der.length} bytes`);
  if (first !== 0x30) return fail(`the certificate does not start with a DER SEQUENCE (0x30) but with 0x${hex(first)}`);
  const lengthByte = der[1] ?? 0;
  let header = 2;
  let length = lengthByte;
  if (lengthByte >= 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4 || der.length < 2 + count) return fail('the certificate DER has an invalid length field');
    length = der.readUIntBE(2, count);
    header = 2 + count;
  }
  if (header + length !== der.length) {
    return fail(`the certificate DER is ${der.length} bytes but declares ${header + length}: it is truncated or has bytes after it`);
  }
  const inner = der[header];
  // A PKCS#1 or PKCS#8 private key is a SEQUENCE starting with an INTEGER version.
  if (inner === 0x02) return fail(`the DER looks like a private key, not a certificate: ${NEVER_SEND_KEY}`);
  if (inner !== 0x30) return fail('the DER is a SEQUENCE but not a certificate (no tbsCertificate SEQUENCE inside)');
  return { ok: true, der, form };
}

function unescapeNewlines(text: string): string {
  return text.replace(/\\r\\n|\\n|\\r/g, '\n');
}

function base64Problem(value: string): string | null {
  if (value === '') return 'is empty';
  if (/[-_]/.test(value) && !/[+/]/.test(value)) return 'is base64url (- and _); use standard base64 with + and /';
  if (!isPaddedBase64(value)) return /^[A-Za-z0-9+/]+$/.test(value) ? 'is base64 without its = padding' : 'is neither base64 nor PEM';
  return null;
}

function hex(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}

function fail(problem: string): DecodedCertificate {
  return { ok: false, problem };
}
