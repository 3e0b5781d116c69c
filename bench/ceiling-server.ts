/**
 * The bench's ceilings: a bare node:http server doing only the unavoidable work of each measured route, so a
 * simulator row is compared with what any server could do with the same requests (docs/benchmarks.md#how-the-throughput-is-measured).
 * - GET /: a fixed 200 (the plain GET ceiling);
 * - GET …/payments/{product}/{id}/status: the same pain.002 bytes the simulator answered once;
 * - GET …/consents/{id}/status: the same JSON;
 * - POST …/payments/{product}: the body read, its SHA-256 checked against Digest, the RSA-SHA256 signature
 *   verified over the signing string with the key of TPP-Signature-Certificate (decoded once per distinct value),
 *   then 201 with a JSON body of the simulator's size.
 * Every answer echoes X-Request-ID, as the bank's interface requires of any server.
 * Started with the path of a JSON file holding `CeilingAnswers`; prints its URL once listening.
 */
import { createHash, verify, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface CeilingAnswers {
  paymentStatus: { contentType: string; body: string };
  consentStatus: { contentType: string; body: string };
  /** The length of the simulator's 201 body for a created payment. */
  paymentCreatedBytes: number;
}

const answers = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as CeilingAnswers;
const pain002 = Buffer.from(answers.paymentStatus.body);
const consentJson = Buffer.from(answers.consentStatus.body);
const created = Buffer.from(JSON.stringify({ transactionStatus: 'RCVD', paymentId: '' }).padEnd(answers.paymentCreatedBytes, ' '));
const ok = Buffer.from('ok');
const keys = new Map<string, KeyObject>();

function answer(req: IncomingMessage, res: ServerResponse, status: number, contentType: string, body: Buffer): void {
  const id = req.headers['x-request-id'];
  res.writeHead(status, { 'content-type': contentType, 'content-length': body.length, ...(typeof id === 'string' ? { 'x-request-id': id } : {}) });
  res.end(body);
}

const header = (req: IncomingMessage, name: string): string => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : '';
};

function keyOf(certificate: string): KeyObject {
  let key = keys.get(certificate);
  if (key === undefined) {
    key = new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
    keys.set(certificate, key);
  }
  return key;
}

/** What a server must do for a signed request: Digest over the bytes, the signing string, one RSA verify. */
function signatureHolds(req: IncomingMessage, body: Buffer): boolean {
  const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
  if (header(req, 'digest') !== digest) return false;
  const params: Record<string, string> = Object.fromEntries([...header(req, 'signature').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const signingString = (params.headers ?? '')
    .split(' ')
    .map((name: string) => `${name}: ${header(req, name)}`)
    .join('\n');
  return verify('sha256', Buffer.from(signingString, 'latin1'), keyOf(header(req, 'tpp-signature-certificate')), Buffer.from(params.signature ?? '', 'base64'));
}

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (req.method === 'POST' && url.includes('/payments/')) {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (signatureHolds(req, Buffer.concat(chunks))) answer(req, res, 201, 'application/json', created);
      else answer(req, res, 401, 'application/json', Buffer.from('{"tppMessages":[{"code":"SIGNATURE_INVALID"}]}'));
    });
    return;
  }
  req.resume();
  if (url.endsWith('/status') && url.includes('/payments/')) answer(req, res, 200, answers.paymentStatus.contentType, pain002);
  else if (url.endsWith('/status') && url.includes('/consents/')) answer(req, res, 200, answers.consentStatus.contentType, consentJson);
  else answer(req, res, 200, 'text/plain', ok);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ceiling on http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`);
});
