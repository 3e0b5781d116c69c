// The sequence diagram in words in Chromium against the real simulator: each arrow says what happens
// ("PSU rejects", "Operator moves the clock 10 min on", "Bank refuses: signature invalid"), numbered by
// step; the HTTP line beneath is a kept choice; the SVG export carries the words shown.
import { readFileSync } from 'node:fs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uiPerFile } from './support/ui-per-file';
import { runFlowToEnd } from './support/lesson';

const WAIT = { timeout: 20_000 };
const FLOW_TIMEOUT = 120_000;

/** The HTTP line of a token request, drawn as text (the tooltip's <title> has it whatever the choice). */
const HTTP_LINE = />POST \/frankfurt\/oauth\/v1\/token → 200<\/text>/;

const running = uiPerFile({ viewport: { width: 1920, height: 1080 } });

const diagram = (page: Page) => page.getByTestId('sequence-diagram');
const words = (page: Page): Promise<string[]> => diagram(page).locator('.seq-words').allTextContents();
const answers = (page: Page): Promise<string[]> => diagram(page).getByTestId('seq-answer').allTextContents();

async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  return readFileSync(await download.path()).toString('utf8');
}

describe('the diagram in words', () => {
  it(
    'says a rejected consent in words, numbered by step, with the HTTP line beneath',
    async () => {
      const { page } = running();
      await runFlowToEnd(page, 'consent-rejected');
      const said = await words(page);
      expect(said).toContain('1.2 TPP asks for a consent');
      expect(said).toContain('2. PSU’s browser opens the SCA link');
      expect(said).toContain('3. PSU rejects');
      expect(said).toContain('4. TPP checks the consent’s status');
      expect(said.some((w) => /^5(\.\d+)? PSU’s browser gets a code for the TPP$|^5\. PSU’s browser gets a code for the TPP$/.test(w))).toBe(true);
      expect(await answers(page)).toContain('Bank answers: the consent is rejected');
      const http = await diagram(page).getByTestId('seq-http').allTextContents();
      expect(http).toContain('POST /consents → 201');
    },
    FLOW_TIMEOUT,
  );

  it(
    'says why the bank refused a signature, and a clock move and a refused refresh in words',
    async () => {
      const { page } = running();
      await runFlowToEnd(page, 'signature-body-changed');
      expect(await answers(page)).toContain('Bank refuses: signature invalid');
      const red = diagram(page).locator('[data-testid="seq-arrow"][data-failed="true"] .seq-words');
      expect(await red.allTextContents()).toEqual([expect.stringMatching(/^\d+(\.\d+)?\.? TPP initiates a payment$/)]);

      await runFlowToEnd(page, 'token-refresh');
      const said = await words(page);
      expect(said).toContain('1.4 PSU approves in the bank’s app');
      expect(said).toContain('1.6 TPP swaps the code for a token');
      expect(said).toContain('3. Operator moves the clock 10 min 1 s on');
      expect(said).toContain('6. Operator moves the clock 11 min on');
      expect(said.filter((w) => / TPP refreshes its token$/.test(w))).toHaveLength(2);
      expect(await answers(page)).toContain('Bank refuses: invalid grant');
    },
    FLOW_TIMEOUT,
  );

  it(
    'exports the words shown as SVG',
    async () => {
      const { page } = running();
      const svg = await downloaded(page, () => page.getByTestId('export-svg').click());
      for (const shown of [...(await words(page)), 'Bank refuses: invalid grant']) expect(svg.includes(`>${shown}</text>`), shown).toBe(true);
      expect(HTTP_LINE.test(svg)).toBe(true);
    },
    FLOW_TIMEOUT,
  );

  it(
    'leaves the HTTP line out when "HTTP labels" is off, in the export too, and keeps the choice',
    async () => {
      const { page } = running();
      await page.getByTestId('http-labels').setChecked(false);
      await expect.poll(() => diagram(page).getByTestId('seq-http').count()).toBe(0);
      const svg = await downloaded(page, () => page.getByTestId('export-svg').click());
      expect(HTTP_LINE.test(svg)).toBe(false);
      expect(svg.includes('TPP refreshes its token</text>')).toBe(true);
      await page.reload();
      await page.locator('[data-testid="run-item"]').first().click();
      await diagram(page).waitFor(WAIT);
      expect(await page.getByTestId('http-labels').isChecked()).toBe(false);
      expect(await diagram(page).getByTestId('seq-http').count()).toBe(0);
      expect((await words(page)).length).toBeGreaterThan(0);
      await page.getByTestId('http-labels').setChecked(true);
    },
    FLOW_TIMEOUT,
  );
});
