// Local-web safety (docs/architecture.md#local-safety): the simulator answers only its own host names (421
// otherwise, before any route runs and unlogged), and the control API's writes take JSON only (415)
// and, from a browser, only from the simulator's own origin (403). Scripts without Origin work as before.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { hostname, networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consentHeaders, createConsent, recurringConsentBody, startTestBank, tppToken, type TestBank } from '../support/simulator';

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
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1.evil.example:${port}`, `localhost@evil.example:${port}`]) {
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

  it('its own names are answered with any port or none (a port mapping, openssl s_client): the check is on the name', async () => {
    for (const host of [
      own(),
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      '127.0.0.1',
      'localhost',
      '[::1]',
      `localhost:${port + 1}`,
      '127.0.0.1:8080',
    ])
      expect((await send('GET', '/simulator/v1/info', { host })).status, host).toBe(200);
  });

  it('an absolute-form target (RFC 9112: its authority above Host) is judged on its authority too', async () => {
    expect((await send('GET', `http://127.0.0.1:${port}/simulator/v1/info`, { host: own() })).status).toBe(200);
    for (const target of [
      'http://evil.example/simulator/v1/info',
      `http://evil.example:${port}/simulator/v1/info`,
      `http://127.0.0.1.evil.example:${port}/simulator/v1/info`,
    ])
      expect((await send('GET', target, { host: own() })).status, target).toBe(421);
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

/** Every way of writing a path that a router might take for it: each must be judged as the route it reaches. */
function spellings(path: string): string[] {
  const [, first = '', ...rest] = path.split('/');
  const encodeFirst = (segment: string): string => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const encodeAll = (segment: string): string => [...segment].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
  const last = rest.length - 1;
  return [
    `/${encodeFirst(first)}/${rest.join('/')}`,
    `/${first}/${encodeFirst(rest[0] ?? '')}/${rest.slice(1).join('/')}`,
    `/${first}/${rest.slice(0, last).join('/')}${last > 0 ? '/' : ''}${encodeAll(rest[last] ?? '')}`,
    `/%25${first.charCodeAt(0).toString(16)}${first.slice(1)}/${rest.join('/')}`,
    `//${first}/${rest.join('/')}`,
    `/${first}/./${rest.join('/')}`,
    `/x/../${first}/${rest.join('/')}`,
    `${path}/`,
    `${path.toUpperCase()}`,
    `${path}?x=1`,
    `http://127.0.0.1:${port}${path}`,
    `http://127.0.0.1:${port}/${encodeFirst(first)}/${rest.join('/')}`,
    `http://evil.example${path}`,
  ];
}

