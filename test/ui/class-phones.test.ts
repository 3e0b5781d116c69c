// "Approve on your own phone" in Chromium: Present shows a QR code per customer of the lesson; a phone on the
// class's network (a second loopback address, 127.0.0.2, standing in for it, with mobile emulation at 390×844)
// opens the link as that customer's bank app, sees the approval arrive and decides it; the page's link reaches
// nothing else of the control API; New class ends it. On 1280×800 at 150 % the panel shows every code whole.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaJourney } from '../../preload/api/workbench-api';
import { controlClient } from '../../shared/control-client';
import { freePort } from '../support/ports';
import { tppClientFor } from '../support/simulator';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';
import { newClass, startLesson } from './support/lesson';

const WAIT = { timeout: 30_000 };
let ui: RunningUi;
let network: string;
let phone: BrowserContext;

beforeAll(async () => {
  const port = await freePort();
  network = `http://127.0.0.2:${port}`;
  ui = await startUi({ host: '0.0.0.0', port, publicUrl: network, viewport: { width: 1920, height: 1080 } });
  phone = await ui.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}, UI_TIMEOUT);
afterAll(async () => {
  await phone?.close();
  await ui?.stop();
});

const asTrainer = (): Record<string, string> => ({ authorization: `Bearer ${ui.sim.controlToken}` });

/** What the phone page's own link reaches, asked from the page itself (its cookie goes along). */
const fromPhone = (page: Page, path: string): Promise<number> => page.evaluate(async (p) => (await fetch(`/simulator/v1${p}`)).status, path);

describe('class phones', () => {
  it(
    "show a QR code per customer of the lesson; a phone opens it as that customer's bank app and decides there",
    async () => {
      const { page } = ui;
      // Driven from the page alone: the lesson's API client is not asked here.
      await startLesson(page, controlClient(ui.url), 'vop-close-match-psu-decides');
      await page.getByTestId('present-class-phones').click();
      const panel = page.getByTestId('class-phones');
      await panel.waitFor(WAIT);
      const codes = panel.getByTestId('class-phone');
      await expect.poll(() => codes.count(), WAIT).toBe(2);
      expect(await panel.getByTestId('class-phones-unreachable').count()).toBe(0);
      expect(await codes.first().locator('svg.qr-code').count()).toBe(1);
      await page.screenshot({ path: '/tmp/present-class-phones-1920x1080.png' });

      const signatory = codes.and(page.locator('[data-psu="FRA-SOLO"]'));
      const url = (await signatory.getByTestId('class-phone-url').getAttribute('href')) ?? '';
      expect(url.startsWith(`${network}/#phone=`)).toBe(true);

      const own = await phone.newPage();
      await own.goto(url);
      const app = own.getByTestId('phone-screen');
      await app.getByTestId('phone-empty').waitFor(WAIT);
      expect(await app.textContent()).toContain('When the lesson asks');
      // The address bar no longer shows the token.
      expect(own.url()).not.toContain('#phone=');

      // A TPP asks FRA-SOLO for access: the approval arrives on the phone, which decides it.
      const tpp = tppClientFor({ origin: network, tls: null, controlToken: ui.sim.controlToken }, ui.bank.client);
      const consent = await tpp.startConsent('frankfurt', 'FRA-SOLO');
      await tpp.openScaLink(consent.scaRedirect);
      const card = app.getByTestId('journey');
      await card.first().waitFor(WAIT);
      await own.screenshot({ path: '/tmp/class-phone-390x844.png' });
      // Laid out for the phone's screen: nothing wider than it.
      expect(await own.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
      await card.first().getByTestId('approve').click();
      await expect
        .poll(async () => {
          const res = await fetch(`${ui.url}/simulator/v1/sca/${consent.journeyId}`, { headers: asTrainer() });
          return ((await res.json()) as ScaJourney).status;
        }, WAIT)
        .toBe('finalised');

      // Its link reaches this customer's approvals and nothing else.
      expect(await fromPhone(own, '/sca')).toBe(200);
      for (const path of ['/exchanges', '/info', '/runs', '/faults']) expect(await fromPhone(own, path), path).toBe(403);

      // New class ends every link.
      await page.keyboard.press('Escape');
      await newClass(page);
      await expect.poll(() => fromPhone(own, '/sca'), WAIT).toBe(401);
      await own.close();
    },
    UI_TIMEOUT * 2,
  );

  it(
    'fit 1280×800 at 150 % (853×533 CSS pixels): each code whole with its customer’s name, the panel on the screen, nothing to scroll',
    async () => {
      // A simulator on this computer only: the panel says how to reach it, the most it ever holds.
      const small = await startUi({ viewport: { width: 853, height: 533 } });
      try {
        const { page } = small;
        // Three customers: the creator and an approver of each signatory group.
        await startLesson(page, controlClient(small.url), 'separation-of-duty');
        await page.getByTestId('present-class-phones').click();
        const panel = page.getByTestId('class-phones');
        const codes = panel.getByTestId('class-phone');
        await expect.poll(() => codes.count(), WAIT).toBe(3);
        await panel.getByTestId('class-phones-unreachable').waitFor(WAIT);
        await expect.poll(() => panel.evaluate((p) => p.scrollHeight - p.clientHeight), WAIT).toBeLessThanOrEqual(0);
        const frame = (await panel.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
        expect(frame.x >= 0 && frame.y >= 0 && frame.x + frame.width <= 853 && frame.y + frame.height <= 533, JSON.stringify(frame)).toBe(true);
        for (const code of await codes.all()) {
          const box = (await code.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
          expect(box.y + box.height, `${await code.textContent()}: in the panel`).toBeLessThanOrEqual(frame.y + frame.height);
        }
        await page.screenshot({ path: '/tmp/present-class-phones-1280x800.png' });
      } finally {
        await small.stop();
      }
    },
    UI_TIMEOUT,
  );
});
