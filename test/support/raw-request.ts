import { connect } from 'node:net';

/**
 * Sends one HTTP/1.1 request over a plain socket, header lines exactly as given (a name twice goes
 * twice: no HTTP client merges them), and answers the status and the raw answer once the server closes.
 */
export function sendRawRequest(origin: string, head: { method: string; path: string; lines: readonly (readonly [string, string])[] }, body = ''): Promise<{ status: number; text: string }> {
  const { hostname, port, host } = new URL(origin);
  const bytes = Buffer.from(body, 'utf8');
  const headerBlock = [`Host: ${host}`, ...head.lines.map(([name, value]) => `${name}: ${value}`), `Content-Length: ${bytes.length}`, 'Connection: close'].join('\r\n');
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