describe('the control API is judged on the route the router matched, whatever the spelling of its path', () => {
  /** A body that would act if the route ran: the writes a page would want most. */
  const BODIES: Record<string, string> = {
    '/clock': '{"advance":"P1D"}',
    '/reset': '{"log":true,"runs":true}',
    '/mode': '{"mode":"sandbox"}',
    '/rate-limit': '{"perSecond":1}',
    '/sca/{journeyId}': '{"action":"approve"}',
  };

  it('every write of the live openapi.json, from a foreign origin as text/plain, in every spelling: none is answered 2xx, nothing changes', async () => {
    const journeyId = (await createConsent(bank, 'frankfurt', 'FRA-CREATOR')).journeyId;
    const state = async (): Promise<string> => {
      const get = async (path: string): Promise<any> => (await fetch(`${bank.url}/simulator/v1${path}`)).json();
      return JSON.stringify([
        (await get('/clock')).now,
        (await get('/info')).mode,
        (await get(`/sca/${journeyId}`)).status,
        (await get('/rate-limit')).perSecond,
      ]);
    };
    const before = await state();
    const doc = (await (await fetch(`${bank.url}/simulator/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), template: path, path: path.replace('{journeyId}', journeyId).replace(/\{[^}]+\}/g, 'some-id') })),
    );
    expect(writes.length).toBeGreaterThan(15);
    const answered: string[] = [];
    for (const write of writes) {
      const route = write.path.replace(/^\/simulator\/v1/, '');
      for (const spelling of spellings(write.path)) {
        const res = await send(
          write.method,
          spelling,
          { host: own(), origin: 'http://evil.example', 'content-type': 'text/plain' },
          BODIES[write.template.replace('/simulator/v1', '')] ?? '{}',
        );
        if (res.status < 300) answered.push(`${write.method} ${spelling} (${route}) ${res.status}`);
        if (res.status >= 500) answered.push(`${write.method} ${spelling} ${res.status}: ${res.body}`);
      }
    }
    expect(answered).toEqual([]);
    expect(await state()).toBe(before);
  });

  it('the bank’s traffic is logged by its route too: a percent-encoded bank path is the exchange it reaches', async () => {
    const before = await exchangeCount();
    const res = await send('GET', '/%66rankfurt/berlingroup/v1/consents/some-id/status', { host: own(), 'x-request-id': crypto.randomUUID() });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await exchangeCount()).toBe(before + 1);
    const [logged] = (await (await fetch(`${bank.url}/simulator/v1/exchanges?limit=1`)).json()) as { institution: string; url: string }[];
    expect(logged).toMatchObject({ institution: 'frankfurt', url: '/%66rankfurt/berlingroup/v1/consents/some-id/status' });
  });

  it('a spelling the router cannot read is refused 400 in the Berlin Group shape', async () => {
    for (const path of ['/simulator/v1/cl%ZZock', '/%7', '/simulator/v1/sca/%E0%A4%A']) {
      const res = await send('POST', path, { host: own(), origin: 'http://evil.example', 'content-type': 'text/plain' }, '{"advance":"P1D"}');
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body).tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR' });
    }
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
      expect((await sendTo(ci.sim.port, 'GET', '/simulator/v1/info', { host: 'bank-sim.evil.example:4646' })).status).toBe(421);
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
      // The scheme's name is case-insensitive (RFC 9110 section 11.1).
      for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
        const res = await sendTo(wide.sim.port, 'GET', '/simulator/v1/info', {
          host: `127.0.0.1:${wide.sim.port}`,
          authorization: `${scheme} ${wide.sim.controlToken}`,
        });
        expect(res.status, scheme).toBe(200);
      }
      expect((await sendTo(wide.sim.port, 'GET', '/simulator/v1/info', { host: `evil.example:${wide.sim.port}`, ...auth })).status).toBe(421);
    } finally {
      await wide.stop();
    }
  });
});

describe('the bank reads a bearer token whatever the case of its scheme', () => {
  it('bearer, BEARER: the consent is created with the same token', async () => {
    const token = await tppToken(bank);
    for (const scheme of ['bearer', 'BEARER']) {
      const headers = { ...consentHeaders(token, 'FRA-CREATOR'), authorization: `${scheme} ${token}` };
      const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/consents', { headers, body: recurringConsentBody() });
      expect(res.status, `${scheme}: ${res.text}`).toBe(201);
    }
  });
});

describe('a repeated header on a signed operation is diagnosed by the route it reaches', () => {
  it('a percent-encoded letter in the payment path still gets the signature diagnosis with the refusal', async () => {
    const rid = crypto.randomUUID();
    const path = '/frankfurt/berlingroup/v1/%70ayments/pain.001-sepa-credit-transfers';
    const body = '<Document/>';
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', reject);
      socket.on('data', () => socket.end());
      socket.on('close', () => resolve());
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${own()}\r\nX-Request-ID: ${rid}\r\nX-Request-ID: ${rid}\r\nContent-Type: application/xml\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    });
    const logged = (await (await fetch(`${bank.url}/simulator/v1/exchanges?q=${rid}&limit=5`)).json()) as {
      url: string;
      signature: unknown;
      response: { status: number };
    }[];
    expect(logged[0]).toMatchObject({ url: path, response: { status: 400 } });
    expect(logged[0]?.signature, 'the diagnosis of the payment initiation it reached').not.toBeNull();
  });
});
