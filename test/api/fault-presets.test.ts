// Bank-level fault presets (docs/testing-your-tpp.md): scenarios over the bank's own rules, set
// and removed like every fault rule. Processing held in PDNG, the payee's bank silent on Verification of
// Payee, the PSU abandoning the SCA, the bank under maintenance: each as the bank then behaves, and the
// bank as usual once the preset is removed or its minutes have passed on the simulated clock.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addFaultRule, controlJson, tokenRequest as bankTokenRequest } from '../support/control';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { call, createConsent, expectBgError, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
// Tuesday 10:00 in Frankfurt, before the 15:00 SEPA cut-off: a payment for today executes today. The file's
// clock moves about two hours in all, so it stays that day.
const BUSINESS_MORNING = '2026-11-24T09:00:00Z';
const TODAY = '2026-11-24';
// The default dataset's SEPA processing delay at Frankfurt.
const SEPA_DELAY_MINUTES = 15;

let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank({ now: BUSINESS_MORNING });
});
afterAll(() => bank.stop());
afterEach(async () => {
  await fetch(`${bank.url}/simulator/v1/faults`, { method: 'DELETE' });
  await bank.control.post('clock', { paused: false });
});

const control = (method: string, path: string, body?: unknown) => controlJson(bank, method, path, body);
const addFault = (rule: unknown): Promise<any> => addFaultRule(bank, rule);
const listedRule = async (id: number): Promise<any> => (await control('GET', '/faults')).body.find((r: { id: number }) => r.id === id);
const removeFault = async (id: number): Promise<void> => expect((await control('DELETE', `/faults/${id}`)).status).toBe(204);
const minutesFromNow = async (minutes: number): Promise<number> => (await bank.control.now()).getTime() + minutes * 60_000;

/** A PSU session made now: tokens from before a clock move may have run out. */
const session = (psuId: string, institution = 'frankfurt'): Promise<PsuSession> => psuSession(bank.tpp, bank.control, institution, psuId);

describe('pending-processing: processing stays PDNG for N minutes', () => {
  /** A same-day SEPA payment of FRA-CLERK, fully authorised by FRA-SOLO (one authorisation needed): PDNG. */
  async function sameDayPdngPayment(): Promise<string> {
    const clerk = await session('FRA-CLERK');
    const xml = readTemplate('sepa-single.xml')
      .replace('DE37500112000001058185', 'DE30500112000001091194')
      .replace(/<ReqdExctnDt>[^<]*</, `<ReqdExctnDt>${TODAY}<`);
    const created = await bank.tpp.createPayment(clerk, SEPA, xml);
    expect(created.status, created.text).toBe(201);
    const paymentId = created.body.paymentId as string;
    expect((await authorisePayment(bank.tpp, bank.control, await session('FRA-SOLO'), SEPA, paymentId)).journey.status).toBe('finalised');
    return paymentId;
  }
  const report = async (paymentId: string): Promise<string[]> => txStatuses((await bank.tpp.paymentStatus(await session('FRA-CLERK'), SEPA, paymentId)).text);

  it('a payment due for processing stays PDNG until the minutes have passed on the clock, then the bank processes it by its rules', async () => {
    const ends = await minutesFromNow(60);
    const rule = await addFault({ preset: 'pending-processing', minutes: 60, institution: 'frankfurt', note: 'slow back office' });
    expect(rule).toMatchObject({
      preset: 'pending-processing',
      minutes: 60,
      institution: 'frankfurt',
      tppId: null,
      note: 'slow back office',
      fired: 0,
      retired: false,
    });
    expect(Date.parse(rule.until)).toBeGreaterThanOrEqual(ends);
    expect(Date.parse(rule.until)).toBeLessThan(ends + 60_000);
    expect(rule.description).toContain('stay PDNG for 60 min');

    const paymentId = await sameDayPdngPayment();
    expect(await report(paymentId)).toEqual(['PDNG']);
    // Past the bank's processing delay: without the preset it would be ACCP now (test/api/payment-processing.test.ts).
    await bank.control.advanceClock(`PT${SEPA_DELAY_MINUTES + 5}M`);
    expect(await report(paymentId)).toEqual(['PDNG']);
    expect(await listedRule(rule.id)).toMatchObject({ matched: 1, fired: 1, retired: false });

    // The rule's 60 minutes pass: the payment moves on as the bank's rules say.
    await bank.control.advanceClock('PT41M');
    expect(await report(paymentId)).toEqual(['ACCP']);
    expect(await listedRule(rule.id)).toMatchObject({ fired: 1, retired: true });
  });

  it('removed, it lets the held payment move on at once', async () => {
    const rule = await addFault({ preset: 'pending-processing', minutes: 600 });
    const paymentId = await sameDayPdngPayment();
    await bank.control.advanceClock(`PT${SEPA_DELAY_MINUTES + 5}M`);
    expect(await report(paymentId)).toEqual(['PDNG']);
    await removeFault(rule.id);
    // No clock move: the bank's lifecycle plans again when a rule goes and processes what is due.
    await expect.poll(() => report(paymentId), { timeout: 5_000 }).toEqual(['ACCP']);
  });
});

