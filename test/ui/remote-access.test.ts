// Beyond loopback the control API needs the token printed at start. The browser UI, opened
// with the printed address, trades the token for a cookie, so its calls and its event
// stream work, while a page opened without it gets nothing from the control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

const WAIT = { timeout: 5_000 };

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi({ host: '0.0.0.0' });
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

describe('the browser UI beyond loopback', () => {
  it(
    'opens with the printed address, then drops the token from the address bar',
    async () => {
      expect(ui.sim.controlTokenRequired).toBe(true);
      await ui.page.getByTestId('clock').waitFor(WAIT);
      expect(await ui.page.getByRole('alert').count()).toBe(0);
      expect(new URL(ui.page.url()).hash).toBe('');
    },
    UI_TIMEOUT,
  );

  it(
    'receives live events through the cookie its session got',
    async () => {
      const clock = ui.page.getByTestId('clock');
      const before = await clock.textContent();
      const res = await fetch(`${ui.url}/simulator/v1/clock`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ui.sim.controlToken}`, 'content-type': 'application/json' },
        body: '{"advance":"P1D"}',
      });
      expect(res.status).toBe(200);
      await expect.poll(() => clock.textContent(), WAIT).not.toBe(before);
    },
    UI_TIMEOUT,
  );

  it(
    'shows the refusal, not a bank, to a page opened without the token',
    async () => {
      const page = await ui.browser.newPage();
      try {
        await page.goto(`${ui.url}/`);
        const alert = page.locator('.shell-error');
        await alert.waitFor(WAIT);
        expect(await alert.textContent()).toMatch(/refused this page.*401.*#token=/);
        expect(await page.getByTestId('clock').count()).toBe(0);
      } finally {
        await page.close();
      }
    },
    UI_TIMEOUT,
  );
});

describe('the control session', () => {
  it('grants an HttpOnly, SameSite=Strict cookie only for the right token', async () => {
    const refused = await fetch(`${ui.url}/simulator/v1/session`, { method: 'POST', headers: { authorization: 'Bearer wrong' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('set-cookie')).toBeNull();

    const granted = await fetch(`${ui.url}/simulator/v1/session`, { method: 'POST', headers: { authorization: `Bearer ${ui.sim.controlToken}` } });
    expect(granted.status).toBe(204);
    const cookie = granted.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);

    const pair = cookie.split(';')[0] as string;
    expect((await fetch(`${ui.url}/simulator/v1/sca`, { headers: { cookie: pair } })).status).toBe(200);
    expect((await fetch(`${ui.url}/simulator/v1/sca`, { headers: { cookie: `${pair}x` } })).status).toBe(401);
  });
});
