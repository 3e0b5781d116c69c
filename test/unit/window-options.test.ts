import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, isAppUrl, isExternalWebUrl, windowWebPreferences } from '../../main/hosts/electron/window-options';
import { FRAME_ANCESTORS } from '../../main/http/routes/ui';

const directives = new Map(
  CONTENT_SECURITY_POLICY.split(';').map((d) => {
    const [name = '', ...sources] = d.trim().split(/\s+/);
    return [name, sources] as const;
  }),
);

describe('windowWebPreferences', () => {
  it('isolates and sandboxes the renderer', () => {
    const prefs = windowWebPreferences('/app/out/preload/index.js');
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  it('allows only the app itself by default', () => {
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
  });

  it('never allows eval', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain("'unsafe-eval'");
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('is the policy of renderer/index.html too, but for frame-ancestors', () => {
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(html);
    const inMeta = (meta?.[1] ?? '').split(';').map((d) => d.trim());
    const inHeader = CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim());
    expect(inMeta).toEqual(inHeader.filter((d) => !d.startsWith('frame-ancestors')));
  });

  it('keeps frame-ancestors in the header, where Chromium applies it; a meta element cannot carry it', () => {
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY.split(';').map((d) => d.trim())).toContain(FRAME_ANCESTORS);
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    expect(html).not.toMatch(/content="[^"]*frame-ancestors/);
  });
});

describe('navigation policy', () => {
  const built = 'file:///opt/app/out/renderer/index.html';

  it('keeps the window on the app page', () => {
    expect(isAppUrl('file:///opt/app/out/renderer/index.html#/inspector', built)).toBe(true);
    expect(isAppUrl('file:///etc/passwd', built)).toBe(false);
    expect(isAppUrl('http://127.0.0.1:4646/sca/j1', built)).toBe(false);
    expect(isAppUrl('http://localhost:5173/x', 'http://localhost:5173/')).toBe(true);
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false);
    expect(isAppUrl('not a url', built)).toBe(false);
  });

  it('hands only web links to the system browser', () => {
    expect(isExternalWebUrl('https://example.com/')).toBe(true);
    expect(isExternalWebUrl('http://127.0.0.1:4646/sca/j1')).toBe(true);
    expect(isExternalWebUrl('file:///etc/passwd')).toBe(false);
    expect(isExternalWebUrl('javascript:alert(1)')).toBe(false);
    expect(isExternalWebUrl('smb://host/share')).toBe(false);
  });
});
