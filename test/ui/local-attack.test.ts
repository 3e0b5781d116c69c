// Local-web attacks in Chromium (docs/architecture.md#local-safety): a page of another origin — another port
// on 127.0.0.1, a downloaded file (file://), another host name resolved to 127.0.0.1 (DNS rebinding,
// here by --host-resolver-rules) — runs the same script that tries what an attacker would: move the
// clock and reset with "simple requests" (text/plain, no preflight), switch the mode with a form post,
// approve a waiting SCA and read the exchange log, each also as JSON and each also with one letter of the
// path percent-encoded (a router decodes it to the same route). None of it acts or reads; the
// same script on the simulator's own page does act.
import { createServer, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsent } from '../support/simulator';
import { startUi, UI_TIMEOUT, type RunningUi } from './support/browser';

interface Attempt {
  /** What reading the log gave the page: the status it could see, or "blocked" when the browser kept the answer from it. */
  read: string;
  jsonClock: string;
}

/** A form post needs no script at all: enctype text/plain makes the body {"mode":"sandbox","x":"="}. */
async function formPost(page: Page, target: string, path: string): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.name = 'sink';
    document.body.append(frame);
    const form = document.createElement('form');
    Object.assign(form, { method: 'POST', action: ${JSON.stringify(target)} + ${JSON.stringify(path)}, enctype: 'text/plain', target: 'sink' });
    if (${JSON.stringify(target)} === '') form.action = location.origin + ${JSON.stringify(path)};
    const field = document.createElement('input');
    Object.assign(field, { name: '{"mode":"sandbox","x":"', value: '"}' });
    form.append(field);
    document.body.append(form);
    frame.addEventListener('load', resolve, { once: true });
    setTimeout(resolve, 3000);
    form.submit();
  })`);
}

/** The attacker's script, given the simulator's origin ('' on its own origin) and a waiting SCA journey. */
async function attack(page: Page, target: string, journeyId: string): Promise<Attempt> {
  for (const path of ['/simulator/v1/mode', '/%73imulator/v1/mode']) await formPost(page, target, path);
  return page.evaluate(
    async ({ target, journeyId }) => {
      const simple = (path: string, body: string): Promise<unknown> =>
        fetch(`${target}${path}`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).catch(() => undefined);
      // Each also in spellings a router decodes to the same route (one letter percent-encoded).
      for (const [prefix, other] of [
        ['/simulator/v1', '/simulator/v1'],
        ['/%73imulator/v1', '/simulator/%761'],
      ]) {
        await simple(`${prefix}/clock`, '{"advance":"P1D"}');
        await simple(`${other}/reset`, '{"log":true,"runs":true}');
        await simple(`${prefix}/sca/${journeyId}`, '{"action":"approve"}');
        await simple(`${other}/sca/${journeyId}`, '{"action":"approve"}');
      }
      const json = async (path: string, body: string): Promise<string> => {
        try {
          return String((await fetch(`${target}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status);
        } catch {
          return 'blocked';
        }
      };
      const jsonClock = await json('/simulator/v1/clock', '{"advance":"PT1H"}');
      let read: string;
      try {
        const res = await fetch(`${target}/simulator/v1/exchanges?limit=5`);
        const text = await res.text();
        read = text.includes('authorization') ? `${res.status} with the log` : String(res.status);
      } catch {
        read = 'blocked';
      }
      return { read, jsonClock };
    },
    { target, journeyId },
  );
}

let ui: RunningUi;
let other: Server;
let otherUrl: string;
let journeyId: string;
const state = async (): Promise<{ now: string; mode: string; journey: string; consents: number }> => {
  const get = async (path: string): Promise<any> => (await fetch(`${ui.url}/simulator/v1${path}`)).json();
  return {
    now: (await get('/clock')).now,
    mode: (await get('/info')).mode,
    journey: (await get(`/sca/${journeyId}`)).status,
    consents: (await get('/consents')).length,
  };
};

beforeAll(async () => {
  ui = await startUi({ browserArgs: ['--host-resolver-rules=MAP evil.example 127.0.0.1'] });
  await fetch(`${ui.url}/simulator/v1/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"paused":true}' });
  journeyId = (await createConsent(ui.bank, 'frankfurt', 'FRA-CREATOR')).journeyId;
  other = createServer((_req, res) => res.end('<!doctype html><title>Another site</title><body>Cat pictures</body>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}`;
}, UI_TIMEOUT);
afterAll(async () => {
  other?.close();
  await ui?.stop();
});

describe('pages of other origins cannot act on the simulator or read it', () => {
  it(
    'a page on another port, a downloaded file and a rebinding host name change nothing and read nothing',
    async () => {
      const before = await state();
      const page = await ui.page.context().newPage();

      await page.goto(otherUrl);
      expect(await attack(page, ui.url, journeyId)).toEqual({ read: 'blocked', jsonClock: 'blocked' });

      const file = join(mkdtempSync(join(tmpdir(), 'wb-attack-')), 'invoice.html');
      writeFileSync(file, '<!doctype html><title>Invoice</title><body>Your invoice</body>');
      await page.goto(`file://${file}`);
      expect(await attack(page, ui.url, journeyId)).toEqual({ read: 'blocked', jsonClock: 'blocked' });

      // evil.example resolves to 127.0.0.1: the page is same-origin with whatever answers on the simulator's port.
      const port = new URL(ui.url).port;
      const rebound = await page.goto(`http://evil.example:${port}/`);
      expect(rebound?.status()).toBe(421);
      expect(await page.textContent('body')).toContain('is not a name of this simulator');
      expect(await attack(page, '', journeyId)).toEqual({ read: '421', jsonClock: '421' });

      expect(await state()).toEqual(before);
      await page.close();
    },
    UI_TIMEOUT,
  );

  it(
    'the same script on the simulator’s own page acts (JSON) and reads; its simple requests are still refused',
    async () => {
      const before = await state();
      const attempt = await attack(ui.page, '', journeyId);
      expect(attempt).toEqual({ read: '200 with the log', jsonClock: '200' });
      const after = await state();
      expect(Date.parse(after.now) - Date.parse(before.now)).toBe(3_600_000);
      expect({ ...after, now: before.now }).toEqual(before);
    },
    UI_TIMEOUT,
  );
});
