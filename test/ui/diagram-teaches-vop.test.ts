// The sequence diagram as a class reads it, in Chromium against the real simulator: the payee's bank has a
// lifeline and the name check is its own exchange, asked and answered in words (no answer at all until the
// trainer moves time); a lesson's setup is one row that opens on a click; the lifelines' headers stay in
// view while the diagram scrolls; the creator's refused approval is red with the reason in words; the text
// is never below 14 CSS px at 150 % on a 1280×800 screen.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { controlClient } from '../../shared/control-client';
import { runFlowToEnd, startLesson, stepUntil } from './support/lesson';
import { captionCut } from './support/lesson-checks';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 20_000 };
const FLOW_TIMEOUT = 120_000;
const SHOTS = process.env.DIAGRAM_SHOTS;

const running = uiPerFile({ viewport: { width: 1920, height: 1080 } });

/** Leaves the presentation view a test before may have left open (a failed test does not press Escape). */
async function leavePresent(page: Page): Promise<void> {
  if (await page.getByTestId('present').isVisible()) await page.keyboard.press('Escape');
  await page.getByTestId('present').waitFor({ state: 'detached', ...WAIT });
}

async function runFlow(page: Page, name: string): Promise<void> {
  await leavePresent(page);
  await runFlowToEnd(page, name);
}

const checks = (scope: Locator, kind: string): Locator => scope.locator(`[data-testid="seq-check"][data-kind="${kind}"]`);
const texts = (scope: Locator): Promise<string[]> => scope.locator('.seq-words').allTextContents();

describe('a diagram that teaches the name check', () => {
  it(
    'draws the payee’s bank and its answer in words for a close match',
    async () => {
      const { page } = running();
      await runFlow(page, 'vop-close-match-psu-decides');
      const heads = await page
        .getByTestId('seq-heads')
        .locator('[data-testid="seq-lifeline"]')
        .evaluateAll((all) => all.map((l) => l.textContent));
      expect(heads).toContain('Payee’s bank');
      const diagram = page.getByTestId('sequence-diagram');
      expect(await texts(checks(diagram, 'question'))).toEqual(['Bank asks the payee’s bank to check the name']);
      expect(await texts(checks(diagram, 'answer'))).toEqual(['Payee’s bank says: close match — the name is almost right']);
      // Asked right after the payment went out, answered at once.
      const y = (l: Locator) => l.locator('line').first().getAttribute('y1').then(Number);
      const sent = diagram.locator('[data-testid="seq-arrow"]').filter({ has: page.locator('.seq-words', { hasText: 'TPP initiates a payment' }) });
      expect(await y(checks(diagram, 'question'))).toBeGreaterThan(await y(sent));
      expect(await y(checks(diagram, 'answer'))).toBeGreaterThan(await y(checks(diagram, 'question')));
    },
    FLOW_TIMEOUT,
  );

  it(
    'asks and gets no answer until the trainer moves time, then says no answer came in time',
    async () => {
      const { page, url } = running();
      const lesson = await startLesson(page, controlClient(url), 'vop-payee-bank-silent');
      const diagram = page.getByTestId('present-diagram').getByTestId('sequence-diagram');
      // Through "The bank will not start the approval while the name check is still running": asked, no answer.
      await stepUntil(lesson, (run) => run.steps.length >= 5);
      await checks(diagram, 'question').waitFor(WAIT);
      expect(await checks(diagram, 'answer').count()).toBe(0);
      expect(await checks(diagram, 'none').count()).toBe(0);
      // The trainer moves the clock; the next read finds the check ended without an answer.
      await stepUntil(lesson, (run) => run.steps.length >= 7);
      await checks(diagram, 'none').waitFor(WAIT);
      expect(await texts(checks(diagram, 'none'))).toEqual(['No answer in time — the name could not be checked']);
      expect(await checks(diagram, 'answer').count()).toBe(0);
      const clock = diagram.locator('[data-testid="seq-arrow"]').filter({ hasText: 'Operator moves the clock 6 s on' });
      const noneY = Number(await checks(diagram, 'none').locator('text').getAttribute('y'));
      expect(noneY).toBeGreaterThan(Number(await clock.locator('line').first().getAttribute('y1')));
      await page.keyboard.press('Escape');
    },
    FLOW_TIMEOUT,
  );
});

