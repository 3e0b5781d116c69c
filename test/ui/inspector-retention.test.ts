// The Inspector in Chromium with a full log: Keep pins an exchange through any flood; the counts
// stay true after a resend; the list keeps a bounded number of DOM rows at 20,000 exchanges and shows the
// right ones wherever it is scrolled; it says what the log discarded, and whether a search could have missed it.
//
// The flood is prepared rather than sent: before the UI starts, a simulator on its data folder answers the
// exchange to pin, the ordinary requests and the flood's first failure over HTTP; the failures after it but the
// last TAIL are written into the folder as copies of that one (test/support/prepared-log.ts), the log still
// within its limit, nothing discarded. The TAIL real failures, sent after Keep has pinned, carry the log over
// its limit: the simulator's own prunes then discard the ordinary exchanges and keep the pinned one.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../preload/api/workbench-api';
import { flood, type FloodRequest } from '../support/flood';
import { appendCopiesOfNewest } from '../support/prepared-log';
import { call, startTestBank } from '../support/simulator';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const WAIT = { timeout: 20_000 };
/** Ordinary exchanges sent first, which the flood of failures after them pushes out of the log. */
const ORDINARY = 300;
/** What the log keeps: the newest 20,000, and no budget of their own for failures. */
const LOG_LIMIT = 20_000;
/** The flood: all but a few of the newest LOG_LIMIT, which the first test's exchanges and some ordinary ones fill, so only ordinary ones are discarded. */
const FAILURES = LOG_LIMIT - 10;
/** The flood's failures sent last, over HTTP, carrying the log over its limit: several of the simulator's prunes. */
const TAIL = 300;
/** More than any screen shows, far fewer than the rows loaded. */
const MAX_DOM_ROWS = 80;

/** The flood's failure number `i`: a read without any of the headers it needs, answered 400. */
const failure = (i: number): FloodRequest => ({ method: 'GET', path: `/frankfurt/berlingroup/v1/accounts?n=${i}`, headers: {} });

let consentId: string;
let pinnedId: number;
let consentStatusPath: string;
let consentHeaders: Record<string, string>;

/** The log before the flood's tail: the exchange to pin, ORDINARY ordinary ones, then all the failures but the last TAIL. */
async function prepareLog(dataDir: string): Promise<void> {
  const bank = await startTestBank({ dataDir, logLimit: LOG_LIMIT, failureLogLimit: 0 });
  try {
    consentId = (await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR')).consentId;
    expect((await bank.tpp.consentStatus('frankfurt', consentId)).status).toBe(200);
    const [logged] = (await call<Exchange[]>(bank, 'GET', '/simulator/v1/exchanges?limit=1')).body;
    pinnedId = logged!.id;
    consentStatusPath = logged!.url;
    consentHeaders = Object.fromEntries(
      Object.entries(logged!.request.headers)
        .filter(([name]) => ['authorization', 'x-request-id'].includes(name))
        .map(([k, v]) => [k, String(v)]),
    );
    const ordinary = await flood(bank.url, ORDINARY, () => ({
      method: 'GET',
      path: consentStatusPath,
      headers: { ...consentHeaders, 'x-request-id': randomUUID() },
    }));
    expect(Object.fromEntries(ordinary)).toEqual({ 200: ORDINARY });
    expect(Object.fromEntries(await flood(bank.url, 1, failure))).toEqual({ 400: 1 });
  } finally {
    await bank.stop();
  }
  appendCopiesOfNewest(dataDir, FAILURES - 1 - TAIL, (i) => ({ url: failure(i + 1).path }));
}

const ui = uiPerFile({ logLimit: LOG_LIMIT, failureLogLimit: 0, prepare: prepareLog });

const page = () => ui().page;
const exchanges = async (query: string): Promise<Exchange[]> => (await (await fetch(`${ui().url}/simulator/v1/exchanges?${query}`)).json()) as Exchange[];
const row = (id: number) => page().locator(`[data-testid="exchange-row"][data-id="${id}"]`);
const domRows = () => page().getByTestId('exchange-row').count();
const countText = () => page().getByTestId('inspector-count').textContent();
const list = () => page().getByRole('listbox', { name: 'Exchanges' });
const n = (value: number): string => value.toLocaleString('en');

/** The ids the list draws, top to bottom, with their positions in the list (1 = newest). */
const drawn = (): Promise<{ id: number; position: number }[]> =>
  page()
    .getByTestId('exchange-row')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({ id: Number(r.getAttribute('data-id')), position: Number(r.getAttribute('aria-posinset')), top: r.getBoundingClientRect().top }))
        .sort((a, b) => a.top - b.top)
        .map(({ id, position }) => ({ id, position })),
    );

/** The rows drawn cover the list's visible part, top to bottom: no gap shows, whatever the zoom. */
const coversView = (): Promise<boolean> =>
  list().evaluate((el) => {
    const view = el.getBoundingClientRect();
    const rows = [...el.querySelectorAll('[data-testid="exchange-row"]')].map((r) => r.getBoundingClientRect());
    return rows.length > 0 && Math.min(...rows.map((r) => r.top)) <= view.top + 1 && Math.max(...rows.map((r) => r.bottom)) >= view.bottom - 1;
  });

