// The Inspector's signing tools in Chromium with real signed traffic from the built-in TPP: the
// rule legend, resend with explicit choices, a pasted request diagnosed, cURL replayed by the
// real curl, and the HAR download with the bank's diagnosis.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import type { RunningUi } from './support/browser';
import { goTo, startUi, UI_TIMEOUT } from './support/browser';

const run = promisify(execFile);
let ui: RunningUi;
let psu: PsuSession;

beforeAll(async () => {
  ui = await startUi();
  psu = await psuSession(ui.bank.tpp, ui.bank.control, 'frankfurt', 'FRA-CREATOR');
  await goTo(ui.page, 'Inspector');
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

async function newest(): Promise<Exchange> {
  const res = await fetch(`${ui.url}/simulator/v1/exchanges?limit=1`);
  const [exchange] = (await res.json()) as Exchange[];
  if (!exchange) throw new Error('no exchange logged');
  return exchange;
}

/** A payment whose body gained a newline after its Digest: the bank refuses it (rule 6). */
async function brokenPayment(): Promise<Exchange> {
  const res = await ui.bank.tpp.createPaymentFromTemplate(psu, 'sepa-single.xml', { faults: { bodyChangedAfterDigest: true } });
  expect(res.status).toBe(401);
  return newest();
}

async function open(id: number, tab?: string): Promise<void> {
  const row = ui.page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await row.waitFor({ timeout: 15_000 });
  await row.click();
  if (tab) await ui.page.getByRole('tab', { name: new RegExp(tab) }).click();
}

const verdictText = () => ui.page.getByTestId('signature-verdict').textContent({ timeout: 15_000 });

describe('Inspector signing tools', () => {
  it(
    'lists the failing checks first and explains each rule number on hover and in the legend',
    async () => {
      const broken = await brokenPayment();
      await open(broken.id, 'Signature');
      const first = ui.page.locator('.checks li').first();
      await first.waitFor({ timeout: 15_000 });
      expect(await first.getAttribute('class')).toBe('check-failed');
      expect(await first.getAttribute('data-check')).toBe('digest-matches');

      const ref = first.locator('.rule-ref');
      expect(await ref.textContent()).toBe('rule 6');
      await ref.hover();
      expect(await ref.getAttribute('title')).toBe(
        'Rule 6: Calculate the digest only after the body is in its final transmitted form; any later change of content, whitespace, line endings, encoding or serialisation breaks validation.',
      );

      const legend = ui.page.getByTestId('rule-legend');
      await legend.locator('summary').click();
      const rows = legend.locator('.rule-legend-row');
      const numbers = await rows.locator('dt').allTextContents();
      expect(numbers).toContain('rule 6');
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(await legend.locator('#signing-rule-5 dd').textContent()).toMatch(/^Digest value: `SHA-256=`/);
    },
    UI_TIMEOUT,
  );

  it(
    'resends unchanged with the signature kept to the same verdict, and re-signed to a valid one',
    async () => {
      const broken = await brokenPayment();
      await open(broken.id, 'Edit and resend');
      expect(await ui.page.getByTestId('resend-body-state').textContent()).toMatch(/Unedited: sent byte for byte/);
      await ui.page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(async () => (await newest()).id, { timeout: 15_000 }).toBeGreaterThan(broken.id);
      const kept = await newest();
      expect(kept.request.body).toBe(broken.request.body);
      expect(kept.signature?.verdict).toEqual(broken.signature?.verdict);
      // The new exchange opens on its Signature tab.
      await ui.page.locator(`[data-testid="exchange-row"][data-id="${kept.id}"][aria-selected="true"]`).waitFor({ timeout: 15_000 });
      expect(await verdictText()).toMatch(/SIGNATURE_INVALID/);

      await open(broken.id, 'Edit and resend');
      await ui.page.getByLabel(/Re-sign with the demo TPP/).check();
      await ui.page.getByLabel('New X-Request-ID').check();
      await ui.page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(async () => (await newest()).id, { timeout: 15_000 }).toBeGreaterThan(kept.id);
      const resigned = await newest();
      expect(resigned.signature?.verdict).toEqual({ valid: true });
      expect(resigned.response.status).toBe(201);
      expect(resigned.request.headers['x-request-id']).not.toBe(broken.request.headers['x-request-id']);
      await ui.page.locator(`[data-testid="exchange-row"][data-id="${resigned.id}"][aria-selected="true"]`).waitFor({ timeout: 15_000 });
      expect(await verdictText()).toMatch(/Every check passed/);
    },
    UI_TIMEOUT,
  );

  it(
    'diagnoses a pasted raw HTTP request without sending it',
    async () => {
      const broken = await brokenPayment();
      const lines = Object.entries(broken.request.headers).map(([n, v]) => `${n}: ${Array.isArray(v) ? v.join(', ') : v}`);
      await ui.page.getByRole('button', { name: 'Diagnose a request' }).click();
      const panel = ui.page.getByTestId('diagnose-panel');
      await panel.waitFor({ timeout: 15_000 });
      await ui.page.getByTestId('diagnose-text').fill(`${broken.method} ${broken.url} HTTP/1.1\n${lines.join('\n')}\n\n${broken.request.body ?? ''}`);
      await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
      const result = ui.page.getByTestId('diagnose-result');
      await result.waitFor({ timeout: 15_000 });
      expect(await result.getByTestId('signature-verdict').textContent()).toMatch(/SIGNATURE_INVALID/);
      expect(await result.locator('.checks li').first().getAttribute('data-check')).toBe('digest-matches');
      expect((await newest()).id).toBe(broken.id);

      await ui.page.getByTestId('diagnose-text').fill('this is not a request');
      await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
      expect(await ui.page.getByTestId('diagnose-error').textContent({ timeout: 15_000 })).toMatch(/request line/);
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    UI_TIMEOUT,
  );

  it(
    'copies a CRLF payment as cURL in one click, and the real curl replays it to the same status',
    async () => {
      await ui.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui.url });
      const template = readTemplate('sepa-single.xml');
      const res = await ui.bank.tpp.createPayment(psu, 'sepa-credit-transfers', template.toString().replace(/\n/g, '\r\n'));
      const sent = await newest();
      await open(sent.id);
      await ui.page.getByRole('button', { name: 'Copy as cURL' }).click();
      await ui.page.getByText('Copied to the clipboard.').waitFor({ timeout: 15_000 });
      const command = (await ui.page.evaluate('navigator.clipboard.readText()')) as string;
      expect(command).toBe(await ui.page.getByTestId('curl-command').inputValue());
      expect(command).toContain("--data-binary $'");
      const { stdout } = await run('bash', ['-c', `${command} --output /dev/null --write-out '%{http_code}'`]);
      expect(Number(stdout)).toBe(res.status);
      const replayed = await newest();
      expect(replayed.request.body).toBe(sent.request.body);
      expect(replayed.signature?.verdict).toEqual(sent.signature?.verdict);
    },
    UI_TIMEOUT,
  );

  it(
    'downloads the exchange as HAR with the diagnosis in _signature, and names the file',
    async () => {
      const broken = await brokenPayment();
      await open(broken.id);
      const [download] = await Promise.all([
        ui.page.waitForEvent('download', { timeout: 15_000 }),
        ui.page.getByRole('button', { name: 'Export as HAR' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`exchange-${broken.id}.har`);
      const har = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8')) as {
        log: { entries: { _signature?: { verdict: unknown }; _simulatedAt?: string }[] };
      };
      expect(har.log.entries[0]?._signature?.verdict).toEqual(broken.signature?.verdict);
      expect(har.log.entries[0]?._simulatedAt).toBe(broken.simulatedAt);
      expect(await ui.page.getByTestId('export-notice').textContent()).toContain(`Saved exchange-${broken.id}.har`);
    },
    UI_TIMEOUT,
  );
});