describe('a lesson’s diagram in separation of duty', () => {
  it(
    'folds the setup into one labelled row that opens and folds on a click',
    async () => {
      const { page } = running();
      await runFlow(page, 'separation-of-duty');
      const diagram = page.getByTestId('sequence-diagram');
      const setups = diagram.getByTestId('seq-setup');
      expect(await setups.count()).toBe(3);
      expect(await setups.first().locator('.seq-setup-words').textContent()).toMatch(/^▸ 1\. Setup: tokens and the customer’s consent \(\d+ exchanges\)$/);
      expect(await setups.first().getAttribute('aria-expanded')).toBe('false');
      expect((await texts(diagram)).filter((w) => w.endsWith('TPP asks for a consent'))).toEqual([]);
      await setups.first().click();
      await expect.poll(() => setups.first().getAttribute('aria-expanded')).toBe('true');
      expect(await texts(diagram)).toContain('1.2 TPP asks for a consent');
      expect((await texts(diagram)).filter((w) => w.endsWith('TPP asks for a consent'))).toHaveLength(1);
      await setups.first().click();
      await expect.poll(() => setups.first().getAttribute('aria-expanded')).toBe('false');
      expect((await texts(diagram)).filter((w) => w.endsWith('TPP asks for a consent'))).toEqual([]);
    },
    FLOW_TIMEOUT,
  );

  it(
    'draws the creator’s refused approval in red with the reason in words',
    async () => {
      const { page } = running();
      await leavePresent(page);
      const diagram = page.getByTestId('sequence-diagram');
      const refused = diagram
        .locator('[data-testid="seq-arrow"]')
        .filter({ has: page.locator('.seq-words', { hasText: /^5\. PSU approves in the bank’s app$/ }) });
      expect(await refused.getAttribute('data-failed')).toBe('true');
      expect(await refused.getAttribute('class')).toContain('seq-failed');
      const answers = await diagram.getByTestId('seq-answer').allTextContents();
      expect(answers).toContain('Bank refuses: you created this payment');
      // The approvers' approvals are not refused.
      const approved = diagram
        .locator('[data-testid="seq-arrow"][data-failed="false"]')
        .filter({ has: page.locator('.seq-words', { hasText: /^10\. PSU approves in the bank’s app$/ }) });
      expect(await approved.count()).toBe(1);
    },
    FLOW_TIMEOUT,
  );

  it(
    'keeps the lifelines’ headers in view while the diagram scrolls',
    async () => {
      const { page } = running();
      await leavePresent(page);
      for (const setup of await page.getByTestId('seq-setup').all()) if ((await setup.getAttribute('aria-expanded')) === 'false') await setup.click();
      const scroll = page.getByTestId('sequence-scroll');
      const box = async (l: Locator) => (await l.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const before = await box(page.getByTestId('seq-heads'));
      const height = await scroll.evaluate((s) => s.scrollHeight - s.clientHeight);
      expect(height).toBeGreaterThan(200);
      await scroll.evaluate((s) => s.scrollTo({ top: s.scrollHeight }));
      await expect.poll(() => scroll.evaluate((s) => s.scrollTop)).toBeGreaterThan(200);
      const frame = await box(scroll);
      for (const head of await page.getByTestId('seq-heads').getByTestId('seq-lifeline').all()) {
        const b = await box(head.locator('rect'));
        expect(b.y).toBeGreaterThanOrEqual(frame.y - 1);
        expect(b.y + b.height).toBeLessThanOrEqual(frame.y + frame.height);
      }
      expect((await box(page.getByTestId('seq-heads'))).y).toBeCloseTo(before.y, 0);
    },
    FLOW_TIMEOUT,
  );
});

/** Whether `element` shows whole within the visible width of the diagram's scrolling box, without scrolling sideways. */
async function inViewSideways(scroll: Locator, element: Locator): Promise<boolean> {
  const frame = await scroll.boundingBox();
  const box = await element.boundingBox();
  return frame !== null && box !== null && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1;
}

/** The smallest text of the diagram as the screen shows it, in CSS px of the page. */
function smallestText(page: Page): Promise<number> {
  return page.getByTestId('present-diagram').evaluate((root) => {
    const sizes = [...root.querySelectorAll('svg.seq')].flatMap((svg) => {
      const picture = svg as unknown as { getBoundingClientRect(): { width: number }; viewBox: { baseVal: { width: number } } };
      const view = root.ownerDocument.defaultView;
      const scale = picture.getBoundingClientRect().width / picture.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')]
        .filter((t) => t.getClientRects().length > 0)
        .map((t) => parseFloat(view?.getComputedStyle(t).fontSize ?? '0') * scale);
    });
    return Math.min(...sizes);
  });
}

describe('legible at any size', () => {
  it(
    'scales the diagram’s text with the text size, never below 14 px at 150 % on 1280×800, scrolling instead of shrinking, the step in view',
    async () => {
      const { page, url } = running();
      await leavePresent(page);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('text-size').selectOption('100');
      const lesson = await startLesson(page, controlClient(url), 'vop-close-match-psu-decides');
      await stepUntil(lesson, (run) => run.steps.length >= 3);
      await page.getByTestId('present-diagram').getByTestId('http-labels').setChecked(true);
      await checks(page.getByTestId('present-diagram'), 'answer').waitFor(WAIT);
      const at100 = await smallestText(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('text-size').selectOption('150');
      await expect.poll(() => page.locator('html').getAttribute('data-text-size')).toBe('150');
      await page.getByTestId('present-run').click(WAIT);
      await checks(page.getByTestId('present-diagram'), 'answer').waitFor(WAIT);
      const at150 = await smallestText(page);
      expect(at150).toBeGreaterThanOrEqual(14);
      expect(at150).toBeCloseTo(at100 * 1.5, 0);
      const scroll = page.getByTestId('present-diagram').getByTestId('sequence-scroll');
      expect(await scroll.evaluate((s) => s.scrollWidth > s.clientWidth)).toBe(true);
      // Wider than its box, the diagram shows the step's arrows: the name check, with the payee's bank, as the payment goes out.
      const payeeBank = page.getByTestId('present-diagram').locator('[data-testid="seq-heads"] [data-lifeline="payeeBank"] rect');
      expect(await inViewSideways(scroll, payeeBank), 'the payee’s bank in view').toBe(true);
      for (const kind of ['question', 'answer']) {
        const words = checks(page.getByTestId('present-diagram'), kind).locator('.seq-words');
        expect(await inViewSideways(scroll, words), `the name check’s ${kind} in view`).toBe(true);
      }
      // The step that says what the payment got: every line of the caption in view, the result wrapped, not cut.
      await stepUntil(lesson, (run) => run.steps.length >= 4);
      await page.getByTestId('present-result').waitFor(WAIT);
      expect(await captionCut(page)).toBeNull();
      if (SHOTS) {
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          for (const size of [
            { width: 1920, height: 1080 },
            { width: 1280, height: 800 },
          ]) {
            await page.setViewportSize(size);
            await page.screenshot({ path: `${SHOTS}/present-${size.width}-${scheme}.png` });
          }
        }
        await page.emulateMedia({ colorScheme: 'light' });
      }
      await page.keyboard.press('Escape');
      await page.getByTestId('text-size').selectOption('100');
      await page.setViewportSize({ width: 1920, height: 1080 });
    },
    FLOW_TIMEOUT,
  );
});
