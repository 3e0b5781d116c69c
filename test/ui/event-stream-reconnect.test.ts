// In the browser, the screens follow the simulator through its event stream. When the simulator restarts, the
// stream drops and the browser reconnects by itself some seconds later: whatever changed in between came as no
// event. The screens must read again once the stream is back (renderer/src/api/browser-api.ts, `missed`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRendererBuilt } from '../../main/hosts/cli/web-host';
import { startSimulator, type RunningSimulator } from '../../main/simulator';
import { createConsent, tppToken } from '../support/simulator';
import { goTo, PROJECT_ROOT, startUi, UI_TIMEOUT, type RunningUi } from './support/browser';

describe('the browser after the simulator restarts', () => {
  let ui: RunningUi;
  let restarted: RunningSimulator | undefined;

  beforeAll(async () => {
    ui = await startUi();
  }, UI_TIMEOUT);

  afterAll(async () => {
    await restarted?.close();
    await ui?.stop();
  });

  it('shows what changed before its event stream came back', async () => {
    const { page } = ui;
    await goTo(page, 'Bank');
    await page.getByTestId('bank-screen').waitFor();

    await ui.sim.close();
    restarted = await startSimulator({
      port: Number(new URL(ui.url).port),
      host: '127.0.0.1',
      dataDir: ui.dataDir,
      mode: 'simulation',
      tls: false,
      uiRoot: await ensureRendererBuilt(PROJECT_ROOT),
    });
    // At once, while the page still waits to reconnect (the stream asks it to wait 2 s): its event goes to nobody.
    const consent = await createConsent(ui.bank, 'frankfurt', 'FRA-CREATOR', await tppToken(ui.bank, 'frankfurt'));

    await expect.poll(() => page.locator(`[data-testid="consents-row"][data-id="${consent.consentId}"]`).count(), { timeout: 15_000 }).toBe(1);
  }, 60_000);
});
