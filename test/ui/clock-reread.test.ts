// The top bar's clock always shows the simulator's: it reads the clock again at every clock event (a clock
// resumed where it was held is an event with the same instant, and the bar once ran on from when it was
// held, as far ahead as the hold had lasted), and when the window gets the focus back (whatever it missed
// meanwhile, here with its event stream held up, as a sleeping laptop's or a dropped connection's is).
import { describe, expect, it } from 'vitest';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 15_000 };

const running = uiPerFile();
const api = (): ControlClient => controlClient(running().url);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const shownClock = async (): Promise<number> => Date.parse((await running().page.getByTestId('clock').getAttribute('datetime')) ?? '');
/** How far the top bar is from the simulator's clock, in ms. */
const drift = async (): Promise<number> => Math.abs((await shownClock()) - Date.parse((await api().getClock()).now));

describe('the top bar’s clock', () => {
  it('is the simulator’s after time was held and let go, however long the hold', async () => {
    const { page } = running();
    await page.getByTestId('clock').waitFor(WAIT);
    await expect.poll(drift, WAIT).toBeLessThan(1_500);
    await api().setClockPaused(true);
    await expect.poll(() => page.getByTestId('clock').getAttribute('data-paused'), WAIT).toBe('true');
    await sleep(4_000);
    await api().setClockPaused(false);
    await expect.poll(() => page.getByTestId('clock').getAttribute('data-paused'), WAIT).toBe('false');
    // Over a few seconds, never the hold's 4 s ahead.
    for (let i = 0; i < 4; i++) {
      expect(await drift()).toBeLessThan(1_500);
      await sleep(500);
    }
  }, 60_000);

  it('reads the simulator’s clock again when the window gets the focus back', async () => {
    const { page } = running();
    // No events reach the page: its stream is held up from the reload on.
    await page.route('**/simulator/v1/events', () => undefined);
    await page.reload();
    await page.getByTestId('clock').waitFor(WAIT);
    await expect.poll(drift, WAIT).toBeLessThan(1_500);
    const before = await shownClock();
    await api().advanceClock('P1D');
    await sleep(1_500);
    // Nothing told the page: it still runs on from before.
    expect((await shownClock()) - before).toBeLessThan(10_000);
    // What the browser does when the window gets the focus back (the page's own code, not the test's, runs in the page).
    await page.evaluate("window.dispatchEvent(new Event('focus'))");
    await expect.poll(drift, WAIT).toBeLessThan(1_500);
    expect((await shownClock()) - before).toBeGreaterThanOrEqual(86_400_000);
    await page.unroute('**/simulator/v1/events');
  }, 60_000);
});