describe("payee-bank-silent: the payee's bank does not answer Verification of Payee", () => {
  /** A SEPA payment of FRA-CREATOR to Transports Girard SARL: a match when the payee's bank answers. */
  async function sepaPayment(creator: PsuSession): Promise<string> {
    const created = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    expect(created.status, created.text).toBe(201);
    return created.body.paymentId as string;
  }
  /** Per credit transfer: its reason codes and AddtlInf lines. */
  const vop = async (creator: PsuSession, paymentId: string): Promise<{ reasons: string[]; info: string }[]> => {
    const res = await bank.tpp.paymentStatus(creator, SEPA, paymentId);
    expect(res.status).toBe(200);
    return [...res.text.matchAll(/<TxInfAndSts>([\s\S]*?)<\/TxInfAndSts>/g)].map(([, tx]) => ({
      reasons: [...(tx as string).matchAll(/<Cd>(\w+)<\/Cd>/g)].map((m) => m[1] as string),
      info: [...(tx as string).matchAll(/<AddtlInf>([^<]*)<\/AddtlInf>/g)].map((m) => m[1] as string).join(' '),
    }));
  };

  it('answers RECI (authorisation blocked), then NOAP at the time limit, for any payee; removed, the payee is matched again', async () => {
    const creator = await session('FRA-CREATOR');
    const approver = await session('FRA-APPROVER-A');
    // The clock stands still, so RECI is seen before the 5-second limit however busy the machine.
    await bank.control.post('clock', { paused: true });
    const rule = await addFault({ preset: 'payee-bank-silent' });
    const silent = await sepaPayment(creator);
    expect(await vop(creator, silent)).toEqual([{ reasons: ['RECI'], info: 'VoP in progress' }]);
    expectBgError(await bank.tpp.startAuthorisation(approver, SEPA, silent), 409, 'STATUS_INVALID');

    await bank.control.advanceClock('PT6S');
    const [ended] = await vop(creator, silent);
    expect(ended?.reasons).toEqual(['NOAP']);
    expect(ended?.info).toContain('no response from the payee’s PSP within the time limit');
    expect((await authorisePayment(bank.tpp, bank.control, approver, SEPA, silent)).start.status).toBe(201);
    expect(await listedRule(rule.id)).toMatchObject({ fired: 1, retired: false });

    await removeFault(rule.id);
    const answered = await sepaPayment(creator);
    expect(await vop(creator, answered)).toEqual([{ reasons: [], info: '' }]);
  });

  it('with minutes, ends as the clock passes them; scoped to another institution, it leaves this one alone', async () => {
    const creator = await session('FRA-CREATOR');
    await bank.control.post('clock', { paused: true });
    await addFault({ preset: 'payee-bank-silent', institution: 'paris' });
    const rule = await addFault({ preset: 'payee-bank-silent', minutes: 2, institution: 'frankfurt' });
    expect((await vop(creator, await sepaPayment(creator)))[0]?.reasons).toEqual(['RECI']);
    await bank.control.advanceClock('PT2M');
    expect(await vop(creator, await sepaPayment(creator))).toEqual([{ reasons: [], info: '' }]);
    expect(await listedRule(rule.id)).toMatchObject({ fired: 1, retired: true });
  });
});

