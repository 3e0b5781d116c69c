// The bank-hosted SCA page's HTML. Served under a strict Content-Security-Policy: nothing loads
// from elsewhere, and the one script and style run only with the nonce of their response.
import { randomBytes } from 'node:crypto';

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Approving shows briefly before the return; a failure's reason gets time to be read (and a link to go at once). */
export const RETURN_DELAY_MS = { approved: 1500, notApproved: 5000 } as const;

/**
 * Follows the journey through GET /sca/{id}/status with the page's key and, once the PSU has acted in
 * the app (or the time ran out), sends the browser to the TPP-Redirect-URI exactly as the TPP sent it.
 * Only an http(s) URI is followed; the server hands it out only when the journey is done.
 */
const FOLLOW_SCRIPT = `(() => {
  const root = document.getElementById('sca');
  const heading = document.getElementById('heading');
  const progress = document.getElementById('progress');
  const back = document.getElementById('return');
  const statusUrl = '/sca/' + encodeURIComponent(root.dataset.journey) + '/status?key=' + encodeURIComponent(root.dataset.key);
  const delay = JSON.parse(root.dataset.delay);
  function finish(p) {
    const approved = p.status === 'finalised';
    root.dataset.status = p.status;
    heading.textContent = approved ? 'Approved in your app' : 'Not approved';
    const what = approved ? 'You approved in your bank app.' : p.outcomeReason ? 'Not approved: ' + p.outcomeReason + '.' : 'You rejected it in your bank app.';
    const target = p.tppRedirectUri;
    if (!target || !/^https?:\\/\\//i.test(target)) {
      progress.textContent = what + ' You can close this page and return to the provider.';
      return;
    }
    progress.textContent = what + ' Taking you back to the provider\\u2026';
    back.href = target;
    back.hidden = false;
    setTimeout(() => window.location.assign(target), approved ? delay.approved : delay.notApproved);
  }
  async function poll() {
    let next = 1000;
    try {
      const res = await fetch(statusUrl, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (res.ok) {
        const p = await res.json();
        if (p.status === 'finalised' || p.status === 'failed') return finish(p);
      } else if (res.status < 500 && res.status !== 429) {
        progress.textContent = 'This page can no longer follow your request; return to the provider when you have acted in your app.';
        return;
      }
    } catch {
      next = 3000;
    }
    setTimeout(poll, next);
  }
  poll();
})();`;

export interface ScaPage {
  html: string;
  contentSecurityPolicy: string;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:4rem auto;padding:0 1rem;color:#1b2430}
h1{font-size:1.4rem}code{background:#eef1f5;padding:.1rem .3rem;border-radius:3px}.note{color:#5b6675}
#progress{font-weight:600}a.return{display:inline-block;margin-top:.5rem}`;

/** A page with its policy; `follow` adds the script that follows the journey with the page's key. */
export function scaPage(title: string, body: string, follow?: { journeyId: string; pageKey: string }): ScaPage {
  const nonce = randomBytes(16).toString('base64');
  const main = follow
    ? `<main id="sca" data-journey="${escapeHtml(follow.journeyId)}" data-key="${escapeHtml(follow.pageKey)}" data-delay="${escapeHtml(JSON.stringify(RETURN_DELAY_MS))}" data-status="opened">${body}</main>
<script nonce="${nonce}">${FOLLOW_SCRIPT}</script>`
    : `<main>${body}</main>`;
  return {
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body>${main}</body></html>`,
    contentSecurityPolicy: [
      "default-src 'none'",
      `script-src 'nonce-${nonce}'`,
      `style-src 'nonce-${nonce}'`,
      "connect-src 'self'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  };
}
