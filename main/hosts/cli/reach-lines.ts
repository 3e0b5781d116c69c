import { networkInterfaces } from 'node:os';
import type { RunningSimulator } from '../../simulator';

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);
const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** The addresses other machines reach this one at: every non-internal one for a wildcard host, else the host itself. */
export function lanAddresses(host: string, interfaces = networkInterfaces()): string[] {
  if (!WILDCARDS.has(host)) return LOOPBACK.test(host) ? [] : [host];
  const ipv4Only = host === '0.0.0.0';
  return Object.values(interfaces).flatMap((list) =>
    (list ?? []).filter((a) => !a.internal && (!ipv4Only || a.family === 'IPv4') && !a.address.startsWith('fe80:')).map((a) => a.address),
  );
}

/**
 * What a `--host` beyond loopback opens to the network, said at start: which parts other machines
 * reach, at which addresses, and that the control API then needs the token from this machine too.
 */
export function reachLines(
  simulator: Pick<RunningSimulator, 'url' | 'port' | 'controlToken' | 'controlTokenRequired' | 'controlTokenGiven'>,
  host: string,
  addresses = lanAddresses(host),
): string[] {
  if (!simulator.controlTokenRequired) return [];
  const scheme = new URL(simulator.url).protocol;
  const urls = addresses.map((a) => `${scheme}//${a.includes(':') ? `[${a}]` : a}:${simulator.port}`);
  return [
    urls.length === 0
      ? `Listening beyond loopback (${host}): other machines that reach this one reach the bank's API and its SCA pages.`
      : `Reachable from other machines at ${urls.join(', ')}: the bank's API and its SCA pages, and the control API with the token below.`,
    simulator.controlTokenGiven
      ? 'Control token: the one you set (--control-token or PSD2_WORKBENCH_CONTROL_TOKEN); every control API call needs it, from this machine too, as Authorization: Bearer <token>.'
      : `Control token (every control API call needs it, from this machine too, as Authorization: Bearer <token>): ${simulator.controlToken}`,
    "Class phones: Present's Class phones button shows a QR code per customer of the lesson; a phone on this network opens it as that customer's bank app (pass --public-url with this machine's address, so the code names it).",
  ];
}
