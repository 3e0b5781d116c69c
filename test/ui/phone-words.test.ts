// The Phone says everything in words and never lies: each way a journey ends has its
// sentence, a refusal the bank already knows is said before the PSU presses anything, a banner belongs
// to its journey, and the provider is named as the PSU knows it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { goTo, UI_TIMEOUT } from './support/browser';
import { uiPerFile } from './support/ui-per-file';

const SEPA = 'pain.001-sepa-credit-transfers';
const WAIT = { timeout: 15_000 };

const running = uiPerFile({ viewport: { width: 1280, height: 800 } });

const sessions = new Map<string, PsuSession>();
async function session(psuId: string): Promise<PsuSession> {
  const { bank } = running();
  const known = sessions.get(psuId) ?? (await psuSession(bank.tpp, bank.control, 'frankfurt', psuId));
  sessions.set(psuId, known);
  return known;
}

/** A SEPA payment FRA-CREATOR created (two approvals, groups A and B); its id. */
async function newPayment(): Promise<string> {
  const created = await running().bank.tpp.createPayment(await session('FRA-CREATOR'), SEPA, readTemplate('sepa-single.xml'));
  expect(created.status, created.text).toBe(201);
  return created.body.paymentId as string;
}

/** An authorisation of the payment started for `psuId`: the journey id. */
async function authorisationFor(psuId: string, paymentId: string): Promise<string> {
  const start = await running().bank.tpp.startAuthorisation(await session(psuId), SEPA, paymentId);
  expect(start.status, start.text).toBe(201);
  return (start.body._links.scaRedirect.href as string).split('/').pop() as string;
}

const card = (page: Page, journeyId: string) => page.locator(`[data-testid="journey"][data-journey-id="${journeyId}"]`);
const outcome = (page: Page, journeyId: string) => page.locator(`[data-testid="outcome"][data-journey-id="${journeyId}"]`);

async function signInAs(page: Page, psuId: string): Promise<void> {
  await goTo(page, 'Phone');
  await page.getByTestId('psu-picker').selectOption(psuId);
}

/** The PSU opens the link and decides on the Phone screen; answers the banner's words (without the trainers' line). */
async function decideOnPhone(page: Page, journeyId: string, action: 'approve' | 'reject'): Promise<{ kind: string | null; words: string }> {
  await card(page, journeyId).getByTestId('open-link').click();
  await card(page, journeyId).getByTestId(action).click();
  return bannerOf(page, journeyId);
}

async function bannerOf(page: Page, journeyId: string): Promise<{ kind: string | null; words: string }> {
  await outcome(page, journeyId).waitFor(WAIT);
  return {
    kind: await outcome(page, journeyId).getAttribute('data-outcome'),
    words: await outcome(page, journeyId).evaluate((el) => {
      const copy = el.cloneNode(true) as typeof el;
      copy.querySelectorAll('[data-testid="trainer-code"]').forEach((code: { remove(): void }) => code.remove());
      return copy.textContent ?? '';
    }),
  };
}

