// The first settle runs inside the start (services/clock/lifecycle-timer.ts): a simulator started on a data
// folder where an SCA journey's time ran out while it was stopped has failed that journey by the time its
// start resolves, before the server has answered anything, so no client retrying the port meets it open.
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { SCA_TIMEOUT_MS } from '../../main/domain/sca/journey';
import { createConsent, newDataFolder, startTestBank, TEST_NOW } from '../support/simulator';
import { storeReader } from '../support/store-reader';

const dataDir = newDataFolder();
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('a journey whose time ran out while the simulator was stopped has failed when the start resolves', async () => {
  const before = await startTestBank({ dataDir });
  const { journeyId, scaRedirect } = await createConsent(before, 'frankfurt', 'FRA-CREATOR');
  expect((await before.tpp.openScaLink(scaRedirect)).status).toBe(200);
  await before.stop();

  const after = await startTestBank({ dataDir, now: new Date(Date.parse(TEST_NOW) + SCA_TIMEOUT_MS + 60_000).toISOString() });
  try {
    // Read before this test yields to the event loop: nothing the timer might schedule has run yet.
    const reader = storeReader(after);
    const status = reader.prepare<[string], string>('SELECT status FROM sca_journeys WHERE journey_id = ?').pluck().get(journeyId);
    reader.close();
    expect(status).toBe('failed');
  } finally {
    await after.stop();
  }
});
