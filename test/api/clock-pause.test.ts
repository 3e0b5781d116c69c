// The simulated clock stands still when paused (docs/control-api.md#clock: `POST clock {"paused"}`): a
// trainer explaining between clicks must not see a time limit pass unseen. Each time-driven rule is
// brought to within a moment of its limit on a paused clock, left for more than that moment of real
// time, and found not to have happened; then, resumed, it happens (so the setup was right).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCA_TIMEOUT_MS, UNOPENED_AUTHORISATION_TIMEOUT_MS } from '../../main/domain/sca/journey';
import { VOP_TIME_LIMIT_MS } from '../../main/domain/vop/verify';
import { AUTHORISATION_CODE_TTL_MS, PSU_ACCESS_TOKEN_TTL_MS } from '../../main/domain/oauth/lifetimes';
import { pkcePair } from '../../main/tpp/pkce';
import type { SimulatorEvent } from '../../main/services/events';
import { addDuration, parseDuration, type Duration } from '../../main/domain/time/duration';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { readTemplate } from '../../main/tpp/templates';
import {
  authorize,
  call,
  codeFrom,
  createConsent,
  exchangeCode,
  expectBgError,
  expectOAuthError,
  startTestBank,
  TEST_NOW,
  type TestBank,
} from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const json = { 'content-type': 'application/json' };
/** How close to a limit the paused clock is put, and how much longer real time is then left to pass. */
const SHORT_OF_LIMIT_MS = 500;
const REAL_WAIT_MS = 1_200;
/** Once resumed, the lifecycle timer acts within moments; on a busy two-core machine running other tests beside, give it room. */
const AFTER_RESUME = { timeout: 10_000, interval: 100 };

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const clock = async (body?: unknown) =>
  body === undefined ? call(bank, 'GET', '/simulator/v1/clock') : call(bank, 'POST', '/simulator/v1/clock', { headers: json, body: JSON.stringify(body) });
const pause = async (): Promise<void> => {
  expect((await clock({ paused: true })).body.paused).toBe(true);
};
const resume = async (): Promise<void> => {
  expect((await clock({ paused: false })).body.paused).toBe(false);
};
/** Puts the paused clock just short of a limit (epoch ms). */
const justShortOf = async (limit: number): Promise<void> => {
  expect((await clock({ set: new Date(limit - SHORT_OF_LIMIT_MS).toISOString() })).status).toBe(200);
};

describe('POST /simulator/v1/clock {"paused"}', () => {
  it('a paused clock stands still, still moves by advance and set, and runs on from where it stood once resumed', async () => {
    const paused = await clock({ paused: true });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true });
    const stood = paused.body.now as string;
    await sleep(REAL_WAIT_MS);
    expect((await clock()).body).toMatchObject({ now: stood, paused: true });

    const advanced = await clock({ advance: 'PT5S' });
    expect(advanced.body).toMatchObject({ now: new Date(Date.parse(stood) + 5_000).toISOString(), paused: true });
    const set = await clock({ set: '2026-03-02T09:00:00Z' });
    expect(set.body).toMatchObject({ now: '2026-03-02T09:00:00.000Z', paused: true });
    await sleep(300);
    expect((await clock()).body.now).toBe('2026-03-02T09:00:00.000Z');

    const resumed = await clock({ paused: false });
    expect(resumed.body.paused).toBe(false);
    await sleep(300);
    const ran = Date.parse((await clock()).body.now as string) - Date.parse('2026-03-02T09:00:00Z');
    expect(ran).toBeGreaterThanOrEqual(250);
    expect(ran).toBeLessThan(5_000);
  });

  it('tells the hosts with a clock event that says whether it is paused', async () => {
    const seen: SimulatorEvent[] = [];
    const listener = (event: SimulatorEvent): void => void seen.push(event);
    bank.sim.events.on('event', listener);
    await pause();
    await resume();
    bank.sim.events.off('event', listener);
    expect(seen.filter((e) => e.type === 'clock').map((e) => (e as { paused: boolean }).paused)).toEqual([true, false]);
  });

  it('refuses a body that is not a pause, a move or both, naming what is wrong (400 FORMAT_ERROR)', async () => {
    for (const body of [{}, { paused: 'yes' }, { advance: 'PT1S', set: TEST_NOW }, { advance: 'soon' }, [true]]) {
      const res = await clock(body);
      expectBgError(res, 400, 'FORMAT_ERROR');
    }
    expect((await clock()).body.paused).toBe(false);
  });

  it('pausing and moving in one request leaves the clock paused at the new instant', async () => {
    const res = await clock({ paused: true, set: '2026-03-03T10:00:00Z' });
    expect(res.body).toMatchObject({ now: '2026-03-03T10:00:00.000Z', paused: true });
    await resume();
  });

  it('a pause by the operator is kept over a restart; the clock stands where it stood', async () => {
    const { startSimulator } = await import('../../main/simulator');
    const local = await startTestBank();
    const pausedAt = (await call(local, 'POST', '/simulator/v1/clock', { headers: json, body: JSON.stringify({ paused: true }) })).body.now as string;
    await local.sim.close();
    const again = await startSimulator({ port: 0, host: '127.0.0.1', mode: 'simulation', tls: false, dataDir: local.dataDir });
    try {
      const res = await fetch(`${again.url}/simulator/v1/clock`);
      expect(await res.json()).toMatchObject({ now: pausedAt, paused: true });
    } finally {
      await again.close();
    }
  });
});

