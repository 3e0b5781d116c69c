// The Inspector lists summaries and fetches an exchange's whole record once it is selected: one the log
// discarded after it was listed says so in plain words, in place of its detail, instead of loading for ever.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningUi } from './support/browser';
import { startUi, UI_TIMEOUT } from './support/browser';

let ui: RunningUi;

beforeAll(async () => {
  // The newest 3 exchanges and beside them the newest 3 failures: newer failures make the log discard the first ones.
  ui = await startUi({ logLimit: 3, failureLogLimit: 3 });
}, UI_TIMEOUT);
afterAll(async () => {
  await ui?.stop();
});

const get = async (path: string): Promise<void> => void (await (await fetch(`${ui.url}${path}`)).text());

it(
  'says that a listed exchange the log has since discarded could not be loaded, and why that may be',
  async () => {
    for (let i = 0; i < 3; i++) await get(`/frankfurt/berlingroup/v1/listed-then-discarded-${i}`);
    await ui.page.keyboard.press('2');
    const rows = ui.page.getByTestId('exchange-row');
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBe(3);
    const first = await rows.filter({ hasText: 'listed-then-discarded-0' }).getAttribute('data-id');
    const stillKept = async (): Promise<boolean> => (await fetch(`${ui.url}/simulator/v1/exchanges/${first}`)).status === 200;
    // Newer failures until the log has discarded the first: it prunes once every hundred exchanges.
    for (let round = 0; round < 10 && (await stillKept()); round++) {
      await Promise.all(Array.from({ length: 30 }, (_, i) => get(`/frankfurt/berlingroup/v1/newer-${round}-${i}`)));
    }
    expect(await stillKept()).toBe(false);
    // The list keeps the rows it has, the newest on top: the first is at its end.
    await expect.poll(() => rows.first().textContent(), { timeout: 5_000 }).toContain('newer-');
    await ui.page.getByRole('listbox', { name: 'Exchanges' }).hover();
    const oldest = rows.filter({ hasText: 'listed-then-discarded-0' });
    for (let i = 0; i < 30 && !(await oldest.isVisible()); i++) await ui.page.mouse.wheel(0, 2_000);

    await expect
      .poll(() => ui.page.getByTestId('inspector-count').textContent(), { timeout: 5_000 })
      .toMatch(/^showing \d+; the log keeps 3: the older rows listed were discarded after they arrived$/);
    await oldest.click();
    const note = ui.page.getByTestId('inspector-detail-note');
    await expect.poll(() => note.textContent(), { timeout: 5_000 }).toContain('could not be loaded');
    expect(await note.textContent()).toContain('the log may have discarded it');
    expect(await note.textContent()).toContain('404');

    // One the log keeps opens as before: the newest, at the top.
    const [newest] = (await (await fetch(`${ui.url}/simulator/v1/exchanges?limit=1&view=summary`)).json()) as { id: number }[];
    const top = ui.page.locator(`[data-testid="exchange-row"][data-id="${newest?.id}"]`);
    for (let i = 0; i < 30 && !(await top.isVisible()); i++) await ui.page.mouse.wheel(0, -2_000);
    await top.click();
    await ui.page.getByTestId('exchange-detail').waitFor();
  },
  UI_TIMEOUT,
);