describe('sca-abandoned: the PSU abandons the SCA', () => {
  const consentStatus = async (consentId: string): Promise<unknown> => (await bank.tpp.consentStatus('frankfurt', consentId)).body;
  const journey = async (journeyId: string): Promise<any> => (await call(bank, 'GET', `/simulator/v1/sca/${journeyId}`)).body;

  it("takes no decision: the PSU's approval is refused, and the journey ends by the bank's time limit", async () => {
    const rule = await addFault({ preset: 'sca-abandoned', institution: 'frankfurt' });
    const consent = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    await bank.tpp.openScaLink(consent.scaRedirect);
    const decided = await bank.control.decideSca(consent.journeyId);
    expectBgError(decided, 409, 'STATUS_INVALID');
    expect((decided.body as { tppMessages: { text: string }[] }).tppMessages[0]?.text).toContain(`the PSU abandons the SCA on purpose (fault rule ${rule.id}`);
    expectBgError(await bank.control.decideSca(consent.journeyId, 'reject'), 409, 'STATUS_INVALID');
    expect(await journey(consent.journeyId)).toMatchObject({ status: 'opened' });
    expect(await consentStatus(consent.consentId)).toEqual({ consentStatus: 'received', scaStatus: 'started' });
    expect(await listedRule(rule.id)).toMatchObject({ fired: 1 });

    // The bank's app waits five minutes after the link was opened (domain/sca/journey.ts), then the journey fails.
    await bank.control.advanceClock('PT5M');
    expect(await journey(consent.journeyId)).toMatchObject({ status: 'failed', outcome: 'timedOutAfterOpening' });
    expect(await consentStatus(consent.consentId)).toEqual({ consentStatus: 'rejected', scaStatus: 'failed' });
  });

  it('removed, or once its minutes have passed, the PSU decides again', async () => {
    const rule = await addFault({ preset: 'sca-abandoned' });
    const first = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    await bank.tpp.openScaLink(first.scaRedirect);
    expectBgError(await bank.control.decideSca(first.journeyId), 409, 'STATUS_INVALID');
    await removeFault(rule.id);
    expect((await bank.control.decideSca(first.journeyId)).status).toBe(200);
    expect(await consentStatus(first.consentId)).toEqual({ consentStatus: 'valid', scaStatus: 'finalised' });

    const timed = await addFault({ preset: 'sca-abandoned', minutes: 2 });
    const second = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    await bank.tpp.openScaLink(second.scaRedirect);
    expectBgError(await bank.control.decideSca(second.journeyId), 409, 'STATUS_INVALID');
    // Two minutes on: the preset has ended, the journey's own five minutes have not.
    await bank.control.advanceClock('PT2M');
    expect((await bank.control.decideSca(second.journeyId)).status).toBe(200);
    expect(await listedRule(timed.id)).toMatchObject({ fired: 1, retired: true });
  });
});

