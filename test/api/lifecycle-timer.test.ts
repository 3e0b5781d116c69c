// Time-driven moves are settled by a timer at their due moment, not before each bank request: with no
// request at all, an SCA journey left open past its time limit still fails and announces it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SCA_TIMEOUT_MS } from '../../main/domain/sca/journey';
import type { SimulatorEvent } from '../../main/services/events';
import { createConsent, startTestBank, type TestBank } from '../support/simulator';

let bank: TestBank;

beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(async () => {
  await bank.stop();
});

/** The first event that matches, or null once `ms` of real time have passed. */
function nextEvent(match: (event: SimulatorEvent) => boolean, ms: number): Promise<SimulatorEvent | null> {
  return new Promise((resolve) => {
    const done = (event: SimulatorEvent | null): void => {
      clearTimeout(timer);
      bank.sim.events.off('event', listener);
      resolve(event);
    };
    const listener = (event: SimulatorEvent): void => {
      if (match(event)) done(event);
    };
    const timer = setTimeout(() => done(null), ms);
    bank.sim.events.on('event', listener);
  });
}

it('an opened SCA journey fails at its time limit with no request in between', async () => {
  const { journeyId, scaRedirect } = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
  const openedBefore = await bank.control.now();
  expect((await bank.tpp.openScaLink(scaRedirect)).status).toBe(200);
  // Just short of the limit: the move itself settles nothing, the limit comes a little later in real time.
  const limit = openedBefore.getTime() + SCA_TIMEOUT_MS;
  await bank.control.setClock(new Date(limit - 1_000).toISOString());
  const failed = nextEvent((e) => e.type === 'sca' && e.journeyId === journeyId && e.status === 'failed', 5_000);
  // Nothing else is sent to the bank until the event arrives (or does not).
  const event = await failed;
  expect(event, 'the sca failed event, without any request').not.toBeNull();
});
