// Security settings of the app window, kept free of Electron runtime imports so a
// plain unit test can pin them (test/unit/window-options.test.ts).
import type { WebPreferences } from 'electron';
import { FRAME_ANCESTORS } from '../../http/routes/ui';

/**
 * Sent as a response header by the main process and repeated in renderer/index.html's
 * meta tag (the browser host has no main process; a unit test keeps both equal), all but
 * frame-ancestors, which only a header can carry: the browser host sends it as one (FRAME_ANCESTORS).
 * 'unsafe-inline' styles: Monaco sets inline styles. No 'unsafe-eval': Monaco 0.57 and the payment
 * editor run without it (test/ui/editor.test.ts fails on any CSP violation). Workers are the app's own
 * assets ('self': Monaco's editor worker and the pain.001 validation worker, built by Vite, handed to
 * Monaco by MonacoEnvironment.getWorker). blob: stays for Monaco's own worker creation, which always
 * starts a worker from a blob: bootstrap (webWorkerServiceImpl createBlobWorker) where getWorker does
 * not answer for a worker, e.g. a language worker added later.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' http://127.0.0.1:*",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  FRAME_ANCESTORS,
].join('; ');

export function windowWebPreferences(preloadPath: string): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    // The preload is bundled to one CommonJS file that only requires 'electron',
    // which is what a sandboxed preload can load.
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    webviewTag: false,
    // Dropping a file on the window would otherwise navigate to it.
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** True when `target` is the app's own page: same file for a built app, same origin for the dev server. */
export function isAppUrl(target: string, appEntryUrl: string): boolean {
  const t = parseUrl(target);
  const entry = parseUrl(appEntryUrl);
  if (!t || !entry) return false;
  if (entry.protocol === 'file:') return t.protocol === 'file:' && t.pathname === entry.pathname;
  return t.origin === entry.origin;
}

/** Links the app may hand to the system browser; anything else (file:, javascript:, custom schemes) is dropped. */
export function isExternalWebUrl(target: string): boolean {
  const t = parseUrl(target);
  return t !== undefined && (t.protocol === 'http:' || t.protocol === 'https:');
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
