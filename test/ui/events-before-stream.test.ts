// Traffic while the page opens: the browser's event stream takes a moment to open, and an exchange made in
// that moment must still be in the Inspector (CI once showed "showing 2 of 3 kept": the first exchange of a
// test came before the stream was open, after the list's first read).
import { expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const ui = uiPerFile();
const WAIT = { timeout: 15_000 };

it(
  'shows an exchange made while the event stream was opening',
  async () => {
    const { page, bank, url } = ui();
    let streamAsked!: () => void;
    const asked = new Promise<void>((resolve) => (streamAsked = resolve));
    let openStream!: () => void;
    const held = new Promise<void>((resolve) => (openStream = resolve));
    // The stream's request waits until the exchange is made, as a slow start would.
    await page.route('**/simulator/v1/events', async (route) => {
      streamAsked();
      await held;
      await route.continue();
    });
    // Were the screens shown before the stream is open, the Inspector would read the log now: the exchange is
    // made after that read (or after 3 s, when the page rightly waits for its stream).
    const firstRead = page.waitForResponse((r) => r.url().includes('/simulator/v1/exchanges'), { timeout: 3_000 }).catch(() => null);
    await page.reload({ waitUntil: 'commit' });
    await asked;
    await firstRead;
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    expect(consent.consentId).toBeTruthy();
    openStream();

    const logged = (await (await fetch(`${url}/simulator/v1/exchanges?limit=10000`)).json()) as Exchange[];
    expect(logged.length).toBeGreaterThan(0);
    const count = page.getByTestId('inspector-count');
    await expect.poll(() => count.textContent(), WAIT).toBe(`showing ${logged.length} of ${logged.length} kept`);
    await page.locator(`[data-testid="exchange-row"][data-id="${logged[0]!.id}"]`).waitFor(WAIT);
    await page.unroute('**/simulator/v1/events');
  },
  UI_TIMEOUT,
);