describe('Inspector: what the log keeps', () => {
  it(
    'Keep pins the selected exchange and marks it in the list; the counts stay true after a resend',
    async () => {
      const logged = await fetch(`${ui().url}/simulator/v1/exchanges?limit=1`);
      // The prepared log is within its limit: nothing is discarded before the flood's tail.
      expect(logged.headers.get('x-discarded-count')).toBe('0');
      const kept = Number(logged.headers.get('x-kept-count'));
      expect(kept).toBeGreaterThan(FAILURES - TAIL + ORDINARY);

      await goTo(page(), 'Inspector');
      await expect.poll(countText, WAIT).toBe(`showing 200 of ${n(kept)} kept`);
      // The consent's status read before the flood, found by its X-Request-ID.
      const filter = page().getByLabel('Filter exchanges');
      await filter.fill(consentHeaders['x-request-id']!);
      await expect.poll(countText, WAIT).toBe(`showing 1 of 1 matching, ${n(kept)} kept`);
      await row(pinnedId).click();
      const keep = page().getByTestId('keep-exchange');
      await expect.poll(() => keep.textContent(), WAIT).toBe('Keep');
      await keep.click();
      await expect.poll(() => keep.textContent(), WAIT).toBe('Kept — never discarded');
      expect(await keep.getAttribute('aria-pressed')).toBe('true');
      await row(pinnedId).getByTestId('exchange-kept').waitFor(WAIT);
      expect(((await (await fetch(`${ui().url}/simulator/v1/exchanges/${pinnedId}`)).json()) as Exchange).pinned).toBe(true);
      await page().screenshot({ path: '/tmp/retention-keep.png' });
      // The palette lets it go, and Keep pins it again.
      await page().keyboard.press('Control+K');
      const palette = page().getByRole('dialog', { name: 'Command palette' });
      await palette.getByRole('combobox', { name: 'Command' }).fill('Keep the selected exchange');
      await page().keyboard.press('Enter');
      await palette.waitFor({ state: 'detached', ...WAIT });
      await expect.poll(() => keep.textContent(), WAIT).toBe('Keep');
      expect(await row(pinnedId).getByTestId('exchange-kept').count()).toBe(0);
      await keep.click();
      await expect.poll(() => keep.textContent(), WAIT).toBe('Kept — never discarded');
      await filter.fill('');
      await expect.poll(countText, WAIT).toBe(`showing 200 of ${n(kept)} kept`);

      // New exchanges come in at the top (the TPP's token and its read), and one is sent again: each counted once
      // (it was "showing 65 of 64 kept").
      expect((await ui().bank.tpp.consentStatus('frankfurt', consentId)).status).toBe(200);
      const keptNow = async (): Promise<number> => Number((await fetch(`${ui().url}/simulator/v1/exchanges?limit=1`)).headers.get('x-kept-count'));
      const read = await keptNow();
      expect(read - kept).toBeGreaterThan(0);
      await expect.poll(countText, WAIT).toBe(`showing ${200 + read - kept} of ${n(read)} kept`);
      const [newest] = await exchanges('limit=1');
      await row(newest!.id).click();
      await page().getByRole('tab', { name: 'Edit and resend' }).click();
      await page().getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(keptNow, WAIT).toBe(read + 1);
      await expect.poll(countText, WAIT).toBe(`showing ${201 + read - kept} of ${n(read + 1)} kept`);
      // Its event arrives after the answer: still counted once.
      await page().waitForTimeout(1_500);
      expect(await countText()).toBe(`showing ${201 + read - kept} of ${n(read + 1)} kept`);
      expect(await domRows()).toBeLessThan(MAX_DOM_ROWS);
    },
    UI_TIMEOUT,
  );

  it('at 20,000 exchanges draws a bounded number of rows, the right ones wherever it is scrolled', async () => {
    // Away from the Inspector while the log fills, as a class would be on another screen.
    await goTo(page(), 'Bank');
    const tail = await flood(ui().url, TAIL, (i) => failure(FAILURES - TAIL + i));
    expect(Object.fromEntries(tail)).toEqual({ 400: TAIL });
    // The log's own order, newest first: the row at position p is the p-th of it.
    const order = (await exchanges('limit=4000')).map((e) => e.id);

    // A fresh page: the list then holds only what the log gives it.
    await page().reload();
    await goTo(page(), 'Inspector');
    await expect.poll(countText, WAIT).toMatch(/^showing 200 of 20,\d{3} kept$/);
    expect(await domRows()).toBeLessThan(MAX_DOM_ROWS);
    // Fifteen scrolls to the end, each loading an older page of 200: 3,200 rows loaded, the DOM as before.
    for (let page_ = 2; page_ <= 16; page_++) {
      await list().evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(countText, WAIT).toMatch(new RegExp(`^showing ${n(page_ * 200)} of `));
      expect(await domRows()).toBeLessThan(MAX_DOM_ROWS);
    }
    // At the end of 3,200 rows (the next page comes in below them as this scroll asks for it).
    await list().evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(countText, WAIT).toMatch(/^showing 3,400 of /);
    const atEnd = await drawn();
    expect(atEnd.length).toBeLessThan(MAX_DOM_ROWS);
    expect(atEnd.at(-1)!.position).toBeGreaterThanOrEqual(3_200);
    for (const { id, position } of atEnd) expect(id).toBe(order[position - 1]);

    // Half way up: the rows drawn are those of that place, in order.
    await list().evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
    await expect.poll(async () => Math.abs(((await drawn())[20]?.position ?? 0) - 1_700) < 200, WAIT).toBe(true);
    const middle = await drawn();
    for (const { id, position } of middle) expect(id).toBe(order[position - 1]);
    await page().screenshot({ path: '/tmp/retention-middle.png' });
    expect(await coversView()).toBe(true);

    // At 150 % text size (the app zoomed) the same holds three quarters down.
    await page().getByTestId('text-size').selectOption('150');
    await list().evaluate((el) => el.scrollTo(0, (el.scrollHeight * 3) / 4));
    await expect.poll(async () => Math.abs(((await drawn())[20]?.position ?? 0) - 2_550) < 250, WAIT).toBe(true);
    for (const { id, position } of await drawn()) expect(id).toBe(order[position - 1]);
    expect(await coversView()).toBe(true);
    expect(await domRows()).toBeLessThan(MAX_DOM_ROWS);
    await page().screenshot({ path: '/tmp/retention-zoomed.png' });
    await page().getByTestId('text-size').selectOption('100');
    await list().evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));

    // Arrow keys move the selection past the rows drawn, and the list follows it.
    const from = middle[20]!;
    await row(from.id).click();
    for (let i = 0; i < 60; i++) await page().keyboard.press('ArrowDown');
    const to = order[from.position - 1 + 60]!;
    await row(to).waitFor(WAIT);
    expect(await row(to).getAttribute('aria-selected')).toBe('true');
    expect(await domRows()).toBeLessThan(MAX_DOM_ROWS);
  }, 240_000);

  it(
    'says how many older exchanges were discarded, and keeps the pinned one',
    async () => {
      const said = (): Promise<string | null> => page().getByTestId('inspector-discarded').textContent();
      await expect.poll(said, WAIT).toMatch(/^ · \d{3} older exchanges discarded; failures and pinned kept$/);
      // The log prunes with its batches: the count climbs to its figure over a moment, so it is waited for.
      const discarded = async (): Promise<number> => Number((await said())?.match(/(\d+) older/)?.[1]);
      await expect.poll(discarded, WAIT).toBeGreaterThan(ORDINARY - 100);
      expect(await discarded()).toBeLessThanOrEqual(ORDINARY + 3);
      expect((await exchanges('limit=10000')).length).toBeGreaterThan(0);
      const pinned = await (await fetch(`${ui().url}/simulator/v1/exchanges/${pinnedId}`)).json();
      expect(pinned).toMatchObject({ id: pinnedId, pinned: true });
      await page()
        .getByLabel('Filter exchanges')
        .fill(String(consentStatusPath.split('/').at(-2)));
      await expect.poll(countText, WAIT).toMatch(/matching/);
      // The oldest match, at the end of the list.
      await list().evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await row(pinnedId).waitFor(WAIT);
      await row(pinnedId).getByTestId('exchange-kept').waitFor(WAIT);
      await row(pinnedId).click();
      // 1920×1080 at 150 %: a 1280×720 CSS viewport.
      await page().setViewportSize({ width: 1280, height: 720 });
      await page().screenshot({ path: '/tmp/retention-kept-720.png' });
      await page().setViewportSize({ width: 1280, height: 800 });
    },
    UI_TIMEOUT,
  );

  it(
    'says whether discarded exchanges could have matched a search that finds nothing',
    async () => {
      const filter = page().getByLabel('Filter exchanges');
      await filter.fill('CRLF');
      const noMatch = page().getByTestId('inspector-no-match');
      await expect
        .poll(() => noMatch.textContent(), WAIT)
        .toMatch(/^No exchange in the log matches “CRLF”; \d{3} older exchanges were discarded and might have\.$/);
      await page().screenshot({ path: '/tmp/retention-no-match.png' });
      // Only failures are searched for now: none was discarded, so none was missed.
      await page().getByRole('button', { name: '5xx', exact: true }).click();
      await expect
        .poll(() => noMatch.textContent(), WAIT)
        .toBe('No exchange in the log matches “CRLF” with the chips chosen; the log has discarded nothing that could have matched.');
      await page().getByRole('button', { name: '5xx', exact: true }).click();
      await filter.fill('');
    },
    UI_TIMEOUT,
  );
});
