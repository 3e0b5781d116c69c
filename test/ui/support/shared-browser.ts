// One Chromium per test process, shared by the UI files that process runs one after another (the UI tier
// shares its processes: vitest.config.ts): a UI gets fresh browser contexts in it, as isolated as a new
// browser for cookies, storage and cache, at about a third of a launch's CPU. A UI that needs its own
// flags gets a browser of its own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Kept on the process, not the module: the module may be evaluated again for the next file. */
const holder = globalThis as typeof globalThis & { psd2WorkbenchBrowser?: Promise<Browser> };

/** Where a UI opens its pages (its own, a phone, a second window). */
export interface UiBrowser {
  newContext: Browser['newContext'];
  newPage: Browser['newPage'];
}

/** A UI's share of a browser: the contexts it opens there, closed by `release` (with the browser, when its own). */
export interface BrowserLease {
  browser: UiBrowser;
  release(): Promise<void>;
}

export async function leaseBrowser(extraFlags: readonly string[] = []): Promise<BrowserLease> {
  const own = extraFlags.length > 0;
  const browser = own ? await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...extraFlags] }) : await sharedBrowser();
  const opened = new Set<BrowserContext>();
  const track = (context: BrowserContext): BrowserContext => {
    opened.add(context);
    context.on('close', () => opened.delete(context));
    return context;
  };
  return {
    browser: {
      newContext: async (options) => track(await browser.newContext(options)),
      newPage: async (options): Promise<Page> => {
        const page = await browser.newPage(options);
        track(page.context());
        return page;
      },
    },
    release: async () => {
      await Promise.all([...opened].map((context) => context.close().catch(() => undefined)));
      if (own) await browser.close().catch(() => undefined);
    },
  };
}

function sharedBrowser(): Promise<Browser> {
  holder.psd2WorkbenchBrowser ??= chromium.launch({ executablePath: CHROMIUM, args: FLAGS }).then((browser) => {
    // A crashed browser is launched again for the next UI.
    browser.on('disconnected', () => {
      holder.psd2WorkbenchBrowser = undefined;
    });
    return browser;
  });
  return holder.psd2WorkbenchBrowser.catch((err: unknown) => {
    holder.psd2WorkbenchBrowser = undefined;
    throw err;
  });
}
