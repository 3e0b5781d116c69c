// One Chromium per test process, shared by the UI files that process runs one after another (the UI tier
// shares its processes: vitest.config.ts): a UI gets a fresh browser context, as isolated as a new
// browser for cookies, storage and cache, at about a third of a launch's CPU. A UI that needs its own
// flags gets a browser of its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Kept on the process, not the module: the module may be evaluated again for the next file. */
const holder = globalThis as typeof globalThis & { psd2WorkbenchBrowser?: Promise<Browser> };

/** The browser a UI's contexts open in, and how it is let go when the UI stops. */
export interface LeasedBrowser {
  browser: Browser;
  release(): Promise<void>;
}

export async function leaseBrowser(extraFlags: readonly string[] = []): Promise<LeasedBrowser> {
  if (extraFlags.length > 0) {
    const own = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extraFlags] });
    return { browser: own, release: () => own.close().catch(() => undefined) };
  }
  holder.psd2WorkbenchBrowser ??= launchShared();
  const shared = await holder.psd2WorkbenchBrowser.catch((err: unknown) => {
    holder.psd2WorkbenchBrowser = undefined;
    throw err;
  });
  return { browser: shared, release: async () => undefined };
}

function launchShared(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS }).then((browser) => {
    // A crashed browser is launched again for the next UI.
    browser.on('disconnected', () => {
      holder.psd2WorkbenchBrowser = undefined;
    });
    return browser;
  });
}

/** What a test opens more of in its UI's browser (a phone, a second window): closed with the UI. */
export interface UiBrowser {
  newContext: Browser['newContext'];
  newPage: Browser['newPage'];
}

/** A UI's view of its browser: every context it opens there is closed when the UI stops. */
export function contextsClosedTogether(browser: Browser): { uiBrowser: UiBrowser; closeAll(): Promise<void> } {
  const opened = new Set<BrowserContext>();
  const track = <T extends BrowserContext>(context: T): T => {
    opened.add(context);
    context.on('close', () => opened.delete(context));
    return context;
  };
  const uiBrowser: UiBrowser = {
    newContext: async (options) => track(await browser.newContext(options)),
    newPage: async (options): Promise<Page> => {
      const page = await browser.newPage(options);
      track(page.context());
      return page;
    },
  };
  return { uiBrowser, closeAll: async () => void (await Promise.all([...opened].map((c) => c.close().catch(() => undefined)))) };
}
