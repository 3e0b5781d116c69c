// What `--host` beyond loopback opens, said at start: the LAN addresses, which parts they
// reach, that the control token is needed from this machine too, and how the class's phones join.
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lanAddresses, reachLines } from '../../main/hosts/cli/reach-lines';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, ...(family === 'IPv6' ? { scopeid: 0 } : {}) }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6'), nic('2001:db8::20', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4')],
};

describe('the start-up lines under --host', () => {
  it('names every LAN address of a wildcard host (IPv4 for 0.0.0.0; IPv6 too for ::), none of loopback or link-local', () => {
    expect(lanAddresses('0.0.0.0', interfaces)).toEqual(['192.168.1.20', '10.0.0.7']);
    expect(lanAddresses('::', interfaces)).toEqual(['192.168.1.20', '2001:db8::20', '10.0.0.7']);
    expect(lanAddresses('192.168.1.20', interfaces)).toEqual(['192.168.1.20']);
    expect(lanAddresses('127.0.0.1', interfaces)).toEqual([]);
  });

  it('says what other machines reach, at which URLs, and that the token is needed from this machine too', () => {
    const sim = { url: 'http://0.0.0.0:4646', port: 4646, controlToken: 'tok', controlTokenRequired: true, controlTokenGiven: false };
    expect(reachLines(sim, '::', lanAddresses('::', interfaces))).toEqual([
      "Reachable from other machines at http://192.168.1.20:4646, http://[2001:db8::20]:4646, http://10.0.0.7:4646: the bank's API and its SCA pages, and the control API with the token below.",
      'Control token (every control API call needs it, from this machine too, as Authorization: Bearer <token>): tok',
      "Class phones: Present's Class phones button shows a QR code per customer of the lesson; a phone on this network opens it as that customer's bank app (pass --public-url with this machine's address, so the code names it).",
    ]);
    expect(reachLines({ ...sim, url: 'https://0.0.0.0:4646' }, '0.0.0.0', ['10.0.0.7'])[0]).toContain('https://10.0.0.7:4646');
    expect(reachLines({ ...sim, controlTokenRequired: false }, '127.0.0.1')).toEqual([]);
    // A token automation set is not printed: it is in the job's secrets, not for its log.
    const given = reachLines({ ...sim, controlToken: 'secret-token-of-the-job', controlTokenGiven: true }, '0.0.0.0', ['10.0.0.7']);
    expect(given[1]).toBe(
      'Control token: the one you set (--control-token or PSD2_WORKBENCH_CONTROL_TOKEN); every control API call needs it, from this machine too, as Authorization: Bearer <token>.',
    );
    expect(given.join('\n')).not.toContain('secret-token-of-the-job');
  });
});
