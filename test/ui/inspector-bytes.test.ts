// The Inspector's tools keep bytes exact, in Chromium with real signed traffic: a raw request pasted
// from the real clipboard (CRLF kept) gets the live verdict, Compare tells an LF body from a CRLF one,
// the signing string is copied as its exact bytes with their SHA-256, a failing exchange opens on Signature,
// there is one "Edit and resend", and an unsigned operation says so.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { QA_CASES, qaBaseRequest, qaKeys } from '../support/qa-set';
import { sendRaw } from '../support/qa-forms';
import { demoSigningKey } from '../support/signing';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';
import { tickForCompare } from './support/compare-picks';

const WAIT = { timeout: 15_000 };
const ui = uiPerFile();
let psu: PsuSession;

const LF_BODY = readTemplate('sepa-single.xml').toString().replace(/\r\n/g, '\n');
const CRLF_BODY = LF_BODY.replace(/\n/g, '\r\n');

async function newest(): Promise<Exchange> {
  const [exchange] = (await (await fetch(`${ui().url}/simulator/v1/exchanges?limit=1`)).json()) as Exchange[];
  if (!exchange) throw new Error('no exchange logged');
  return exchange;
}

/** A payment signed over its body as sent: the bank accepts it. */
async function accepted(body: string): Promise<Exchange> {
  const res = await ui().bank.tpp.createPayment(psu, 'pain.001-sepa-credit-transfers', body);
  expect(res.status).toBe(201);
  return newest();
}

/** The same payment sent again with its signature kept but its body's line endings changed: the Digest no longer matches. */
async function refused(signed: Exchange, body: string): Promise<Exchange> {
  const headers = Object.fromEntries(Object.entries(signed.request.headers).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : v]));
  const res = await fetch(`${ui().url}/simulator/v1/exchanges/${signed.id}/resend`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: signed.method, url: signed.url, headers, body, signature: 'keep', newRequestId: false, freshToken: false }),
  });
  expect(res.status).toBe(200);
  const sent = (await res.json()) as Exchange;
  expect(sent.signature?.verdict).toMatchObject({ valid: false, code: 'SIGNATURE_INVALID', checkId: 'digest-matches' });
  return sent;
}

