// Smaller QA findings, in Chromium: a typed Diagnose puts the lost-CR warning above any
// verdict; Compare calls a header one side sent twice "sent twice", beside its first line; a PSU-ID signed with
// a trailing space (which HTTP drops) is named, the space shown in the verdict (␣) and in the string signed; a body
// changed after hashing is told by its first differing byte once the body the client hashed is pasted beside it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { QA_CASES, qaBaseRequest, qaKeys } from '../support/qa-set';
import { signAsClient, type QaKeys, type QaRequest } from '../support/qa-request';
import { PASTE_FORMS, sendRaw } from '../support/qa-forms';
import { demoSigningKey } from '../support/signing';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';
import { tickForCompare } from './support/compare-picks';

const WAIT = { timeout: 15_000 };
const ui = uiPerFile();
let psu: PsuSession;
let keys: QaKeys;

const LF_BODY = readTemplate('sepa-single.xml').toString().replace(/\r\n/g, '\n');

async function newest(): Promise<Exchange> {
  const [exchange] = (await (await fetch(`${ui().url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[];
  if (!exchange) throw new Error('no exchange logged');
  return exchange;
}

async function open(id: number): Promise<void> {
  const panel = ui().page.getByTestId('diagnose-panel');
  if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
  const row = ui().page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await row.waitFor(WAIT);
  await row.click();
  await ui().page.getByTestId('exchange-detail').waitFor(WAIT);
}

beforeAll(async () => {
  psu = await psuSession(ui().bank.tpp, ui().bank.control, 'frankfurt', 'FRA-CREATOR');
  keys = await qaKeys(ui().bank.control, demoSigningKey(ui().bank));
  await goTo(ui().page, 'Inspector');
}, UI_TIMEOUT);

describe('a typed Diagnose', () => {
  it(
    'puts the warning that carriage returns were lost above the verdict, even a valid one',
    async () => {
      const page = ui().page;
      // Accepted with an LF body; typed again with a Content-Length that counts a CR before each LF, as a log that lost them shows it.
      expect((await ui().bank.tpp.createPayment(psu, 'pain.001-sepa-credit-transfers', LF_BODY)).status).toBe(201);
      const sent = await newest();
      const crlfLength = Buffer.byteLength(LF_BODY.replace(/\n/g, '\r\n'));
      const lines = (sent.request.rawHeaders ?? []).map(([n, v]) => `${n}: ${n.toLowerCase() === 'content-length' ? crlfLength : v}`);
      const typed = `${sent.method} ${sent.url} HTTP/1.1\n${lines.join('\n')}\n\n${LF_BODY}`;

      await page.getByRole('button', { name: 'Diagnose a request' }).click();
      const panel = page.getByTestId('diagnose-panel');
      await panel.waitFor(WAIT);
      await page.getByTestId('diagnose-text').fill(typed);
      await page.getByTestId('diagnose-line-endings').getByLabel(/^LF/).check();
      await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
      const warning = page.getByTestId('diagnose-warning');
      await warning.waitFor(WAIT);
      expect(await warning.textContent()).toMatch(/With CRLF line endings it would have/);
      const verdict = page.getByTestId('diagnose-result').getByTestId('signature-verdict');
      expect(await verdict.textContent(WAIT)).toContain('signature valid');
      // Every verdict badge in the panel stands below the warning.
      const warningBox = await warning.boundingBox();
      const badges = await panel.locator('.status').all();
      expect(badges.length).toBeGreaterThan(0);
      for (const badge of badges) expect((await badge.boundingBox())?.y ?? 0).toBeGreaterThan((warningBox?.y ?? Infinity) + (warningBox?.height ?? 0) - 1);
      await page.screenshot({ path: '/tmp/qa-typed-diagnose-warning.png' });
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    UI_TIMEOUT,
  );
});

describe('Compare', () => {
  it(
    'shows a header the right sent twice as "sent twice" beside its first line, not as "only right"',
    async () => {
      const page = ui().page;
      const request = (accept: string[]): QaRequest => ({
        method: 'GET',
        path: '/frankfurt/berlingroup/v1/accounts',
        headers: [['X-Request-ID', randomUUID()] as [string, string], ...accept.map((a): [string, string] => ['Accept', a]), ['Consent-ID', 'none']],
        body: Buffer.alloc(0),
      });
      await sendRaw(ui().url, request(['application/json']));
      const left = await newest();
      await sendRaw(ui().url, request(['application/json', 'application/json']));
      const right = await newest();
      await tickForCompare(page, [left.id, right.id]);
      await page.getByRole('button', { name: /^Compare/ }).click();
      const diff = page.getByTestId('exchange-diff');
      await diff.waitFor(WAIT);
      const headers = diff.getByTestId('diff-section').filter({ has: page.locator('.diff-section-title', { hasText: /^Request headers$/ }) });
      const repeated = headers.locator('tr[data-diff="right-repeated"]');
      expect(await repeated.count()).toBe(1);
      expect(await repeated.getByTestId('diff-tag').textContent()).toBe('sent twice');
      expect(await repeated.locator('.diff-left').textContent()).toBe('not sent again');
      expect(await headers.getByText('only right').count()).toBe(0);
      // Beside the first Accept line, not at the end of the table.
      const names = await headers.locator('tr th.diff-name').allTextContents();
      const firstAccept = names.findIndex((n) => n.startsWith('Accept'));
      expect(names[firstAccept + 1]).toMatch(/^Acceptsent twice$/);
      await page.screenshot({ path: '/tmp/qa-compare-sent-twice.png' });
      await diff.getByRole('button', { name: 'Close' }).click();
      for (const id of [left.id, right.id]) await page.getByRole('checkbox', { name: `Compare exchange ${id}` }).uncheck();
    },
    UI_TIMEOUT,
  );
});

describe('a PSU-ID signed with a trailing space', () => {
  it(
    'names psu-id and shows the space, in the verdict and at the end of its line of the string signed',
    async () => {
      const page = ui().page;
      const c = QA_CASES.find((q) => q.id === 'psu-id-trailing-space');
      if (!c) throw new Error('no QA case psu-id-trailing-space');
      const request = c.build(qaBaseRequest(psu, ui().bank.tpp.psu), keys);
      expect((await sendRaw(ui().url, request)).status).toBe(401);
      await open((await newest()).id);
      await page.getByRole('tab', { name: /Signature/ }).click();
      const verdict = await page.getByTestId('signature-verdict').first().textContent(WAIT);
      expect(verdict).toContain('psu-id was signed as "FRA-CREATOR␣", with a trailing space (shown as ␣)');
      expect(verdict).not.toContain('one of x-request-id, psu-id');
      const psuLine = page.getByTestId('likely-signing-line').filter({ hasText: /^psu-id: / });
      expect(await psuLine.textContent()).toBe('psu-id: FRA-CREATOR·\n');
      expect(await psuLine.locator('.invisible-space').getAttribute('title')).toBe('1 trailing space');
      await page.getByTestId('likely-signing-string').scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/qa-psu-id-space.png' });
    },
    UI_TIMEOUT,
  );
});

describe('a body changed after hashing, with the body the client hashed', () => {
  it(
    'names the first byte where the body sent differs, with its line and column, once the hashed body is pasted',
    async () => {
      const page = ui().page;
      // The amount's last digit changed after the Digest was computed: no usual change explains it.
      const base = { ...qaBaseRequest(psu, ui().bank.tpp.psu), body: Buffer.from(LF_BODY) };
      const offset = LF_BODY.indexOf('</InstdAmt>') - 1;
      const hashed = `${LF_BODY.slice(0, offset)}${LF_BODY[offset] === '9' ? '8' : '9'}${LF_BODY.slice(offset + 1)}`;
      const curl = PASTE_FORMS.curl(signAsClient(base, keys, { hashed: Buffer.from(hashed) }), ui().url);

      await page.getByRole('button', { name: 'Diagnose a request' }).click();
      const panel = page.getByTestId('diagnose-panel');
      await panel.waitFor(WAIT);
      await panel.getByLabel('cURL').check();
      await page.getByTestId('diagnose-text').fill(curl);
      const diagnose = panel.getByRole('button', { name: 'Diagnose', exact: true });
      await diagnose.click();
      const verdict = page.getByTestId('diagnose-result').getByTestId('signature-verdict').first();
      expect(await verdict.textContent(WAIT)).toContain('no usual change');

      await panel.getByText('The body your client hashed (optional)').click();
      await page.getByTestId('diagnose-hashed-body').fill(hashed);
      await diagnose.click();
      await expect.poll(() => verdict.textContent(), WAIT).toContain('first differs from the body that was hashed at byte');
      const before = LF_BODY.slice(0, offset);
      expect(await verdict.textContent()).toContain(`(line ${before.split('\n').length}, column ${offset - before.lastIndexOf('\n')})`);
      await page.getByTestId('diagnose-hashed-body').scrollIntoViewIfNeeded();
      await page.screenshot({ path: '/tmp/qa-diagnose-hashed-body.png' });
      await panel.getByRole('button', { name: 'Close' }).click();
    },
    UI_TIMEOUT,
  );
});
