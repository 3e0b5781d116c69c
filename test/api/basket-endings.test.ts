import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestBank, type TestBank } from '../support/simulator';
import { journeyIdOf } from '../../main/tpp/client';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';

/**
 * A basket gives all its authorisations or none (spec "Signing-basket status"): once one of its
 * payments can no longer take one, or its SCA times out, the basket is RJCT with scaStatus failed and
 * its other payments are free for a new attempt.
 */
const SEPA = 'pain.001-sepa-credit-transfers';
let bank: TestBank;
beforeAll(async () => {
  bank = await startTestBank();
});
afterAll(() => bank.stop());

const session = (psuId: string): Promise<PsuSession> => psuSession(bank.tpp, bank.control, 'frankfurt', psuId);
const newPayment = async (creator: PsuSession): Promise<string> => {
  const created = await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'));
  expect(created.status, created.text).toBe(201);
  return created.body.paymentId as string;
};
const readBasket = (s: PsuSession, basketId: string) =>
  call(bank, 'GET', `/frankfurt/berlingroup/v1/signing-baskets/${basketId}`, {
    headers: { authorization: `Bearer ${s.accessToken}`, 'consent-id': s.consentId, 'x-request-id': crypto.randomUUID() },
  });

/** Two payments of FRA-CREATOR in a basket of FRA-APPROVER-A whose SCA is active. */
async function activeBasket(): Promise<{ basketId: string; journeyId: string; ended: string; other: string; creator: PsuSession }> {
  const creator = await session('FRA-CREATOR');
  const [ended, other] = [await newPayment(creator), await newPayment(creator)];
  const basket = await bank.tpp.createBasket(await session('FRA-APPROVER-A'), [ended, other]);
  expect(basket.status, basket.text).toBe(201);
  return { basketId: basket.body.basketId, journeyId: journeyIdOf(basket.body._links.scaRedirect.href), ended, other, creator };
}

/** RJCT with a failed SCA, the PSU can no longer approve it, and the other payment took no authorisation and can be authorised alone. */
async function expectBasketEnded(basketId: string, journeyId: string, other: string): Promise<void> {
  const approverA = await session('FRA-APPROVER-A');
  const read = await readBasket(approverA, basketId);
  expect(read.status, read.text).toBe(200);
  expect(read.body).toMatchObject({ transactionStatus: 'RJCT', scaStatus: 'failed' });
  expect((await bank.control.decideSca(journeyId)).status).toBe(409);
  // FRA-APPROVER-A may authorise it individually only if the basket applied no authorisation of theirs and its attempt has ended.
  const { start, journey } = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, other);
  expect(start.status, start.text).toBe(201);
  expect((journey as { status: string }).status).toBe('finalised');
  expect(txStatuses((await bank.tpp.paymentStatus(approverA, SEPA, other)).text)).toEqual(['PATC']);
}

describe('a basket that cannot complete becomes RJCT and frees its other payments', () => {
  it('a payment of the basket is cancelled while its SCA is active', async () => {
    const { basketId, journeyId, ended, other, creator } = await activeBasket();
    await bank.tpp.openScaLink(`/sca/${journeyId}`);
    expect((await bank.tpp.cancelPayment(creator, SEPA, ended)).status).toBe(204);
    await expectBasketEnded(basketId, journeyId, other);
  });

  it("the basket's SCA times out after the link was opened", async () => {
    const { basketId, journeyId, other } = await activeBasket();
    await bank.tpp.openScaLink(`/sca/${journeyId}`);
    await bank.control.advanceClock('PT6M');
    await expectBasketEnded(basketId, journeyId, other);
  });

  it("the basket's SCA link is never opened and times out", async () => {
    const { basketId, other } = await activeBasket();
    await bank.control.advanceClock('PT16M');
    const approverA = await session('FRA-APPROVER-A');
    expect((await readBasket(approverA, basketId)).body).toMatchObject({ transactionStatus: 'RJCT', scaStatus: 'failed' });
    const { journey } = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, other);
    expect((journey as { status: string }).status).toBe('finalised');
  });

  it("a payment of the basket expires 90 days after creation while the basket's SCA is active", async () => {
    const creator = await session('FRA-CREATOR');
    const ended = await newPayment(creator);
    await bank.control.advanceClock('P89DT23H58M');
    const creatorLater = await session('FRA-CREATOR');
    const other = await newPayment(creatorLater);
    const basket = await bank.tpp.createBasket(await session('FRA-APPROVER-A'), [ended, other]);
    expect(basket.status, basket.text).toBe(201);
    const journeyId = journeyIdOf(basket.body._links.scaRedirect.href);
    await bank.tpp.openScaLink(`/sca/${journeyId}`);
    await bank.control.advanceClock('PT3M');
    const approverA = await session('FRA-APPROVER-A');
    expect(txStatuses((await bank.tpp.paymentStatus(approverA, SEPA, ended)).text)).toEqual(['RJCT']);
    await expectBasketEnded(basket.body.basketId, journeyId, other);
  });
});
