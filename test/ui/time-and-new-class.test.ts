// Time under the trainer's hand from the top bar (pause, resume, small steps, the next time limit) and
// "New class" on the Bank screen, in Chromium against the real simulator.
import { describe, expect, it } from 'vitest';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import { uiPerFile } from './support/ui-per-file';
import { goTo } from './support/browser';

const WAIT = { timeout: 15_000 };
const SEPA = 'pain.001-sepa-credit-transfers';

const running = uiPerFile();
const api = (): ControlClient => controlClient(running().url);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const shownClock = async (): Promise<number> => Date.parse((await running().page.getByTestId('clock').getAttribute('datetime')) ?? '');

describe('the top bar puts time in the trainer’s hands', () => {
  it('pauses with one click, says so in words, and the shown clock stands still', async () => {
    const { page } = running();
    const toggle = page.getByTestId('clock-toggle');
    await expect.poll(() => toggle.textContent(), WAIT).toContain('Time running');
    await toggle.click();
    await expect.poll(() => toggle.textContent(), WAIT).toContain('Time paused');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect((await api().getClock()).paused).toBe(true);
    const stood = await shownClock();
    await sleep(2_200);
    expect(await shownClock()).toBe(stood);
    expect(Date.parse((await api().getClock()).now)).toBe(stood);
  });

  it('moves a paused clock on by +5 s, +1 min and +5 min, and it stays paused', async () => {
    const { page } = running();
    const before = Date.parse((await api().getClock()).now);
    for (const [step, ms] of [
      ['PT5S', 5_000],
      ['PT1M', 60_000],
      ['PT5M', 300_000],
    ] as const) {
      const from = Date.parse((await api().getClock()).now);
      await page.getByTestId(`time-${step}`).click();
      await expect.poll(async () => Date.parse((await api().getClock()).now) - from, WAIT).toBe(ms);
      await expect.poll(shownClock, WAIT).toBe(from + ms);
    }
    expect(Date.parse((await api().getClock()).now) - before).toBe(365_000);
    expect((await api().getClock()).paused).toBe(true);
  });

  it('"Next time limit" goes to what falls due next and says what it was: the VoP answer of a payee whose bank is silent', async () => {
    const { page, bank } = running();
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const silentPayee = readTemplate('sepa-single.xml')
      .replace(/<Cdtr>\s*<Nm>[^<]*<\/Nm>/, '<Cdtr><Nm>Hafenbedarf Hamburg KG</Nm>')
      .replace(/(<CdtrAcct>\s*<Id>\s*<IBAN>)[^<]*/, '$1DE03600501017702115834');
    expect((await bank.tpp.createPayment(creator, SEPA, silentPayee)).status).toBe(201);
    const createdAt = Date.parse((await api().getClock()).now);
    await page.getByTestId('time-next-limit').click();
    await expect.poll(() => page.getByTestId('time-skip').textContent(), WAIT).toMatch(/VoP time limit/);
    expect(Date.parse((await api().getClock()).now)).toBe(createdAt + 5_000);
  });

  it('resumes with one click', async () => {
    const toggle = running().page.getByTestId('clock-toggle');
    await toggle.click();
    await expect.poll(() => toggle.textContent(), WAIT).toContain('Time running');
    const from = await shownClock();
    await expect.poll(shownClock, WAIT).toBeGreaterThan(from);
  });
});

describe('New class', () => {
  it('after one confirmation: no resources, an empty Inspector ("0 of 0 kept"), no kept runs, the clock back at the start', async () => {
    const { page } = running();
    const run = await api().startRun({ flow: 'funds-confirmation', autoApprove: true, pauseClock: false });
    await api().sendStep((await api().prepareStep(run.runId)).runId, null, 'end');
    await api().advanceClock('P2D');
    expect((await api().listRuns()).length).toBeGreaterThan(0);

    await goTo(page, 'Bank');
    await page.getByTestId('new-class').click();
    const dialog = page.getByTestId('new-class-dialog');
    await expect.poll(() => dialog.textContent(), WAIT).toContain('Start a new class?');
    await page.getByTestId('new-class-confirm').click();
    await dialog.waitFor({ state: 'detached', ...WAIT });

    await expect.poll(async () => (await api().listRuns()).length, WAIT).toBe(0);
    const start = Date.parse('2026-11-22T10:00:00Z');
    await expect.poll(async () => Math.abs(Date.parse((await api().getClock()).now) - start) < 10_000, WAIT).toBe(true);
    await expect.poll(async () => Math.abs((await shownClock()) - start) < 10_000, WAIT).toBe(true);
    await expect.poll(async () => (await api().listPayments()).length, WAIT).toBe(0);

    await goTo(page, 'Inspector');
    await expect.poll(() => page.getByTestId('inspector-count').textContent(), WAIT).toBe('showing 0 of 0 kept');
  });

  it('can keep the runs and put the clock at a date the trainer types', async () => {
    const { page } = running();
    const run = await api().startRun({ flow: 'funds-confirmation', autoApprove: true, pauseClock: false });
    await api().sendStep((await api().prepareStep(run.runId)).runId, null, 'end');
    await goTo(page, 'Bank');
    await page.getByTestId('new-class').click();
    await page.getByTestId('new-class-keep-runs').check();
    await page.getByTestId('new-class-date').fill('2027-02-01T09:00');
    await page.getByTestId('new-class-confirm').click();
    await expect.poll(async () => Math.abs(Date.parse((await api().getClock()).now) - Date.parse('2027-02-01T09:00:00Z')) < 10_000, WAIT).toBe(true);
    expect((await api().listRuns()).map((r) => r.runId)).toContain(run.runId);
  });

  it('is in the command palette, with its confirmation', async () => {
    const { page } = running();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('New class');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('palette-confirm').textContent(), WAIT).toContain('Start a new class?');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await api().listRuns()).length, WAIT).toBe(0);
  });
});