describe('maintenance: the bank is under maintenance for N minutes', () => {
  const tokenRequest = (institution: string): Promise<Response> => bankTokenRequest(bank, institution);
  const paymentCount = async (): Promise<number> => Number((await fetch(`${bank.url}/simulator/v1/payments?limit=1`)).headers.get('x-total-count'));

  it('answers every route of the institution 503 SERVICE_UNAVAILABLE in the Berlin Group shape until its minutes pass; other institutions answer', async () => {
    const creator = await session('FRA-CREATOR');
    const created = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
    const paymentId = created.body.paymentId as string;
    await bank.control.post('clock', { paused: true });
    const rule = await addFault({ preset: 'maintenance', minutes: 10, institution: 'frankfurt' });

    const token = await tokenRequest('frankfurt');
    expect(token.status).toBe(503);
    expect(token.headers.get('retry-after')).toBe('600');
    expect(token.headers.get('psd2-workbench-fault')).toMatch(new RegExp(`^rule ${rule.id}: the bank is under maintenance until `));
    expect(await token.json()).toEqual({
      tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE', text: expect.stringContaining('the bank is under maintenance until') }],
    });
    const status = await bank.tpp.paymentStatus(creator, SEPA, paymentId);
    expectBgError(status, 503, 'SERVICE_UNAVAILABLE');
    const before = await paymentCount();
    expectBgError(await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml')), 503, 'SERVICE_UNAVAILABLE');
    expect(await paymentCount(), 'nothing changes while the bank is down').toBe(before);
    expect((await tokenRequest('paris')).status).toBe(200);

    // Four minutes on, the time left is six.
    await bank.control.advanceClock('PT4M');
    expect((await tokenRequest('frankfurt')).headers.get('retry-after')).toBe('360');
    expect(await listedRule(rule.id)).toMatchObject({ matched: 4, fired: 4, retired: false });
    await bank.control.advanceClock('PT6M');
    expect((await tokenRequest('frankfurt')).status).toBe(200);
    expect((await bank.tpp.paymentStatus(await session('FRA-CREATOR'), SEPA, paymentId)).status).toBe(200);
    expect(await listedRule(rule.id)).toMatchObject({ fired: 4, retired: true });
  });

  it('removed, the bank answers at once', async () => {
    const rule = await addFault({ preset: 'maintenance', minutes: 60, institution: 'frankfurt' });
    expect((await tokenRequest('frankfurt')).status).toBe(503);
    await removeFault(rule.id);
    expect((await tokenRequest('frankfurt')).status).toBe(200);
  });
});

describe('presets among the rules', () => {
  it('are listed with the action rules in the order added and removed like them', async () => {
    const action = await addFault({ match: { institution: 'brussels' }, action: { delayMs: 1 } });
    const preset = await addFault({ preset: 'sca-abandoned', tppId: 'PSDXX-NOBODY' });
    const listed = (await control('GET', '/faults')).body;
    expect(listed.map((r: { id: number }) => r.id)).toEqual([action.id, preset.id]);
    expect(listed[1]).toEqual({
      id: preset.id,
      preset: 'sca-abandoned',
      minutes: null,
      institution: null,
      tppId: 'PSDXX-NOBODY',
      until: null,
      note: null,
      createdAt: expect.any(String),
      matched: 0,
      fired: 0,
      retired: false,
      description: "the PSU abandons every SCA until removed: no decision is taken, journeys end by the bank's time limits",
    });
    await removeFault(preset.id);
    expect((await control('GET', '/faults')).body.map((r: { id: number }) => r.id)).toEqual([action.id]);
  });

  it('refuses a preset it does not know, a field it does not take, or one missing what it needs, in plain words', async () => {
    const refused = async (rule: unknown): Promise<string> => {
      const res = await control('POST', '/faults', rule);
      expect(res.status).toBe(400);
      return res.body.tppMessages[0].text;
    };
    expect(await refused({ preset: 'teleport' })).toBe('preset must be one of: pending-processing, payee-bank-silent, sca-abandoned, maintenance');
    expect(await refused({ preset: 'sca-abandoned', match: {} })).toBe('the body has no field match');
    expect(await refused({ preset: 'pending-processing', minutes: 0 })).toBe('minutes must be at least 1');
    expect(await refused({ preset: 'pending-processing' })).toBe('the preset pending-processing needs minutes: how long payments stay PDNG');
    expect(await refused({ preset: 'maintenance', minutes: 5 })).toBe('the preset maintenance needs institution: the institution under maintenance');
    expect(await refused({ preset: 'maintenance', minutes: 5, institution: 'atlantis' })).toBe('institution "atlantis" is no institution of the bank');
    // An action rule is still told as one.
    expect(await refused({ match: {}, action: { status: 418 } })).toBe('action.status must be one of: 429, 500, 502, 503, 504');
    expect(await refused({ match: {} })).toBe('the body needs action');
  });

  it('serve --faults FILE.json sets presets too, held to the same rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wb-presets-'));
    const file = join(dir, 'faults.json');
    try {
      writeFileSync(file, JSON.stringify([{ preset: 'maintenance', institution: 'frankfurt', minutes: 30, note: 'from a file' }]));
      const other = await startTestBank({ faultsFile: file });
      try {
        const [rule] = (await (await fetch(`${other.url}/simulator/v1/faults`)).json()) as { preset: string; note: string }[];
        expect(rule).toMatchObject({ preset: 'maintenance', note: 'from a file' });
        expect(String(await other.tpp.tppToken('frankfurt', { renew: true }).catch((err: Error) => err.message))).toContain('503');
      } finally {
        await other.stop();
      }
      writeFileSync(file, JSON.stringify([{ preset: 'maintenance', minutes: 30 }]));
      await expect(startTestBank({ faultsFile: file })).rejects.toThrow(
        `--faults ${file}: rule 1: the preset maintenance needs institution: the institution under maintenance`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
