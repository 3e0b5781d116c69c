// The Inspector's and the Bank's panes are split by a handle the mouse drags and the keyboard
// moves; the split is remembered per screen and never squeezes a pane below its minimum.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

// As InspectorScreen and BankScreen set them.
const INSPECTOR = { key: 'psd2wb.split.inspector', minListPx: 320, minDetailPx: 380, defaultPercent: 44 };
const BANK_MIN_DETAIL_PX = 300;
/** Layout rounds to device pixels; a drag lands within a pixel or two of where it was let go. */
const SLACK_PX = 2;

let ui: RunningUi;

beforeAll(async () => {
  ui = await startUi({ viewport: { width: 1280, height: 800 } });
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const width = (locator: Locator): Promise<number> => locator.evaluate((el) => el.getBoundingClientRect().width);

async function dragBy(page: Page, handle: Locator, dx: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the separator is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

/** The page's localStorage as the callbacks below see it: they run in the page, which Node's types do not describe. */
interface PageStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}

const storedSplit = (page: Page, key: string): Promise<string | null> =>
  page.evaluate((k) => (globalThis as unknown as PageStorage).localStorage.getItem(k), key);

const storeSplit = (page: Page, key: string, value: string): Promise<void> =>
  page.evaluate(([k, v]) => (globalThis as unknown as PageStorage).localStorage.setItem(k, v), [key, value] as const);

async function openScreen(page: Page, label: 'Inspector' | 'Bank'): Promise<void> {
  await page.getByRole('navigation').locator('a, button').filter({ hasText: label }).first().click();
}

describe('the Inspector’s split', () => {
  const handle = () => ui.page.getByRole('separator', { name: /exchange list/ });
  const list = () => ui.page.locator('.inspector-list-pane');
  const detail = () => ui.page.locator('.inspector-detail-pane');

  it(
    'is a focusable vertical separator that names its panes',
    async () => {
      await handle().waitFor();
      expect(await handle().getAttribute('aria-orientation')).toBe('vertical');
      expect(await handle().getAttribute('tabindex')).toBe('0');
      const now = Number(await handle().getAttribute('aria-valuenow'));
      expect(now).toBe(INSPECTOR.defaultPercent);
      expect(Number(await handle().getAttribute('aria-valuemin'))).toBeLessThan(now);
      expect(Number(await handle().getAttribute('aria-valuemax'))).toBeGreaterThan(now);
    },
    UI_TIMEOUT,
  );

  it(
    'follows the mouse: the list grows and shrinks by the distance dragged',
    async () => {
      const before = await width(list());
      await dragBy(ui.page, handle(), -120);
      expect(Math.abs((await width(list())) - (before - 120))).toBeLessThanOrEqual(SLACK_PX);
      await dragBy(ui.page, handle(), 60);
      expect(Math.abs((await width(list())) - (before - 60))).toBeLessThanOrEqual(SLACK_PX);
    },
    UI_TIMEOUT,
  );

  it(
    'moves with the arrow keys, further with Shift',
    async () => {
      await handle().focus();
      await ui.page.keyboard.press('End'); // room for the steps below
      const before = await width(list());
      await ui.page.keyboard.press('ArrowLeft');
      const afterLeft = await width(list());
      const step = before - afterLeft;
      expect(step).toBeGreaterThan(8);
      await ui.page.keyboard.press('Shift+ArrowLeft');
      const afterShift = await width(list());
      expect(afterLeft - afterShift).toBeGreaterThan(step * 3);
      await ui.page.keyboard.press('ArrowRight');
      expect(Math.abs((await width(list())) - (afterShift + step))).toBeLessThanOrEqual(SLACK_PX);
    },
    UI_TIMEOUT,
  );

  it(
    'keeps its width across a reload',
    async () => {
      const before = await width(list());
      expect(await storedSplit(ui.page, INSPECTOR.key)).not.toBeNull();
      await ui.page.reload();
      await handle().waitFor();
      expect(Math.abs((await width(list())) - before)).toBeLessThanOrEqual(1);
    },
    UI_TIMEOUT,
  );

  it(
    'never makes either pane narrower than its minimum, by mouse, keyboard or window',
    async () => {
      await dragBy(ui.page, handle(), -2_000);
      expect(await width(list())).toBeGreaterThanOrEqual(INSPECTOR.minListPx - 1);
      expect(await width(list())).toBeLessThanOrEqual(INSPECTOR.minListPx + SLACK_PX);
      expect(await handle().getAttribute('aria-valuenow')).toBe(await handle().getAttribute('aria-valuemin'));

      await handle().focus();
      await ui.page.keyboard.press('End');
      const widest = await width(list());
      expect(widest).toBeGreaterThan(INSPECTOR.minListPx + 100);
      expect(await width(detail())).toBeGreaterThanOrEqual(INSPECTOR.minDetailPx - 1);

      // A narrower window takes the width from the list, not from the detail.
      await ui.page.setViewportSize({ width: 1000, height: 800 });
      await expect.poll(() => width(detail())).toBeGreaterThanOrEqual(INSPECTOR.minDetailPx - 1);
      expect(await width(list())).toBeLessThan(widest);
      await ui.page.keyboard.press('Home');
      expect(Math.abs((await width(list())) - INSPECTOR.minListPx)).toBeLessThanOrEqual(SLACK_PX);
      await ui.page.setViewportSize({ width: 1280, height: 800 });
    },
    UI_TIMEOUT,
  );

  it(
    'goes back to the default on double-click, and ignores a stored value that is not a share',
    async () => {
      const box = await handle().boundingBox();
      if (!box) throw new Error('the separator is not on screen');
      await ui.page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
      expect(Number(await handle().getAttribute('aria-valuenow'))).toBe(INSPECTOR.defaultPercent);
      expect(await storedSplit(ui.page, INSPECTOR.key)).toBeNull();

      for (const garbage of ['banana', '-5', '250', 'Infinity', '']) {
        await storeSplit(ui.page, INSPECTOR.key, garbage);
        await ui.page.reload();
        await handle().waitFor();
        expect(Number(await handle().getAttribute('aria-valuenow')), garbage).toBe(INSPECTOR.defaultPercent);
      }
    },
    UI_TIMEOUT,
  );
});

describe('the Bank’s split', () => {
  const handle = () => ui.page.getByRole('separator', { name: /resource tables/ });
  const tables = () => ui.page.locator('.bank-lists');

  it(
    'resizes the tables against the detail, by mouse and keyboard, and remembers it apart from the Inspector',
    async () => {
      const inspectorSplit = await storedSplit(ui.page, INSPECTOR.key);
      await openScreen(ui.page, 'Bank');
      await handle().waitFor();
      const before = await width(tables());
      await dragBy(ui.page, handle(), -150);
      expect(Math.abs((await width(tables())) - (before - 150))).toBeLessThanOrEqual(SLACK_PX);

      await handle().focus();
      const dragged = await width(tables());
      await ui.page.keyboard.press('ArrowRight');
      expect(await width(tables())).toBeGreaterThan(dragged + 8);

      await ui.page.keyboard.press('End');
      expect(await width(ui.page.locator('.bank-detail'))).toBeGreaterThanOrEqual(BANK_MIN_DETAIL_PX - 1);

      expect(await storedSplit(ui.page, 'psd2wb.split.bank')).not.toBeNull();
      expect(await storedSplit(ui.page, INSPECTOR.key)).toBe(inspectorSplit);
    },
    UI_TIMEOUT,
  );
});
