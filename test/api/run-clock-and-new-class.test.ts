// A live run holds the simulated clock still while it is unfinished (run option pauseClock, default on),
// and "New class" (POST /simulator/v1/reset with options) clears the log and the kept runs and puts the
// clock back, while `{}` keeps today's meaning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlClient, type ControlClient } from '../../shared/control-client';
import { call, expectBgError, startTestBank, TEST_NOW, type TestBank } from '../support/simulator';

const json = { 'content-type': 'application/json' };

let bank: TestBank;
let api: ControlClient;

beforeAll(async () => {
  bank = await startTestBank();
  api = controlClient(bank.url);
});
afterAll(() => bank.stop());

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const reset = (body: string | undefined) => call(bank, 'POST', '/simulator/v1/reset', body === undefined ? {} : { headers: json, body });
const keptExchanges = async (): Promise<number> => Number((await call(bank, 'GET', '/simulator/v1/exchanges?limit=1')).headers['x-kept-count']);

describe('a run holds the clock while it is unfinished', () => {
  it('holds it from the start, through its gates, and lets go once finished', async () => {
    const run = await api.startRun({ flow: 'funds-confirmation', autoApprove: true });
    expect(run.pauseClock).toBe(true);
    const held = await api.getClock();
    expect(held.paused).toBe(true);
    await sleep(700);
    expect((await api.getClock()).now).toBe(held.now);

    const waiting = await api.prepareStep(run.runId);
    expect(waiting.phase).toBe('waiting');
    expect((await api.getClock()).paused).toBe(true);
    const finished = await api.sendStep(run.runId, null, 'end');
    expect(finished.phase).toBe('finished');
    expect((await api.getClock()).paused).toBe(false);
  });

  it('does not hold it with pauseClock off', async () => {
    const run = await api.startRun({ flow: 'funds-confirmation', autoApprove: true, pauseClock: false });
    expect(run.pauseClock).toBe(false);
    expect((await api.getClock()).paused).toBe(false);
    await api.deleteRun(run.runId);
  });

  it('lets go when the run is deleted, and when the operator resumes the clock', async () => {
    const first = await api.startRun({ flow: 'funds-confirmation', autoApprove: true });
    expect((await api.getClock()).paused).toBe(true);
    await api.deleteRun(first.runId);
    expect((await api.getClock()).paused).toBe(false);

    const second = await api.startRun({ flow: 'funds-confirmation', autoApprove: true });
    expect((await api.getClock()).paused).toBe(true);
    expect((await api.setClockPaused(false)).paused).toBe(false);
    await sleep(300);
    const running = await api.getClock();
    await sleep(300);
    expect(Date.parse((await api.getClock()).now)).toBeGreaterThan(Date.parse(running.now));
    await api.deleteRun(second.runId);
  });

  it('going back a step (a replay up to it) holds the clock for the new run only: the run it replaces stops and lets go', async () => {
    const source = await api.startRun({ flow: 'funds-confirmation', autoApprove: true });
    await api.sendStep((await api.prepareStep(source.runId)).runId, null, 'step');
    const back = await api.replayRun(source.runId, { untilStep: 1 });
    expect(back.phase).toBe('ready');
    expect((await api.getClock()).paused).toBe(true);
    await api.deleteRun(back.runId);
    expect((await api.getClock()).paused, 'the replaced run no longer holds the clock').toBe(false);
    await expect(api.prepareStep(source.runId)).rejects.toThrow(/no longer live/);
  });

  it('refuses a pauseClock that is not true or false', async () => {
    expectBgError(
      await call(bank, 'POST', '/simulator/v1/runs', {
        headers: json,
        body: JSON.stringify({ flow: 'funds-confirmation', autoApprove: true, pauseClock: 'yes' }),
      }),
      400,
      'FORMAT_ERROR',
    );
  });
});

describe('POST /simulator/v1/reset: New class', () => {
  it('{} (and no body) reset the bank only: the log, the kept runs and the clock stay', async () => {
    const run = await api.startRun({ flow: 'funds-confirmation', autoApprove: true, pauseClock: false });
    await api.sendStep((await api.prepareStep(run.runId)).runId, null, 'end');
    await api.advanceClock('P1D');
    const before = { log: await keptExchanges(), runs: (await api.listRuns()).length, now: Date.parse((await api.getClock()).now) };
    expect(before.log).toBeGreaterThan(0);
    for (const body of ['{}', undefined]) {
      expect((await reset(body)).status).toBe(200);
      expect(await keptExchanges()).toBeGreaterThanOrEqual(before.log);
      expect((await api.listRuns()).length).toBe(before.runs);
      expect(Date.parse((await api.getClock()).now)).toBeGreaterThanOrEqual(before.now);
    }
  });

  it('{"log", "runs", "clock": "start"} clears the log and the kept runs, stops the live ones, and puts the clock back to where the data folder started', async () => {
    const live = await api.startRun({ flow: 'funds-confirmation', autoApprove: true });
    await api.advanceClock('P3D');
    expect((await reset(JSON.stringify({ log: true, runs: true, clock: 'start' }))).status).toBe(200);
    expect(await keptExchanges()).toBe(0);
    expect(await api.listRuns()).toEqual([]);
    // The live run stopped: it neither holds the clock nor comes back.
    await expect(api.prepareStep(live.runId)).rejects.toThrow(/404|no run/);
    const clock = await api.getClock();
    expect(clock.paused).toBe(false);
    expect(Math.abs(Date.parse(clock.now) - Date.parse(TEST_NOW))).toBeLessThan(5_000);
    await sleep(200);
    expect(await api.listRuns()).toEqual([]);
  });

  it('"clock" as an instant the trainer types', async () => {
    expect((await reset(JSON.stringify({ clock: '2027-01-04T08:30:00Z' }))).status).toBe(200);
    expect(Math.abs(Date.parse((await api.getClock()).now) - Date.parse('2027-01-04T08:30:00Z'))).toBeLessThan(5_000);
  });

  it('refuses options it does not know, naming them (400 FORMAT_ERROR)', async () => {
    for (const body of ['{"log": "yes"}', '{"clock": "yesterday"}', '{"everything": true}', '[]']) expectBgError(await reset(body), 400, 'FORMAT_ERROR');
  });
});
