// Events are published after the state change commits (services apply one transaction per change):
// a listener that reads the store through another connection, as a host or a second process would,
// must already see what the event announces.
import type Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SimulatorEvent } from '../../main/services/events';
import { storeReader } from '../support/store-reader';
import { approveSca, createConsent, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;
let reader: Database.Database;

beforeAll(async () => {
  bank = await startTestBank();
  reader = storeReader(bank);
});
afterAll(async () => {
  reader.close();
  await bank.stop();
});

/** The stored status an event claims, read through the second connection at the moment it arrives. */
function storedStatus(event: SimulatorEvent): { claimed: string; stored: unknown } | null {
  if (event.type === 'consent') {
    return { claimed: event.status, stored: reader.prepare('SELECT status FROM consents WHERE consent_id = ?').pluck().get(event.consentId) };
  }
  if (event.type === 'sca') {
    return { claimed: event.status, stored: reader.prepare('SELECT status FROM sca_journeys WHERE journey_id = ?').pluck().get(event.journeyId) };
  }
  return null;
}

it('a consent approved in the bank app announces valid and finalised only once both are committed', async () => {
  const seen: { type: string; claimed: string; stored: unknown }[] = [];
  const listener = (event: SimulatorEvent): void => {
    const status = storedStatus(event);
    if (status) seen.push({ type: event.type, ...status });
  };
  bank.sim.events.on('event', listener);
  try {
    const { journeyId } = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const approved = await approveSca(bank, journeyId);
    expect(approved.status).toBe(200);
  } finally {
    bank.sim.events.off('event', listener);
  }
  expect(seen.map((s) => `${s.type}:${s.claimed}`)).toEqual(['consent:received', 'sca:started', 'sca:opened', 'consent:valid', 'sca:finalised']);
  for (const s of seen) expect(s.stored, `${s.type} ${s.claimed}`).toBe(s.claimed);
});
