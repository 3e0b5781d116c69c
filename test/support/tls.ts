import { loadDataFolderCa, loadQwac } from '../../main/tpp/data-folder';
import { sendHttp } from '../../main/tpp/http';
import type { ClientCertificate } from '../../main/tpp/transport';
import type { JsonResponse, TestBank } from './simulator';

export type { ClientCertificate } from '../../main/tpp/transport';

export const demoQwac = (bank: TestBank, prefix: '' | 'uk-' = ''): ClientCertificate => loadQwac(bank.dataDir, prefix);

/** An HTTPS request with a client certificate, trusting the simulator's CA bundle as a TPP would. */
export function tlsCall(
  bank: TestBank,
  client: ClientCertificate | null,
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<JsonResponse> {
  return sendHttp(
    { origin: bank.url, tls: { ca: loadDataFolderCa(bank.dataDir), qwac: client } },
    { method, path, headers: init.headers ?? {}, body: init.body ?? null },
  );
}

/** The PSU's browser: a GET of an absolute URL with no client certificate, trusting the simulator's CA. */
export function psuBrowserGet(bank: TestBank, url: string): Promise<JsonResponse> {
  const { origin, pathname, search } = new URL(url);
  return sendHttp(
    { origin, tls: { ca: loadDataFolderCa(bank.dataDir), qwac: null } },
    { method: 'GET', path: `${pathname}${search}`, headers: { accept: 'text/html' }, body: null },
  );
}
