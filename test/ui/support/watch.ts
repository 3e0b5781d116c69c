import type { Page } from 'playwright-core';

type PageWindow = {
  watched?: Record<string, string[]>;
  MutationObserver: new (callback: () => void) => { observe(node: unknown, options: object): void };
};

/**
 * Records, in the page, every value an element shows while something runs, however quickly it passes: its
 * text, or a progress bar's value/max. Returns the reader of what was seen, in order, repeats left out.
 */
export async function watchShown(page: Page, selector: string, what: 'text' | 'progress'): Promise<() => Promise<string[]>> {
  await page.locator('body').evaluate(
    (body, [selector, what]) => {
      // The page's own DOM types (this file is type-checked against Node's).
      const w = body.ownerDocument.defaultView as unknown as PageWindow;
      const seen: string[] = [];
      w.watched = { ...w.watched, [selector]: seen };
      new w.MutationObserver(() => {
        const el = body.ownerDocument.querySelector(selector) as { textContent: string | null; value?: number; max?: number } | null;
        const value = el === null ? null : what === 'text' ? el.textContent : `${el.value}/${el.max}`;
        if (value && seen.at(-1) !== value) seen.push(value);
      }).observe(body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    [selector, what] as const,
  );
  return () => page.locator('body').evaluate((body, selector) => (body.ownerDocument.defaultView as unknown as PageWindow).watched?.[selector] ?? [], selector);
}
