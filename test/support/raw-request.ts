import { connect } from 'node:net';
import { psuSession } from '../../main/tpp/journeys';
import { createPayment } from '../../main/tpp/requests/payments';
import { readTemplate, templateIndex } from '../../main/tpp/templates';
import type { TestBank } from './simulator';

/**
 * Sends one HTTP/1.1 request over a plain socket, header lines exactly as given (a name twice goes
 * twice: no HTTP client merges them), and answers the status and the raw answer once the server closes.
 */
export function sendRawRequest(
  origin: string,
  head: { method: string; path: string; lines: readonly (readonly [string, string])[] },
  body = '',
): Promise<{ status: number; text: string }> {
  const { hostname, port, host } = new URL(origin);
  const bytes = Buffer.from(body, 'utf8');
  const headerBlock = [`Host: ${host}`, ...head.lines.map(([name, value]) => `${name}: ${value}`), `Content-Length: ${bytes.length}`, 'Connection: close'].join(
    '\r\n',
  );
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.end(Buffer.concat([Buffer.from(`${head.method} ${head.path} HTTP/1.1\r\n${headerBlock}\r\n\r\n`, 'utf8'), bytes]));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

/**
 * The demo TPP's correctly signed SEPA payment (signed with the first X-Request-ID), sent over a socket with
 * a second X-Request-ID line after the others: what a client that appends a header it already set sends.
 */
export async function sendPaymentWithRequestIdTwice(bank: TestBank, [first, second]: readonly [string, string]): Promise<{ status: number; text: string }> {
  const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const product = templateIndex().find((t) => t.file === 'sepa-single.xml')?.product ?? '';
  const prepared = createPayment(psu, product, readTemplate('sepa-single.xml'), bank.tpp.psu);
  const signed = await bank.tpp.sign({ ...prepared, headers: { ...prepared.headers, 'X-Request-ID': first } });
  const others = Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== 'x-request-id');
  const body = typeof signed.body === 'string' ? signed.body : (signed.body?.toString('utf8') ?? '');
  return sendRawRequest(bank.url, { method: signed.method, path: signed.path, lines: [['X-Request-ID', first], ...others, ['x-request-id', second]] }, body);
}
