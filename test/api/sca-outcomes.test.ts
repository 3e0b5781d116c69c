// How each SCA journey ended, as a kind the Phone puts in words (GET /simulator/v1/sca), the rule that
// would refuse an approval said before the PSU acts, and the provider named as the PSU knows it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyIdOf } from '../../main/tpp/client';
import { authorisePayment, psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import type { ScaJourney } from '../../preload/api/workbench-api';
import { call, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';

let bank: TestBank;
let creator: PsuSession;
let approverA: PsuSession;
let approverB: PsuSession;
let lowLimit: PsuSession;

beforeAll(async () => {
  bank = await startTestBank();
  creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  approverA = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-A');
  approverB = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-APPROVER-B');
  lowLimit = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-LOWLIMIT');
});
afterAll(() => bank.stop());

const listed = async (journeyId: string): Promise<ScaJourney> =>
  ((await call(bank, 'GET', '/simulator/v1/sca')).body as ScaJourney[]).find((j) => j.journeyId === journeyId) as ScaJourney;
const newPayment = async (): Promise<string> => (await bank.tpp.createPayment(creator, SEPA, readTemplate('sepa-single.xml'))).body.paymentId as string;

/** Starts an authorisation for `session` and opens its link: the journey waits for the PSU's decision. */
async function openedAuthorisation(session: PsuSession, paymentId: string): Promise<string> {
  const start = await bank.tpp.startAuthorisation(session, SEPA, paymentId);
  const scaRedirect = start.body._links.scaRedirect.href as string;
  await bank.tpp.openScaLink(scaRedirect);
  return journeyIdOf(scaRedirect);
}

describe('each journey says how it ended, as a kind', () => {
  it('approved, rejected, and every refusal of the customer’s rules, each said before the PSU acts', async () => {
    const paymentId = await newPayment();

    const creatorFirst = await openedAuthorisation(creator, paymentId);
    expect((await listed(creatorFirst)).approvalRefusal).toMatchObject({ outcome: 'separationOfDuty', reason: expect.stringMatching(/created the payment/) });
    expect((await bank.control.decideSca(creatorFirst, 'approve')).body).toMatchObject({
      status: 'failed',
      outcome: 'separationOfDuty',
      approvalRefusal: null,
    });

    const rejected = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, paymentId, 'reject');
    expect(rejected.journey).toMatchObject({ status: 'failed', outcome: 'rejected', outcomeReason: null });

    const first = await openedAuthorisation(approverA, paymentId);
    expect((await listed(first)).approvalRefusal).toBeNull();
    expect((await bank.control.decideSca(first, 'approve')).body).toMatchObject({ status: 'finalised', outcome: 'approved' });

    const twice = await authorisePayment(bank.tpp, bank.control, approverA, SEPA, paymentId);
    expect(twice.journey).toMatchObject({ status: 'failed', outcome: 'approvedTwice' });

    const sameGroup = await openedAuthorisation(creator, paymentId);
    expect((await listed(sameGroup)).approvalRefusal?.outcome).toBe('signatoryGroup');
    expect((await bank.control.decideSca(sameGroup, 'approve')).body).toMatchObject({ status: 'failed', outcome: 'signatoryGroup' });

    const overLimit = await openedAuthorisation(lowLimit, paymentId);
    expect((await listed(overLimit)).approvalRefusal?.outcome).toBe('aboveLimit');
    expect((await bank.control.decideSca(overLimit, 'approve')).body).toMatchObject({ status: 'failed', outcome: 'aboveLimit' });

    // The kinds stay with the journeys: the list says them too.
    expect((await listed(creatorFirst)).outcome).toBe('separationOfDuty');
    expect((await listed(first)).outcome).toBe('approved');
    const second = await authorisePayment(bank.tpp, bank.control, approverB, SEPA, paymentId);
    expect(second.journey).toMatchObject({ status: 'finalised', outcome: 'approved' });
  });

  it('time is up: 5 minutes after opening the link, or 15 minutes after it started without being opened', async () => {
    const opened = await openedAuthorisation(approverA, await newPayment());
    const start = await bank.tpp.startAuthorisation(approverA, SEPA, await newPayment());
    const unopened = journeyIdOf(start.body._links.scaRedirect.href as string);
    expect((await listed(opened)).outcome).toBeNull();
    await bank.control.advanceClock('PT6M');
    expect(await listed(opened)).toMatchObject({ status: 'failed', outcome: 'timedOutAfterOpening' });
    expect(await listed(unopened)).toMatchObject({ status: 'started', outcome: null });
    await bank.control.advanceClock('PT10M');
    expect(await listed(unopened)).toMatchObject({ status: 'failed', outcome: 'timedOutAfterStart' });
    // Once the bank has written the timeout, it keeps the same kind.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await listed(opened)).outcome).toBe('timedOutAfterOpening');
  });

  it('the payment ends under its journey: cancelled, for the payment itself and for a basket it is in', async () => {
    const paymentId = await newPayment();
    const journeyId = await openedAuthorisation(approverA, paymentId);
    expect((await bank.tpp.cancelPayment(creator, SEPA, paymentId)).status).toBeLessThan(300);
    expect(await listed(journeyId)).toMatchObject({ status: 'failed', outcome: 'paymentCancelled' });

    const [inBasket, other] = [await newPayment(), await newPayment()];
    const basket = await bank.tpp.createBasket(approverA, [inBasket, other]);
    expect(basket.status).toBe(201);
    const basketJourney = journeyIdOf(basket.body._links.scaRedirect.href as string);
    await bank.tpp.openScaLink(basket.body._links.scaRedirect.href as string);
    expect((await bank.tpp.cancelPayment(creator, SEPA, inBasket)).status).toBeLessThan(300);
    expect(await listed(basketJourney)).toMatchObject({ kind: 'signing-basket', status: 'failed', outcome: 'basketMemberCancelled' });
  });
});

describe('the provider, as the PSU knows it', () => {
  it('names the TPP by its registered OAuth client, with its organisation identifier', async () => {
    const journeyId = await openedAuthorisation(approverA, await newPayment());
    expect((await listed(journeyId)).tpp).toEqual({ name: 'Workbench Demo TPP', organizationId: bank.client.organizationId });
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    expect((await listed(consent.journeyId)).tpp).toEqual({ name: 'Workbench Demo TPP', organizationId: 'PSDDE-BAFIN-123456' });
  });

  it('GET /simulator/v1/sca/{id} answers the one journey', async () => {
    const consent = await bank.tpp.startConsent('frankfurt', 'FRA-CREATOR');
    const res = await call(bank, 'GET', `/simulator/v1/sca/${consent.journeyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(await listed(consent.journeyId));
    expect((await call(bank, 'GET', '/simulator/v1/sca/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
