import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeDigest, EMPTY_BODY_DIGEST, explainDigestMismatch, parseDigestHeader } from '../../main/domain/signing/digest';

interface VectorCase {
  name: string;
  bodyBase64: string;
  digest: string;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/signing-vectors.json', import.meta.url), 'utf8')) as { cases: VectorCase[] };

const hash = (bytes: string | Buffer): Buffer => createHash('sha256').update(bytes).digest();
const b64 = (bytes: string | Buffer): string => hash(bytes).toString('base64');

describe('computeDigest', () => {
  it('hashes zero bytes for an empty body (rule 7)', () => {
    expect(computeDigest(new Uint8Array(0))).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
    expect(EMPTY_BODY_DIGEST).toBe(computeDigest(Buffer.alloc(0)));
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('matches openssl for %s', (_name, vector) => {
    expect(computeDigest(Buffer.from(vector.bodyBase64, 'base64'))).toBe(vector.digest);
  });

  it('hashes the exact bytes, non-ASCII as sent (vector with Müller Straße € and a trailing newline)', () => {
    const vector = vectors.cases.find((c) => c.name === 'payment-initiation-non-ascii-trailing-newline');
    const body = Buffer.from(vector?.bodyBase64 ?? '', 'base64');
    expect(body.toString('utf8')).toContain('Müller Straße €');
    expect(body.at(-1)).toBe(0x0a);
    expect(computeDigest(body)).toBe(vector?.digest);
  });
});

describe('parseDigestHeader', () => {
  it('accepts SHA-256= and 32 bytes of base64', () => {
    expect(parseDigestHeader(EMPTY_BODY_DIGEST)).toEqual({ ok: true, algorithm: 'SHA-256', base64: '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=' });
  });

  const problem = (value: string): string => {
    const parsed = parseDigestHeader(value);
    return parsed.ok ? 'accepted' : parsed.problem;
  };
  const good = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

  it.each([
    ['lower-case prefix', `sha-256=${good}`, /upper case, got sha-256=/],
    ['prefix without hyphen', `SHA256=${good}`, /with a hyphen, got SHA256=/],
    ['missing prefix', good, /no algorithm prefix.*SHA-256=/],
    ['a bare hex hash', hash('').toString('hex'), /bare hex hash/],
    ['hex after the prefix', `SHA-256=${hash('').toString('hex')}`, /in hex/],
    ['base64url', `SHA-256=${hash('x').toString('base64url')}`, /base64url/],
    ['wrong length', `SHA-256=${createHash('sha1').update('').digest('base64')}`, /decodes to 20 bytes; a SHA-256 hash is 32 bytes/],
    ['missing padding', `SHA-256=${good.slice(0, -1)}`, /padding/],
    ['several digests', `SHA-256=${good},SHA-512=${createHash('sha512').update('').digest('base64')}`, /2 comma-separated digests/],
    ['another algorithm', `SHA-512=${createHash('sha512').update('').digest('base64')}`, /only SHA-256 is supported/],
    ['nothing after the prefix', 'SHA-256=', /no hash after it/],
    ['empty', '', /empty/],
    ['not base64', 'SHA-256=not*base64*at*all*but*exactly*44*ch=', /not base64/],
  ])('refuses %s, saying so', (_what, value, expected) => {
    expect(problem(value)).toMatch(expected);
  });
});

describe('explainDigestMismatch', () => {
  const body = Buffer.from('{"paymentIds":["PAY-1"]}');
  const explain = (sent: string | Buffer, bytes: Buffer = body): string | null =>
    explainDigestMismatch(bytes, typeof sent === 'string' ? sent : sent.toString('base64'));

  it('returns null when the digest matches or when nothing explains the difference', () => {
    expect(explain(b64(body))).toBeNull();
    expect(explain(b64('something else entirely'))).toBeNull();
  });

  it('names a trailing newline that was not hashed (rule 6)', () => {
    expect(explain(b64(body), Buffer.concat([body, Buffer.from('\n')]))).toBe('the body has a trailing newline that was not hashed (rule 6)');
    expect(explain(b64(body), Buffer.concat([body, Buffer.from('\r\n')]))).toBe('the body has a trailing newline that was not hashed (rule 6)');
  });

  it('names a trailing newline hashed but not sent, in the order it happened (rule 6)', () => {
    expect(explain(b64(`${body.toString()}\n`))).toBe(
      'the body you sent ends without the trailing newline that was hashed: the newline was removed after hashing (rule 6)',
    );
  });

  it('names CRLF against LF line endings, both ways (rule 6)', () => {
    const lf = Buffer.from('<a>\n  <b/>\n</a>');
    const crlf = Buffer.from('<a>\r\n  <b/>\r\n</a>');
    expect(explain(b64(crlf), lf)).toMatch(/CRLF line endings but the body was sent with LF/);
    expect(explain(b64(lf), crlf)).toMatch(/LF line endings but the body was sent with CRLF/);
  });

  it('names JSON re-serialised compactly or pretty-printed (rule 6)', () => {
    const spaced = Buffer.from('{ "paymentIds": [ "PAY-1" ] }');
    expect(explain(b64(JSON.stringify(JSON.parse(spaced.toString()))), spaced)).toMatch(/JSON re-serialised compactly/);
    expect(explain(b64(JSON.stringify(JSON.parse(body.toString()), null, 2)))).toMatch(/JSON pretty-printed with 2 spaces/);
  });

  it.each([
    ['{}', /hash of \{\}, but the request has no body: hash zero bytes \(rule 7\)/],
    ['null', /hash of null/],
    ['""', /hash of an empty JSON string/],
    [' ', /hash of a single space/],
    ['\n', /hash of a newline/],
  ])('names the hash of %j sent for an empty body (rule 7)', (hashed, expected) => {
    expect(explain(b64(hashed), Buffer.alloc(0))).toMatch(expected);
  });

  it('names the hash of an empty body sent for a body with data', () => {
    expect(explain(b64(''))).toMatch(/hash of an empty body, but the request carries 24 bytes/);
  });

  it('names hex, base64url and base64-of-hex digests (rule 5)', () => {
    expect(explain(hash(body).toString('hex'))).toMatch(/hex of the body hash/);
    expect(explain(hash(body).toString('base64url'))).toMatch(/base64url/);
    expect(explain(Buffer.from(hash(body).toString('hex')).toString('base64'))).toMatch(/base64 of the hex text/);
  });

  it('names a body hashed in Latin-1 or Windows-1252 but sent as UTF-8 (rule 6)', () => {
    const utf8 = Buffer.from('<Nm>Müller Straße</Nm>', 'utf8');
    expect(explain(b64(Buffer.from('<Nm>Müller Straße</Nm>', 'latin1')), utf8)).toMatch(/Latin-1 \(ISO-8859-1\), but the body was sent as UTF-8/);
    const euro = Buffer.from('<Nm>Müller Straße €</Nm>', 'utf8');
    expect(explain(b64(Buffer.from('<Nm>Müller Straße ?</Nm>', 'latin1')), euro)).toMatch(/Latin-1/);
    expect(explain(b64(Buffer.concat([Buffer.from('<Nm>Müller Straße ', 'latin1'), Buffer.from([0x80]), Buffer.from('</Nm>')])), euro)).toMatch(/Windows-1252/);
  });

  it('names a body sent in Latin-1 but hashed as UTF-8 (rule 6)', () => {
    const latin1 = Buffer.from('<Nm>Müller</Nm>', 'latin1');
    expect(explain(b64(Buffer.from('<Nm>Müller</Nm>', 'utf8')), latin1)).toMatch(/encoded in UTF-8, but the body was sent in Latin-1/);
  });
});