/** The logged request as a proxy shows it: CRLF after the request line and each header, then the body exactly. */
function rawHttp(e: Exchange, body = e.request.body ?? ''): string {
  const lines = Object.entries(e.request.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`));
  return `${e.method} ${e.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The Diagnose panel stands where the exchange's detail does: closed before the tests of the detail. */
async function closeDiagnose(): Promise<void> {
  const panel = ui().page.getByTestId('diagnose-panel');
  if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
}

async function open(id: number): Promise<void> {
  await closeDiagnose();
  const row = ui().page.locator(`[data-testid="exchange-row"][data-id="${id}"]`);
  await row.waitFor(WAIT);
  await row.click();
  await ui().page.getByTestId('exchange-detail').waitFor(WAIT);
}

/** Puts the text on the real clipboard and presses Control+V in the Diagnose paste box. */
async function pasteIntoDiagnose(text: string): Promise<void> {
  const page = ui().page;
  const panel = page.getByTestId('diagnose-panel');
  if (!(await panel.isVisible())) await page.getByRole('button', { name: 'Diagnose a request' }).click();
  await panel.waitFor(WAIT);
  await page.evaluate(`navigator.clipboard.writeText(${JSON.stringify(text)})`);
  // Into the empty box, or over an earlier paste (which a new one replaces).
  const earlier = page.getByTestId('diagnose-pasted');
  await ((await earlier.isVisible()) ? earlier : page.getByTestId('diagnose-text')).focus();
  await page.keyboard.press('Control+V');
  await page
    .getByTestId('diagnose-exact')
    .filter({ hasText: text.slice(0, text.indexOf('\r')) })
    .waitFor(WAIT);
}

/** Diagnoses what the box holds: the verdict badge and the first failing check (null when all passed). */
async function diagnosed(): Promise<{ verdict: string; failing: string | null }> {
  const page = ui().page;
  const panel = page.getByTestId('diagnose-panel');
  await panel.getByRole('button', { name: 'Diagnose', exact: true }).click();
  const result = page.getByTestId('diagnose-result');
  await result.waitFor(WAIT);
  const verdict = (await result.getByTestId('signature-verdict').locator('.status').first().textContent(WAIT)) ?? '';
  const failed = result.locator('.checks li.check-failed').first();
  return { verdict, failing: (await failed.count()) > 0 ? await failed.getAttribute('data-check') : null };
}

function liveVerdict(e: Exchange): { verdict: string; failing: string | null } {
  const verdict = e.signature?.verdict;
  if (!verdict) throw new Error(`exchange ${e.id} has no signature diagnosis`);
  return verdict.valid ? { verdict: 'signature valid', failing: null } : { verdict: verdict.code, failing: verdict.checkId };
}

let lfAccepted: Exchange;
let crlfAccepted: Exchange;
let crlfRefused: Exchange;
let lfRefused: Exchange;

beforeAll(async () => {
  psu = await psuSession(ui().bank.tpp, ui().bank.control, 'frankfurt', 'FRA-CREATOR');
  lfAccepted = await accepted(LF_BODY);
  crlfAccepted = await accepted(CRLF_BODY);
  // Signed over LF, sent with CRLF; and the other way round.
  crlfRefused = await refused(lfAccepted, CRLF_BODY);
  lfRefused = await refused(crlfAccepted, LF_BODY);
  await ui().page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ui().url });
  await goTo(ui().page, 'Inspector');
}, UI_TIMEOUT);

describe('Diagnose a request: a raw paste keeps its bytes', () => {
  it(
    'gives the live verdict for CRLF and LF bodies, accepted and refused, pasted from the real clipboard',
    async () => {
      for (const [name, live] of [
        ['CRLF accepted', crlfAccepted],
        ['CRLF refused', crlfRefused],
        ['LF accepted', lfAccepted],
        ['LF refused', lfRefused],
      ] as const) {
        await pasteIntoDiagnose(rawHttp(live));
        expect(await diagnosed(), name).toEqual(liveVerdict(live));
        expect(await ui().page.getByTestId('diagnose-warning').count(), name).toBe(0);
        // The paste is shown as it came, each CR marked.
        const crlfBody = (live.request.body ?? '').includes('\r\n');
        expect(await ui().page.getByTestId('diagnose-paste-facts').textContent(), name).toMatch(
          crlfBody ? /CRLF \(\\r\\n\) line endings/ : /mixed CRLF and LF line endings/,
        );
        if (crlfBody) expect(await ui().page.getByTestId('diagnose-exact').locator('.invisible-cr').count(), name).toBeGreaterThan(10);
      }
      expect((await newest()).id).toBe(lfRefused.id);
    },
    UI_TIMEOUT,
  );

  it(
    'says when Content-Length disagrees with the body pasted, and reads typed text with the line endings chosen',
    async () => {
      // A log that turned the CRLF body into LF: the pasted Content-Length still says the bytes sent.
      const lost = rawHttp(crlfAccepted, CRLF_BODY.replace(/\r\n/g, '\n'));
      await pasteIntoDiagnose(lost);
      expect((await diagnosed()).verdict).toBe('SIGNATURE_INVALID');
      expect(await ui().page.getByTestId('diagnose-warning').count()).toBe(1);
      const warning = await ui().page.getByTestId('diagnose-warning').textContent();
      expect(warning).toContain(`Content-Length says ${Buffer.byteLength(CRLF_BODY)} bytes, the body pasted has ${Buffer.byteLength(LF_BODY)}.`);
      expect(warning).toMatch(/With CRLF line endings it would have/);

      // Edited as text, the box holds LF only: the explicit CRLF choice gives back the bytes sent.
      await ui().page.getByRole('button', { name: 'Edit as text' }).click();
      await ui().page.getByTestId('diagnose-line-endings').getByLabel(/CRLF/).check();
      expect(await diagnosed()).toEqual(liveVerdict(crlfAccepted));
      expect(await ui().page.getByTestId('diagnose-warning').count()).toBe(0);
      expect(await ui().page.getByTestId('diagnose-text').getAttribute('placeholder')).toContain(
        'POST /frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers HTTP/1.1',
      );
    },
    UI_TIMEOUT,
  );
});

describe('Compare compares bytes', () => {
  it(
    'shows an LF body against a CRLF body as different: sizes, Content-Length, line endings and the CRs',
    async () => {
      const page = ui().page;
      await closeDiagnose();
      await tickForCompare(page, [lfAccepted.id, crlfAccepted.id]);
      await page.getByRole('button', { name: /^Compare/ }).click();
      const diff = page.getByTestId('exchange-diff');
      await diff.waitFor(WAIT);
      const body = diff.getByTestId('diff-section').filter({ has: page.locator('.diff-section-title', { hasText: /^Request body$/ }) });
      expect(await body.getAttribute('data-identical')).toBe('false');
      expect(await body.locator('summary').textContent()).not.toContain('identical');
      const fact = (label: string) => body.locator(`[data-testid="diff-fact"][data-fact="${label}"] td`).allTextContents();
      expect(await fact('Line endings')).toEqual(['LF (\\n)', 'CRLF (\\r\\n)']);
      expect(await fact('Size')).toEqual([
        `${Buffer.byteLength(LF_BODY).toLocaleString('en')} bytes`,
        `${Buffer.byteLength(CRLF_BODY).toLocaleString('en')} bytes`,
      ]);
      expect(await fact('Content-Length')).toEqual([String(Buffer.byteLength(LF_BODY)), String(Buffer.byteLength(CRLF_BODY))]);
      // The lines as sent, each CR of the right side marked.
      expect(await body.locator('.diff-right .invisible-cr').count()).toBeGreaterThan(10);
      expect(await body.locator('.diff-left .invisible-cr').count()).toBe(0);
      expect(await diff.locator('.diff-header').textContent()).not.toContain('identical');
      await page.screenshot({ path: '/tmp/bytes-compare-1280x800-light.png' });
      await diff.getByRole('button', { name: 'Close' }).click();
      for (const id of [lfAccepted.id, crlfAccepted.id]) await page.getByRole('checkbox', { name: `Compare exchange ${id}` }).uncheck();
    },
    UI_TIMEOUT,
  );
});

describe('The signing string, byte-exact', () => {
  it(
    'shows each line as name, colon, one space, value; copies exactly the bank’s bytes; shows their SHA-256',
    async () => {
      const page = ui().page;
      await open(crlfAccepted.id);
      await page.getByRole('tab', { name: /Signature/ }).click();
      const signing = crlfAccepted.signature?.signingString;
      if (!signing) throw new Error('no signing string');
      const shown = await page.getByTestId('signing-string-line').allTextContents();
      expect(shown).toEqual(signing.lines.map((l) => `${l.name}: ${l.value ?? ''}`));
      expect(shown.join('\n')).toBe(signing.text);

      const bytes = page.getByTestId('bank-signing-string');
      await bytes.getByRole('button', { name: 'Copy exactly' }).click();
      await bytes.getByText('Copied to the clipboard.').waitFor(WAIT);
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(signing.text);
      expect(await bytes.getByTestId('sha256-hex').textContent()).toBe(createHash('sha256').update(signing.text, 'utf8').digest('hex'));
      expect(await bytes.getByTestId('sha256-base64').textContent()).toBe(createHash('sha256').update(signing.text, 'utf8').digest('base64'));
    },
    UI_TIMEOUT,
  );
});

describe('the string the TPP most likely signed', () => {
  it(
    'stands beside the bank’s when the signature verifies over another order, with its bytes and SHA-256',
    async () => {
      const page = ui().page;
      const order = QA_CASES.find((c) => c.id === 'order-as-sent');
      if (!order) throw new Error('no order-as-sent case');
      const request = order.build(qaBaseRequest(psu, ui().bank.tpp.psu), await qaKeys(ui().bank.control, demoSigningKey(ui().bank)));
      expect((await sendRaw(ui().url, request)).status).toBe(401);
      const sent = await newest();
      await open(sent.id);
      const likely = page.getByTestId('likely-signing-string');
      await likely.waitFor(WAIT);
      const text = request.signedText ?? '';
      expect(await likely.getByTestId('sha256-hex').textContent()).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      await likely.getByRole('button', { name: 'Copy exactly' }).click();
      await likely.getByText('Copied to the clipboard.').waitFor(WAIT);
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(text);
      expect(await page.getByTestId('likely-signing-text').textContent()).toMatch(
        /^x-request-id: .*psu-id: FRA-CREATOR.*tpp-redirect-uri: .*digest: SHA-256=/s,
      );
      expect(await page.getByTestId('likely-signing-why').textContent()).toContain(
        'the TPP signed the headers in another order: x-request-id, psu-id, tpp-redirect-uri, digest',
      );
      expect(await page.getByTestId('bank-signing-string').getByTestId('sha256-hex').textContent()).not.toBe(
        createHash('sha256').update(text, 'utf8').digest('hex'),
      );
      await page.screenshot({ path: '/tmp/likely-signed-1280x800.png' });
    },
    UI_TIMEOUT,
  );
});

describe('Inspector small faults', () => {
  it(
    'opens a failing signed exchange on its Signature tab, and a tab picked afterwards stays',
    async () => {
      const page = ui().page;
      await open(lfAccepted.id);
      await page.getByRole('tab', { name: 'Request' }).click();
      await open(crlfRefused.id);
      expect(await page.getByRole('tab', { name: /Signature/ }).getAttribute('aria-selected')).toBe('true');
      await page.getByTestId('signature-view').waitFor(WAIT);
      await page.getByRole('tab', { name: 'Request' }).click();
      expect(await page.getByRole('tab', { name: 'Request' }).getAttribute('aria-selected')).toBe('true');
    },
    UI_TIMEOUT,
  );

  it(
    'offers "Edit and resend" once',
    async () => {
      await open(crlfRefused.id);
      expect(await ui().page.getByTestId('exchange-detail').getByText('Edit and resend', { exact: true }).count()).toBe(1);
    },
    UI_TIMEOUT,
  );

  it(
    'says the signature headers of an operation the bank does not sign are not checked',
    async () => {
      const res = await fetch(`${ui().url}/frankfurt/berlingroup/v1/consents`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          digest: 'SHA-256=not-the-body',
          signature: 'keyId="x",algorithm="rsa-sha256",headers="digest",signature="AAAA"',
        },
        body: '{}',
      });
      await res.text();
      const consent = await newest();
      expect(consent.signature).toBeNull();
      await open(consent.id);
      expect(
        await ui()
          .page.getByRole('tab', { name: /Signature/ })
          .count(),
      ).toBe(1);
      await ui()
        .page.getByRole('tab', { name: /Signature/ })
        .click();
      const note = ui().page.getByTestId('signature-not-checked');
      expect(await note.textContent(WAIT)).toContain('This operation is not signed at this bank: its signature headers are not checked.');
      expect(await note.textContent()).toContain('came with Digest, Signature.');
    },
    UI_TIMEOUT,
  );
});
