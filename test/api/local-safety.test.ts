// Local-web safety (docs/architecture.md#local-safety): the simulator answers only its own host names (421
// otherwise, before any route runs and unlogged), and the control API's writes take JSON only (415)
// and, from a browser, only from the simulator's own origin (403). Scripts without Origin work as before.
import { request as httpRequest } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let port: number;
beforeAll(async () => {
  bank = await startTestBank();
  port = bank.sim.port;
  // Held still, so that "changes nothing" can be read off the clock.
  await fetch(`${bank.url}/simulator/v1/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"paused":true}' });
});
afterAll(() => bank.stop());

interface Raw {
  status: number;
  body: string;
}

/** One request with exactly these headers (fetch will not send another Host). */
const send = (method: string, path: string, headers: Record<string, string>, body = ''): Promise<Raw> => sendTo(port, method, path, headers, body);

function sendTo(port: number, method: string, path: string, headers: Record<string, string>, body = ''): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, ...(body === '' ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        setHost: false,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const own = (): string => `127.0.0.1:${port}`;
const exchangeCount = async (): Promise<number> => Number((await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).headers.get('x-total-count'));
const clockNow = async (): Promise<string> => ((await (await fetch(`${bank.url}/simulator/v1/clock`)).json()) as { now: string }).now;

describe('Host: only the simulator’s own names are answered', () => {
  it('another name (DNS rebinding), another port or no Host at all: 421 with a Berlin Group body, before any route, unlogged', async () => {
    const before = await exchangeCount();
    for (const host of [`evil.example:${port}`, `127.0.0.1:${port + 1}`, 'localhost', `127.0.0.1.evil.example:${port}`, `localhost@evil.example:${port}`]) {
      for (const path of ['/simulator/v1/exchanges', '/frankfurt/berlingroup/v1/consents/x/status', '/', '/sca/x']) {
        const res = await send('GET', path, { host });
        expect(res.status, `${host} ${path}`).toBe(421);
        const body = JSON.parse(res.body) as { tppMessages: { category: string; code: string; text: string }[] };
        expect(body.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR' });
        expect(body.tppMessages[0]?.text).toContain(`is not a name of this simulator; use 127.0.0.1:${port}`);
      }
    }
    expect((await send('GET', '/simulator/v1/info', {})).status).toBe(421);
    expect(await exchangeCount()).toBe(before);
  });

  it('its own names on its port are answered', async () => {
    for (const host of [own(), `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`])
      expect((await send('GET', '/simulator/v1/info', { host })).status, host).toBe(200);
  });
});

describe('control-API writes: JSON only, and from a browser only from the simulator’s own origin', () => {
  const WRITES: [string, string, string][] = [
    ['POST', '/simulator/v1/clock', '{"advance":"P1D"}'],
    ['POST', '/simulator/v1/reset', '{}'],
    ['POST', '/simulator/v1/mode', '{"mode":"sandbox"}'],
    ['POST', '/simulator/v1/service-blocks', '{"institution":"frankfurt","service":"ais"}'],
    ['POST', '/simulator/v1/rate-limit', '{"perSecond":1}'],
    ['POST', '/simulator/v1/tpps', '{"organizationId":"PSDDE-BAFIN-999999"}'],
    ['POST', '/simulator/v1/runs', '{"flow":"ais-consent"}'],
    ['POST', '/simulator/v1/sca/some-journey', '{"action":"approve"}'],
  ];

  it('a text/plain or form body ("simple requests" that need no preflight) is 415 and changes nothing', async () => {
    const now = await clockNow();
    for (const [method, path, body] of WRITES) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await send(method, path, { host: own(), 'content-type': type }, body);
        expect(res.status, `${path} as ${type}`).toBe(415);
        expect(JSON.parse(res.body).tppMessages[0].text).toBe(`the control API takes Content-Type: application/json (got ${type})`);
      }
      expect((await send(method, path, { host: own() }, body)).status, `${path} without a type`).toBe(415);
    }
    expect(await clockNow()).toBe(now);
    expect(((await (await fetch(`${bank.url}/simulator/v1/info`)).json()) as { mode: string }).mode).toBe('simulation');
  });

  it('a page of another origin is 403 even with JSON: another site, another port, a file (Origin: null)', async () => {
    const now = await clockNow();
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, `http://localhost:${port + 1}`, 'null', `https://127.0.0.1:${port}`]) {
      for (const [method, path, body] of WRITES) {
        const res = await send(method, path, { host: own(), origin, 'content-type': 'application/json' }, body);
        expect(res.status, `${path} from ${origin}`).toBe(403);
        expect(JSON.parse(res.body).tppMessages[0].text).toContain(`a page of another origin (${origin}) may not act on the simulator`);
      }
    }
    expect(await clockNow()).toBe(now);
  });

  it('the simulator’s own page, and scripts that send no Origin, act as before', async () => {
    const moved = await send(
      'POST',
      '/simulator/v1/clock',
      { host: own(), origin: `http://${own()}`, 'content-type': 'application/json' },
      '{"advance":"PT1M"}',
    );
    expect(moved.status, moved.body).toBe(200);
    const viaLocalhost = await send(
      'POST',
      '/simulator/v1/clock',
      { host: `localhost:${port}`, origin: `http://localhost:${port}`, 'content-type': 'application/json; charset=utf-8' },
      '{"advance":"PT1M"}',
    );
    expect(viaLocalhost.status, viaLocalhost.body).toBe(200);
    const script = await fetch(`${bank.url}/simulator/v1/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"advance":"PT1M"}',
    });
    expect(script.status).toBe(200);
    // A write without a body needs no type.
    expect((await send('POST', '/simulator/v1/reset', { host: own() })).status).toBe(200);
    // Reads stay open to every caller that may reach the server (another origin's page cannot read the answer: no CORS).
    expect((await send('GET', '/simulator/v1/clock', { host: own(), origin: 'https://evil.example' })).status).toBe(200);
  });
});

describe('--public-url: the origin clients reach the bank at (a CI service, a proxy)', () => {
  it('every absolute URL the bank sends starts with it, and requests addressed to it are answered', async () => {
    const ci = await startTestBank({ publicUrl: 'http://bank-sim:4646' });
    try {
      const consent = await ci.tpp.createConsent('frankfurt', 'FRA-CREATOR');
      expect(consent.status, consent.text).toBe(201);
      expect(consent.headers['location']).toBe(`http://bank-sim:4646/frankfurt/berlingroup/v1/consents/${consent.body.consentId}`);
      expect(consent.body._links.scaRedirect.href).toMatch(/^http:\/\/bank-sim:4646\/sca\//);
      const journey = (await (await fetch(`${ci.url}/simulator/v1/sca`)).json()) as { redirectUrl: string }[];
      expect(journey[0]?.redirectUrl).toMatch(/^http:\/\/bank-sim:4646\/sca\//);
      const viaName = await sendTo(ci.sim.port, 'GET', '/simulator/v1/info', { host: 'bank-sim:4646' });
      expect(viaName.status, viaName.body).toBe(200);
      expect((await sendTo(ci.sim.port, 'GET', '/simulator/v1/info', { host: 'bank-sim:4647' })).status).toBe(421);
    } finally {
      await ci.stop();
    }
  });

  it('under --tls the SCA pages have their own: --psu-public-url', async () => {
    const tls = await startTestBank({ tls: true, publicUrl: 'https://bank-sim:4646', psuPublicUrl: 'https://psu.bank-sim:8443' });
    try {
      const consent = await tls.tpp.createConsent('frankfurt', 'FRA-CREATOR');
      expect(consent.status, consent.text).toBe(201);
      expect(consent.headers['location']).toBe(`https://bank-sim:4646/frankfurt/berlingroup/v1/consents/${consent.body.consentId}`);
      expect(consent.body._links.scaRedirect.href).toMatch(/^https:\/\/psu\.bank-sim:8443\/sca\//);
    } finally {
      await tls.stop();
    }
  });
});

describe('--host 0.0.0.0 (a container, a CI service)', () => {
  it('answers the machine’s own names and addresses with the printed token, and still no other name', async () => {
    const wide = await startTestBank({ host: '0.0.0.0' });
    try {
      const auth = { authorization: `Bearer ${wide.sim.controlToken}` };
      const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).filter((a) => a.family === 'IPv4').map((a) => a.address));
      for (const name of [hostname(), '127.0.0.1', 'localhost', ...addresses]) {
        const res = await sendTo(wide.sim.port, 'GET', '/simulator/v1/info', { host: `${name}:${wide.sim.port}`, ...auth });
        expect(res.status, name).toBe(200);
      }
      expect((await sendTo(wide.sim.port, 'GET', '/simulator/v1/info', { host: `127.0.0.1:${wide.sim.port}` })).status, 'the token stays required').toBe(401);
      expect((await sendTo(wide.sim.port, 'GET', '/simulator/v1/info', { host: `evil.example:${wide.sim.port}`, ...auth })).status).toBe(421);
    } finally {
      await wide.stop();
    }
  });
});
