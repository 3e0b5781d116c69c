import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveSca, call, expectBgError, otherTpp, startTestBank, type TestBank } from '../support/simulator';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import { type PsuSession } from '../../main/tpp/session';
import type { TppClient } from '../../main/tpp/client';
import { readTemplate } from '../../main/tpp/templates';

const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
let creator: PsuSession;
let approverA: PsuSession;
let approverB: PsuSession;
beforeAll(async () => {
  bank = await startTestBank();
  creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
  approverB = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
});
afterAll(() => bank.stop());

const newPayment = async (): Promise<string> => (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId;
const basketCount = async (): Promise<number> => ((await call(bank, 'GET', '/simulator/v1/baskets')).body as any[]).length;
const journeyOf = (res: { body: any }): string => (res.body._links.scaRedirect.href as string).split('/').pop() as string;
const readBasket = (s: PsuSession, basketId: string) =>
  call(bank, 'GET', `/frankfurt/berlingroup/v1/signing-baskets/${basketId}`, {
    headers: { 'x-request-id': crypto.randomUUID(), authorization: `Bearer ${s.accessToken}`, 'consent-id': s.consentId },
  });

describe('signing baskets', () => {
  it('creates a PATC basket whose SCA gives one authorisation to each payment (ACTC); payments stay PATC until the second', async () => {
    const ids = [await newPayment(), await newPayment()];
    const first = await bank.tpp.createBasket(approverA, ids);
    expect(first.status).toBe(201);
    expect(first.body.transactionStatus).toBe('PATC');
    expect((await readBasket(approverA, first.body.basketId)).body).toMatchObject({ payments: ids, transactionStatus: 'PATC', scaStatus: 'started' });
    expect((await approveSca(bank, journeyOf(first))).body.status).toBe('finalised');
    expect((await readBasket(approverA, first.body.basketId)).body).toMatchObject({ transactionStatus: 'ACTC', scaStatus: 'finalised' });
    for (const id of ids) expect(txStatuses((await bank.tpp.paymentStatus(creator, SEPA, id)).text)).toEqual(['PATC']);

    const second = await bank.tpp.createBasket(approverB, ids);
    await approveSca(bank, journeyOf(second));
    for (const id of ids) expect(txStatuses((await bank.tpp.paymentStatus(creator, SEPA, id)).text)).toEqual(['PDNG']);
  });

  it('the second authorisation may come individually after a basket gave the first', async () => {
    const id = await newPayment();
    await approveSca(bank, journeyOf(await bank.tpp.createBasket(approverA, [id])));
    expect((await authorisePayment(bank.tpp, bank.control, approverB, SEPA, id)).journey.status).toBe('finalised');
    expect(txStatuses((await bank.tpp.paymentStatus(creator, SEPA, id)).text)).toEqual(['PDNG']);
  });

  it('creation is atomic: one ineligible payment rejects the whole request and starts nothing', async () => {
    const eligible = await newPayment();
    const cancelled = await newPayment();
    await bank.tpp.cancelPayment(creator, SEPA, cancelled);
    const before = await basketCount();
    expectBgError(await bank.tpp.createBasket(approverA, [eligible, cancelled]), 409, 'STATUS_INVALID');
    expect(await basketCount()).toBe(before);
    expect((await bank.tpp.startAuthorisation(approverA, SEPA, eligible)).status).toBe(201);
  });

  it('a payment in another active attempt is STATUS_INVALID', async () => {
    const id = await newPayment();
    expect((await bank.tpp.startAuthorisation(approverA, SEPA, id)).status).toBe(201);
    expectBgError(await bank.tpp.createBasket(approverB, [id]), 409, 'STATUS_INVALID');
  });

  it('approval rules are checked per payment at creation: creator first, over-limit (STATUS_INVALID)', async () => {
    const id = await newPayment();
    expectBgError(await bank.tpp.createBasket(creator, [id]), 409, 'STATUS_INVALID');
    const lowLimit = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
    const res = await bank.tpp.createBasket(lowLimit, [id]);
    expectBgError(res, 409, 'STATUS_INVALID');
    expect(res.body.tppMessages[0].text).toMatch(/limit/);
  });

  it('an unknown Payment ID is FORMAT_ERROR', async () => {
    const res = await bank.tpp.createBasket(approverA, ['no-such-payment']);
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toMatch(/no-such-payment is unknown/);
  });

  const ineligible: [string, () => Promise<{ tpp: TppClient<any>; session: PsuSession }>, RegExp][] = [
    [
      'a payment of another institution endpoint',
      async () => ({ tpp: bank.tpp, session: await psuSession(bank.tpp, bank.control, 'paris', 'PAR-APPROVER-A') }),
      /another institution endpoint/,
    ],
    [
      'a payment of another TPP, though the PSU could authorise it',
      async () => {
        const other = await otherTpp(bank, 'PSDDE-BAFIN-730001');
        return { tpp: other, session: await psuSession(other, bank.control, 'frankfurt', 'FRA-APPROVER-A') };
      },
      /another TPP/,
    ],
    [
      "a payment the consent's PSU may not authorise from its debtor account",
      async () => ({ tpp: bank.tpp, session: await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY') }),
      /may not authorise/,
    ],
  ];
  for (const [name, requester, why] of ineligible) {
    it(`${name} is FORMAT_ERROR and creates nothing`, async () => {
      const { tpp, session } = await requester();
      const before = await basketCount();
      const res = await tpp.createBasket(session, [await newPayment()]);
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toMatch(why);
      expect(await basketCount()).toBe(before);
    });
  }

  // Each on payments that are all eligible, so only the malformed request itself can be refused.
  it('a malformed request (101 Payment IDs) is FORMAT_ERROR', async () => {
    const ids = await Promise.all(Array.from({ length: 101 }, () => newPayment()));
    const res = await bank.tpp.createBasket(approverA, ids);
    expectBgError(res, 400, 'FORMAT_ERROR');
    expect(res.body.tppMessages[0].text).toMatch(/at most 100/);
    expect((await bank.tpp.createBasket(approverA, ids.slice(0, 100))).status).toBe(201);
  }, 30_000);

  const malformed: [string, (id: string) => unknown, RegExp][] = [
    ['a duplicate Payment ID', (id) => ({ paymentIds: [id, id] }), /twice/],
    ['another field', (id) => ({ paymentIds: [id], batch: true }), /unknown field "batch"/],
  ];
  for (const [name, body, why] of malformed) {
    it(`a malformed request (${name}) is FORMAT_ERROR`, async () => {
      const id = await newPayment();
      const res = await bank.tpp.createBasket(approverA, [], { body: JSON.stringify(body(id)) });
      expectBgError(res, 400, 'FORMAT_ERROR');
      expect(res.body.tppMessages[0].text).toMatch(why);
      expect((await bank.tpp.createBasket(approverA, [id])).status).toBe(201);
    });
  }

  for (const [name, body] of [
    ['no Payment ID', { paymentIds: [] }],
    ['not an object', null],
  ] as const) {
    it(`a malformed request (${name}) is FORMAT_ERROR`, async () => {
      expectBgError(await bank.tpp.createBasket(approverA, [], { body: JSON.stringify(body) }), 400, 'FORMAT_ERROR');
    });
  }

  it('a basket is read only by its TPP through its institution endpoint (RESOURCE_UNKNOWN 403)', async () => {
    const created = await bank.tpp.createBasket(approverA, [await newPayment()]);
    expect(created.status, created.text).toBe(201);
    const basketId = created.body.basketId as string;
    expect((await readBasket(approverA, basketId)).status).toBe(200);

    const other = await otherTpp(bank, 'PSDDE-BAFIN-730002');
    const approverAThere = await psuSession(other, bank.control, 'frankfurt', 'FRA-APPROVER-A');
    expectBgError(await readBasket(approverAThere, basketId), 403, 'RESOURCE_UNKNOWN');

    const paris = await psuSession(bank.tpp, bank.control, 'paris', 'PAR-APPROVER-A');
    const throughParis = await call(bank, 'GET', `/paris/berlingroup/v1/signing-baskets/${basketId}`, {
      headers: { authorization: `Bearer ${paris.accessToken}`, 'consent-id': paris.consentId, 'x-request-id': crypto.randomUUID() },
    });
    expectBgError(throughParis, 403, 'RESOURCE_UNKNOWN');
  });

  it('a basket is seen only by PSUs who may see each of its payments: others get the answer of an unknown basket', async () => {
    const paymentId = await newPayment();
    const created = await bank.tpp.createBasket(approverB, [paymentId]);
    expect(created.status, created.text).toBe(201);
    const basketId = created.body.basketId as string;
    // The payment's customer's signatories and its creator see it (their consents cover its debtor account).
    for (const session of [approverA, approverB, creator]) expect((await readBasket(session, basketId)).status).toBe(200);
    const unknown = await readBasket(approverA, 'no-such-basket');
    expectBgError(unknown, 404, 'RESOURCE_UNKNOWN');
    // A PSU of the same customer without payment rights on the account, and PSUs of another customer.
    for (const psuId of ['FRA-AISONLY', 'FRA-CLERK', 'FRA-SOLO']) {
      const session = await psuSession(bank.tpp, bank.control, 'frankfurt', psuId);
      const res = await readBasket(session, basketId);
      expectBgError(res, 404, 'RESOURCE_UNKNOWN');
      expect(JSON.stringify(res.body), psuId).toBe(JSON.stringify(unknown.body).replace('no-such-basket', basketId));
      expect(res.text).not.toContain(paymentId);
      // The payment's own status says the same: not theirs to see.
      expectBgError(await bank.tpp.paymentStatus(session, SEPA, paymentId), 403, 'RESOURCE_UNKNOWN');
    }
  });

  it('a rejected basket SCA applies no authorisation (RJCT) and frees the payments', async () => {
    const id = await newPayment();
    const basket = await bank.tpp.createBasket(approverA, [id]);
    await approveSca(bank, journeyOf(basket), 'reject');
    expect((await readBasket(approverA, basket.body.basketId)).body).toMatchObject({ transactionStatus: 'RJCT', scaStatus: 'failed' });
    expect((await authorisePayment(bank.tpp, bank.control, approverA, SEPA, id)).journey.status).toBe('finalised');
  });

  it('an unsigned basket request is SIGNATURE_MISSING and creates nothing', async () => {
    const before = await basketCount();
    const res = await call(bank, 'POST', '/frankfurt/berlingroup/v1/signing-baskets', {
      headers: {
        authorization: `Bearer ${approverA.accessToken}`,
        'consent-id': approverA.consentId,
        'x-request-id': crypto.randomUUID(),
        'psu-id': 'FRA-APPROVER-A',
        'tpp-redirect-uri': 'https://tpp.example/cb',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ paymentIds: [await newPayment()] }),
    });
    expectBgError(res, 401, 'SIGNATURE_MISSING');
    expect(await basketCount()).toBe(before);
  });

  it('an unknown basket is RESOURCE_UNKNOWN', async () => {
    expectBgError(await readBasket(approverA, 'nope'), 404, 'RESOURCE_UNKNOWN');
  });
});
