// `GET /simulator/v1/exchanges?resource=ID`: the traffic of one consent, payment or basket,
// as the Bank screen lists it beside the resource.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSca, authorize, call, createConsent, expectBgError, startTestBank, tppToken, type CreatedConsent, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { pkcePair } from '../../main/tpp/pkce';
import { type PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';

interface LoggedExchange {
  id: number;
  method: string;
  url: string;
  resourceId: string | null;
  response: { status: number; body: string | null };
}

let bank: TestBank;
let first: CreatedConsent;
let second: CreatedConsent;

const exchangesOf = async (resource: string, limit = 100): Promise<LoggedExchange[]> => {
  const res = await call(bank, 'GET', `/simulator/v1/exchanges?limit=${limit}&resource=${encodeURIComponent(resource)}`);
  expect(res.status).toBe(200);
  return res.body as LoggedExchange[];
};

const consentStatus = (c: CreatedConsent, token: string) =>
  call(bank, 'GET', `/frankfurt/berlingroup/v1/consents/${c.consentId}/status`, {
    headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${token}` },
  });

beforeAll(async () => {
  bank = await startTestBank();
  const token = await tppToken(bank, 'frankfurt');
  first = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  second = await createConsent(bank, 'frankfurt', 'FRA-CREATOR', token);
  // Interleaved, so a filter by time or position could not pass by luck.
  await consentStatus(first, token);
  await consentStatus(second, token);
  await approveSca(bank, first.journeyId);
  await consentStatus(first, token);
  const auth = await authorize(bank, 'frankfurt', first.consentId, pkcePair().challenge);
  expect(auth.status).toBe(200);
});
afterAll(() => bank.stop());

describe('GET exchanges?resource=', () => {
  it('lists exactly the consent’s exchanges, newest first: creation, SCA page, status reads, authorisation', async () => {
    const log = await exchangesOf(first.consentId);
    const base = `/frankfurt/berlingroup/v1/consents`;
    expect(log.map((e) => `${e.method} ${e.url.split('?')[0]}`)).toEqual([
      'GET /frankfurt/sandboxauth/v1/authorize',
      `GET ${base}/${first.consentId}/status`,
      `GET /sca/${first.journeyId}`,
      `GET ${base}/${first.consentId}/status`,
      `POST ${base}`,
    ]);
    expect(log.map((e) => e.id)).toEqual([...log.map((e) => e.id)].sort((a, b) => b - a));
    expect(log.every((e) => e.resourceId === first.consentId)).toBe(true);
    expect(JSON.parse(log.at(-1)?.response.body ?? '{}').consentId).toBe(first.consentId);
    expect(JSON.stringify(log)).not.toContain(second.consentId);
  });

  it('agrees with the whole log: every exchange naming the consent, and no other', async () => {
    const whole = (await call(bank, 'GET', '/simulator/v1/exchanges?limit=10000')).body as LoggedExchange[];
    const naming = whole.filter(
      (e) =>
        e.url.includes(second.consentId) ||
        e.url === `/sca/${second.journeyId}` ||
        (e.response.status === 201 && (e.response.body ?? '').includes(second.consentId)),
    );
    expect((await exchangesOf(second.consentId)).map((e) => e.id)).toEqual(naming.map((e) => e.id));
    expect(naming.length).toBe(2);
  });

  it('honours limit, keeping the newest', async () => {
    const [newest, ...rest] = await exchangesOf(first.consentId, 1);
    expect(rest).toEqual([]);
    expect(newest?.url).toContain('/sandboxauth/v1/authorize');
  });

  it('answers an empty list for an id nothing concerns', async () => {
    expect(await exchangesOf('00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  describe('a payment', () => {
    let session: PsuSession;
    let paymentId: string;

    beforeAll(async () => {
      session = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
      const created = await bank.tpp.createPayment(session, SEPA, readTemplate('sepa-single.xml'));
      expect(created.status).toBe(201);
      paymentId = created.body.paymentId as string;
      await authorisePayment(bank.tpp, bank.control, session, SEPA, paymentId);
      await bank.tpp.paymentStatus(session, SEPA, paymentId);
    });

    it('lists its creation, authorisation, SCA page and pain.002, not the consent it was made under', async () => {
      const log = await exchangesOf(paymentId);
      const path = `/frankfurt/berlingroup/v1/payments/${SEPA}`;
      expect(log.map((e) => `${e.method} ${e.url.replace(/\/sca\/[^/]+$/, '/sca/{journey}')}`)).toEqual([
        `GET ${path}/${paymentId}/status`,
        'GET /sca/{journey}',
        `POST ${path}/${paymentId}/authorisations`,
        `POST ${path}`,
      ]);
      expect((await exchangesOf(session.consentId)).some((e) => e.url.includes(paymentId))).toBe(false);
    });
  });

  const bad: [string, string][] = [
    ['empty', ''],
    ['a space', 'a%20b'],
    ['markup', '%3Cscript%3E'],
    ['a slash', 'a%2Fb'],
    ['too long', 'x'.repeat(101)],
  ];
  for (const [what, value] of bad) {
    it(`refuses a resource with ${what} (FORMAT_ERROR 400)`, async () => {
      const res = await call(bank, 'GET', `/simulator/v1/exchanges?resource=${value}`);
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toContain('resource');
    });
  }

  it('refuses two resources at once (FORMAT_ERROR 400)', async () => {
    expectBgError(await call(bank, 'GET', `/simulator/v1/exchanges?resource=${first.consentId}&resource=${second.consentId}`), 400, 'FORMAT_ERROR');
  });
});
