import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonResponse, TestBank } from './simulator';

export interface ClientCertificate {
  cert: string;
  key: string;
}

export const demoQwac = (bank: TestBank, prefix: '' | 'uk-' = ''): ClientCertificate => ({
  cert: readFileSync(join(bank.dataDir, 'tpp', `${prefix}qwac.crt.pem`), 'utf8'),
  key: readFileSync(join(bank.dataDir, 'tpp', `${prefix}qwac.key.pem`), 'utf8'),
});

/** An HTTPS request with a client certificate, trusting the simulator's CA bundle as a TPP would. */
export function tlsCall(bank: TestBank, client: ClientCertificate | null, method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}): Promise<JsonResponse> {
  return httpsRequest(bank, `${bank.url}${path}`, client, method, init);
}

/** The PSU's browser: a GET of an absolute URL with no client certificate, trusting the simulator's CA. */
export const psuBrowserGet = (bank: TestBank, url: string): Promise<JsonResponse> => httpsRequest(bank, url, null, 'GET', { headers: { accept: 'text/html' } });

function httpsRequest(bank: TestBank, url: string, client: ClientCertificate | null, method: string, init: { headers?: Record<string, string>; body?: string }): Promise<JsonResponse> {
  const ca = readFileSync(join(bank.dataDir, 'pki', 'ca.crt.pem'), 'utf8');
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: init.headers, ca, ...(client ?? {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        resolve({ status: res.statusCode ?? 0, headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])), body, text, durationMs: 0 });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