async function shoot(page: Page, name: string): Promise<void> {
  const frame = page.locator('[data-testid="phone-screen"] .phone-frame');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await frame.screenshot({ path: `/tmp/phone-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('the phone’s sentences', () => {
  it(
    'says before anything is pressed that the creator cannot give the first approval, then that the bank refused',
    async () => {
      const { page } = running();
      const paymentId = await newPayment();
      const journeyId = await authorisationFor('FRA-CREATOR', paymentId);
      await signInAs(page, 'FRA-CREATOR');
      const warning = card(page, journeyId).getByTestId('refusal-warning');
      await warning.waitFor(WAIT);
      expect(await warning.getAttribute('data-outcome')).toBe('separationOfDuty');
      expect(await warning.textContent()).toContain('You cannot approve this: you created this payment');
      expect(await warning.textContent()).toContain('If you press Approve anyway, the bank will refuse it.');
      // The provider as the PSU knows it, its organisation identifier in small print.
      const tpp = card(page, journeyId).getByTestId('journey-tpp');
      expect(await tpp.textContent()).toContain('Workbench Demo TPP');
      expect(await tpp.locator('small').textContent()).toBe('PSDDE-BAFIN-123456');
      await tpp.scrollIntoViewIfNeeded();
      await shoot(page, 'provider');
      await page.getByTestId('psu-picker').scrollIntoViewIfNeeded();
      await shoot(page, 'separation-warning');
      // 1920×1080 at 150 %: the phone shrinks to the window, the warning still above the fold.
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.screenshot({ path: '/tmp/phone-separation-warning-1280x720.png' });
      expect(await warning.isVisible()).toBe(true);
      await page.setViewportSize({ width: 1280, height: 800 });

      const refused = await decideOnPhone(page, journeyId, 'approve');
      expect(refused.kind).toBe('separationOfDuty');
      expect(refused.words).toContain('Refused: you created this payment');
      expect(refused.words).toContain('separation of duty');
      await shoot(page, 'separation-refused');
    },
    UI_TIMEOUT,
  );

  it(
    'approved, another signatory group, above the limit, rejected: each in its own words',
    async () => {
      const { page } = running();
      const paymentId = await newPayment();

      const first = await authorisationFor('FRA-APPROVER-A', paymentId);
      await signInAs(page, 'FRA-APPROVER-A');
      await card(page, first).waitFor(WAIT);
      expect(await card(page, first).getByTestId('refusal-warning').count()).toBe(0);
      const approved = await decideOnPhone(page, first, 'approve');
      expect(approved).toMatchObject({ kind: 'approved', words: expect.stringContaining('Approved') });
      await shoot(page, 'approved');

      const sameGroup = await authorisationFor('FRA-CREATOR', paymentId);
      await signInAs(page, 'FRA-CREATOR');
      expect(await card(page, sameGroup).getByTestId('refusal-warning').textContent()).toContain('another signatory group');
      const group = await decideOnPhone(page, sameGroup, 'approve');
      expect(group.kind).toBe('signatoryGroup');
      expect(group.words).toContain('must come from someone in another group');

      const overLimit = await authorisationFor('FRA-LOWLIMIT', paymentId);
      await signInAs(page, 'FRA-LOWLIMIT');
      expect(await card(page, overLimit).getByTestId('refusal-warning').textContent()).toContain('above your limit');
      const limit = await decideOnPhone(page, overLimit, 'approve');
      expect(limit.kind).toBe('aboveLimit');
      expect(limit.words).toContain('above your approval limit');

      const second = await authorisationFor('FRA-APPROVER-B', paymentId);
      await signInAs(page, 'FRA-APPROVER-B');
      const rejected = await decideOnPhone(page, second, 'reject');
      expect(rejected).toMatchObject({ kind: 'rejected', words: expect.stringContaining('You rejected it') });
      await shoot(page, 'rejected');
    },
    UI_TIMEOUT,
  );

  it(
    'says “Time is up” in words, and which limit, once the clock moves 10 minutes past the opened link',
    async () => {
      const { page } = running();
      const journeyId = await authorisationFor('FRA-APPROVER-B', await newPayment());
      await signInAs(page, 'FRA-APPROVER-B');
      await card(page, journeyId).getByTestId('open-link').click();
      await card(page, journeyId).getByTestId('approve').waitFor(WAIT);
      await running().bank.control.advanceClock('PT10M');
      const timedOut = await bannerOf(page, journeyId);
      expect(timedOut.kind).toBe('timedOutAfterOpening');
      expect(timedOut.words).toContain('Time is up');
      expect(timedOut.words).toContain('within 5 minutes of opening the link');
      await shoot(page, 'time-is-up');
    },
    UI_TIMEOUT,
  );
});

describe('a banner belongs to its journey', () => {
  it(
    'shows no outcome of an earlier journey once another journey is shown, even when it arrived while the Phone was closed',
    async () => {
      const { page } = running();
      const earlier = await authorisationFor('FRA-APPROVER-A', await newPayment());
      await signInAs(page, 'FRA-APPROVER-A');
      expect((await decideOnPhone(page, earlier, 'approve')).kind).toBe('approved');

      await goTo(page, 'Bank');
      const later = await authorisationFor('FRA-APPROVER-A', await newPayment());
      await goTo(page, 'Phone');
      await card(page, later).waitFor(WAIT);
      expect(await page.getByTestId('outcome').count()).toBe(0);

      // Its own outcome, once decided, is the one shown.
      expect((await decideOnPhone(page, later, 'reject')).kind).toBe('rejected');
      expect(await page.getByTestId('outcome').count()).toBe(1);
    },
    UI_TIMEOUT,
  );
});
