import type { Page } from 'playwright-core';

/**
 * Ticks these exchanges for Compare, once the newest of them is in the Inspector's list: the list takes a new
 * row at its top, and a tick before it arrives can land on the row that moved under the pointer.
 */
export async function tickForCompare(page: Page, ids: readonly number[], timeout = 15_000): Promise<void> {
  await page.locator(`[data-testid="exchange-row"][data-id="${Math.max(...ids)}"]`).waitFor({ timeout });
  for (const id of ids) await page.getByRole('checkbox', { name: `Compare exchange ${id}` }).check({ timeout });
}