describe('GET /simulator/v1/clock nextTimeLimit', () => {
  it('names the next time limit of anything waiting, for "to the next time limit"', async () => {
    await pause();
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const issuedAt = Date.parse((await clock()).body.now as string);
    expect((await clock()).body.nextTimeLimit).toEqual({ at: new Date(issuedAt + PSU_ACCESS_TOKEN_TTL_MS).toISOString(), what: 'a token runs out' });
    const silentPayee = readTemplate('sepa-single.xml')
      .replace(/<Cdtr>\s*<Nm>[^<]*<\/Nm>/, '<Cdtr><Nm>Hafenbedarf Hamburg KG</Nm>')
      .replace(/(<CdtrAcct>\s*<Id>\s*<IBAN>)[^<]*/, '$1DE03600501017702115834');
    expect((await bank.tpp.createPayment(creator, SEPA, silentPayee)).status).toBe(201);
    const createdAt = Date.parse((await clock()).body.now as string);
    expect((await clock()).body.nextTimeLimit).toEqual({
      at: new Date(createdAt + VOP_TIME_LIMIT_MS).toISOString(),
      what: expect.stringMatching(/^the VoP time limit/),
    });
    await resume();
  });
});

describe('nothing time-driven happens by itself while the clock is paused', () => {
  it('the VoP time limit: a check the payee bank never answers stays RECI, and authorisation stays refused', async () => {
    await pause();
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const silentPayee = readTemplate('sepa-single.xml')
      .replace(/<Cdtr>\s*<Nm>[^<]*<\/Nm>/, '<Cdtr><Nm>Hafenbedarf Hamburg KG</Nm>')
      .replace(/(<CdtrAcct>\s*<Id>\s*<IBAN>)[^<]*/, '$1DE03600501017702115834');
    const created = await bank.tpp.createPayment(creator, SEPA, silentPayee);
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.paymentId as string;
    const createdAt = Date.parse((await clock()).body.now as string);

    await justShortOf(createdAt + VOP_TIME_LIMIT_MS);
    await sleep(REAL_WAIT_MS);
    expectBgError(await bank.tpp.startAuthorisation(approver, SEPA, paymentId), 409, 'STATUS_INVALID');
    expect((await bank.tpp.paymentStatus(creator, SEPA, paymentId)).text).toContain('RECI');

    await resume();
    await expect.poll(async () => (await bank.tpp.paymentStatus(creator, SEPA, paymentId)).text, AFTER_RESUME).not.toContain('RECI');
  });

  it('the SCA time limits: 5 minutes after opening the link, and 15 minutes after a payment authorisation started', async () => {
    await pause();
    const opened = await createConsent(bank, 'frankfurt', 'FRA-APPROVER-B');
    expect((await bank.tpp.openScaLink(opened.scaRedirect)).status).toBe(200);
    const openedAt = Date.parse((await clock()).body.now as string);
    await justShortOf(openedAt + SCA_TIMEOUT_MS);
    await sleep(REAL_WAIT_MS);
    const journey = async (journeyId: string) =>
      ((await call(bank, 'GET', '/simulator/v1/sca')).body as { journeyId: string; status: string }[]).find((j) => j.journeyId === journeyId)?.status;
    expect(await journey(opened.journeyId)).toBe('opened');

    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const approver = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const paymentId = (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;
    const started = await bank.tpp.startAuthorisation(approver, SEPA, paymentId);
    expect(started.status, started.text).toBe(201);
    const startedJourney = new URL(started.body._links.scaRedirect.href as string).pathname.split('/').pop() as string;
    const startedAt = Date.parse((await clock()).body.now as string);
    await justShortOf(startedAt + UNOPENED_AUTHORISATION_TIMEOUT_MS);
    await sleep(REAL_WAIT_MS);
    expect(await journey(startedJourney)).toBe('started');

    await resume();
    await expect.poll(() => journey(startedJourney), AFTER_RESUME).toBe('failed');
  });

  it('token lifetimes: a PSU access token a moment from its end still works after the moment has passed in real time', async () => {
    await pause();
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    const issuedAt = Date.parse((await clock()).body.now as string);
    const read = () =>
      call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${psu.consentId}`, {
        headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${psu.accessToken}` },
      });
    await justShortOf(issuedAt + PSU_ACCESS_TOKEN_TTL_MS);
    await sleep(REAL_WAIT_MS);
    expect((await read()).status).toBe(200);

    await resume();
    await sleep(REAL_WAIT_MS);
    expectBgError(await read(), 401, 'TOKEN_INVALID');
  });

  it('code lifetimes: an authorisation code a moment from its end can still be exchanged', async () => {
    await pause();
    const codes = [];
    for (const psuId of ['FRA-AISONLY', 'FRA-CREATOR']) {
      const consent = await createConsent(bank, 'frankfurt', psuId);
      await bank.tpp.openScaLink(consent.scaRedirect);
      await bank.control.decideSca(consent.journeyId);
      const pkce = pkcePair();
      codes.push({ code: codeFrom(await authorize(bank, 'frankfurt', consent.consentId, pkce.challenge)), verifier: pkce.verifier });
    }
    const issuedAt = Date.parse((await clock()).body.now as string);
    await justShortOf(issuedAt + AUTHORISATION_CODE_TTL_MS);
    await sleep(REAL_WAIT_MS);
    const [kept, late] = codes as [(typeof codes)[0], (typeof codes)[0]];
    expect((await exchangeCode(bank, 'frankfurt', kept.code, kept.verifier)).status).toBe(200);

    await resume();
    await sleep(REAL_WAIT_MS);
    expectOAuthError(await exchangeCode(bank, 'frankfurt', late.code, late.verifier), 400, 'invalid_grant');
  });

  it('consent expiry: a consent a moment from its end stays valid', async () => {
    await pause();
    const psu = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
    const consent = async () =>
      ((await call(bank, 'GET', '/simulator/v1/consents')).body as { consentId: string; consentStatus: string; expiresAt: string }[]).find(
        (c) => c.consentId === psu.consentId,
      );
    await justShortOf(Date.parse((await consent())?.expiresAt as string));
    await sleep(REAL_WAIT_MS);
    expect((await consent())?.consentStatus).toBe('valid');

    await resume();
    await expect.poll(async () => (await consent())?.consentStatus, AFTER_RESUME).toBe('expired');
  });

  it('processing delays: a fully authorised payment stays PDNG', async () => {
    await pause();
    const today = ((await clock()).body.now as string).slice(0, 10);
    const dueToday = readTemplate('sepa-single.xml').replace(/<ReqdExctnDt>[^<]*/, `<ReqdExctnDt>${today}`);
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const created = await bank.tpp.createPayment(creator, SEPA, dueToday);
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.paymentId as string;
    for (const approver of ['FRA-APPROVER-A', 'FRA-APPROVER-B'])
      await authorisePayment(bank.tpp, bank.control, await psuSession(bank.tpp, bank.control, 'frankfurt', approver), SEPA, paymentId);
    const status = async () =>
      ((await call(bank, 'GET', '/simulator/v1/payments')).body as { paymentId: string; status: string; statusChangedAt: string }[]).find(
        (p) => p.paymentId === paymentId,
      );
    const pending = await status();
    expect(pending?.status).toBe('PDNG');
    const frankfurt = ((await call(bank, 'GET', '/simulator/v1/institutions')).body as { id: string; processingDelays: Record<string, string> }[]).find(
      (i) => i.id === 'frankfurt',
    );
    const delay = parseDuration(frankfurt?.processingDelays[SEPA] ?? '') as Duration;
    const due = addDuration(new Date(pending?.statusChangedAt as string), delay).getTime();
    await justShortOf(due);
    await sleep(REAL_WAIT_MS);
    expect((await status())?.status).toBe('PDNG');

    await resume();
    await expect.poll(async () => (await status())?.status, AFTER_RESUME).toBe('ACCP');
  });
});
