// The access matrix as a property (fast-check): whoever asks — another TPP, the same TPP through another
// institution endpoint, or a PSU of the institution who may not see the resource — any operation on a
// consent, a payment or a signing basket of someone else is refused (4xx), tells nothing of the
// resource, and changes nothing. The owner's own calls are the control: each operation works for them.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TppClient } from '../../main/tpp/client';
import { psuSession } from '../../main/tpp/journeys';
import { txStatuses } from '../../main/tpp/pain002';
import type { PsuSession } from '../../main/tpp/session';
import { readTemplate } from '../../main/tpp/templates';
import { otherTpp, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';

interface Caller {
  name: string;
  tpp: TppClient<any>;
  session: PsuSession;
  /** Whether a consent of the owner's TPP at the owner's institution is theirs to read by their TPP token. */
  ownersTppHere: boolean;
}

interface Owned {
  consentId: string;
  paymentId: string;
  basketId: string;
}

type Operation = { kind: 'consent' | 'payment' | 'basket'; name: string; call(caller: Caller, owned: Owned): Promise<{ status: number; text: string }> };

/** What each kind of resource offers, called with the caller's own credentials on the owner's resource. */
const OPERATIONS: Operation[] = [
  { kind: 'consent', name: 'GET consent status (TPP token)', call: (c, o) => c.tpp.consentStatus(c.session.institution, o.consentId) },
  { kind: 'consent', name: 'GET consent (PSU token)', call: (c, o) => c.tpp.getConsent({ ...c.session, consentId: o.consentId }) },
  { kind: 'consent', name: 'DELETE consent', call: (c, o) => c.tpp.deleteConsent({ ...c.session, consentId: o.consentId }) },
  { kind: 'consent', name: 'GET accounts under the consent', call: (c, o) => c.tpp.accounts({ ...c.session, consentId: o.consentId }) },
  { kind: 'payment', name: 'GET payment', call: (c, o) => c.tpp.getPayment(c.session, SEPA, o.paymentId) },
  { kind: 'payment', name: 'GET payment status', call: (c, o) => c.tpp.paymentStatus(c.session, SEPA, o.paymentId) },
  { kind: 'payment', name: 'POST authorisation', call: (c, o) => c.tpp.startAuthorisation(c.session, SEPA, o.paymentId) },
  { kind: 'payment', name: 'DELETE payment', call: (c, o) => c.tpp.cancelPayment(c.session, SEPA, o.paymentId) },
  { kind: 'basket', name: 'GET basket', call: (c, o) => c.tpp.getBasket(c.session, o.basketId) },
];

let bank: TestBank;
let owner: Caller;
let owned: Owned;
let callers: Caller[];

beforeAll(async () => {
  bank = await startTestBank();
  const other = await otherTpp(bank, 'PSDDE-BAFIN-730002');
  const session = (tpp: TppClient<any>, institution: string, psuId: string): Promise<PsuSession> => psuSession(tpp, bank.control, institution, psuId);
  owner = {
    name: 'the owner (FRA-CREATOR through the demo TPP)',
    tpp: bank.tpp,
    session: await session(bank.tpp, 'frankfurt', 'FRA-CREATOR'),
    ownersTppHere: true,
  };
  const payment = await bank.tpp.createPayment(owner.session, SEPA, readTemplate('sepa-single.xml'));
  const second = await bank.tpp.createPayment(owner.session, SEPA, readTemplate('sepa-single.xml'));
  const approverB = await session(bank.tpp, 'frankfurt', 'FRA-APPROVER-B');
  const basket = await bank.tpp.createBasket(approverB, [second.body.paymentId]);
  owned = { consentId: owner.session.consentId, paymentId: payment.body.paymentId, basketId: basket.body.basketId };
  callers = [
    { name: 'another TPP, the same PSU', tpp: other, session: await session(other, 'frankfurt', 'FRA-CREATOR'), ownersTppHere: false },
    { name: 'another TPP at another institution', tpp: other, session: await session(other, 'paris', 'PAR-CREATOR'), ownersTppHere: false },
    { name: 'the same TPP through another institution', tpp: bank.tpp, session: await session(bank.tpp, 'paris', 'PAR-CREATOR'), ownersTppHere: false },
    { name: 'a PSU of another customer', tpp: bank.tpp, session: await session(bank.tpp, 'frankfurt', 'FRA-SOLO'), ownersTppHere: true },
    { name: 'a PSU of the customer without payment rights', tpp: bank.tpp, session: await session(bank.tpp, 'frankfurt', 'FRA-AISONLY'), ownersTppHere: true },
    { name: 'a clerk of another customer', tpp: bank.tpp, session: await session(bank.tpp, 'frankfurt', 'FRA-CLERK'), ownersTppHere: true },
  ];
}, 120_000);
afterAll(() => bank.stop());

/** The owner's TPP reads the status of its own consent through its own endpoint, whichever of its PSUs asks: that is no cross access. */
const isCrossAccess = (caller: Caller, operation: Operation): boolean => !(operation.name.startsWith('GET consent status') && caller.ownersTppHere);

/** What the owner sees of each resource: it must not change through a refused call. */
async function ownersView(): Promise<string> {
  const consent = await owner.tpp.consentStatus('frankfurt', owned.consentId);
  const payment = await owner.tpp.paymentStatus(owner.session, SEPA, owned.paymentId);
  const basket = (await fetch(`${bank.url}/simulator/v1/baskets`).then((r) => r.json())) as { basketId: string; transactionStatus: string }[];
  const journeys = (await fetch(`${bank.url}/simulator/v1/sca?status=started`).then((r) => r.json())) as unknown[];
  return JSON.stringify([consent.body, txStatuses(payment.text), basket.find((b) => b.basketId === owned.basketId), journeys.length]);
}

describe('the access matrix', () => {
  it('every cross access to a consent, payment or basket is refused, tells nothing and changes nothing', async () => {
    const before = await ownersView();
    const tried = new Set<string>();
    await fc.assert(
      // Drawn by name, so a counterexample reads "a PSU of another customer", "GET basket".
      fc.asyncProperty(fc.constantFrom(...callers.map((c) => c.name)), fc.constantFrom(...OPERATIONS.map((o) => o.name)), async (callerName, operationName) => {
        const caller = callers.find((c) => c.name === callerName) as Caller;
        const operation = OPERATIONS.find((o) => o.name === operationName) as Operation;
        fc.pre(isCrossAccess(caller, operation));
        tried.add(`${caller.name} × ${operation.name}`);
        const answer = await operation.call(caller, owned);
        expect(answer.status, `${caller.name}: ${operation.name} answered ${answer.status} ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        // Refused in the bank's words, never with the resource in the body.
        expect(answer.text).toMatch(/tppMessages|"error"/);
        expect(answer.text).not.toMatch(/consentStatus|transactionStatus"?\s*:|<TxSts>|"payments"/);
      }),
      { numRuns: 150 },
    );
    expect(await ownersView()).toBe(before);
    // The constant choices are drawn at random: most of the 52 cross pairs were tried.
    expect(tried.size).toBeGreaterThan(35);
  }, 120_000);

  it('the owner’s own calls work, so the refusals above are the access rules at work', async () => {
    for (const operation of OPERATIONS.filter((o) => !o.name.startsWith('DELETE'))) {
      const answer = await operation.call(owner, operation.kind === 'basket' ? { ...owned } : owned);
      if (operation.kind === 'basket') continue;
      expect(answer.status, `${operation.name}: ${answer.text.slice(0, 200)}`).toBeLessThan(300);
    }
    // The basket belongs to group B's approver, who sees it; the owner (the payment's creator) does too.
    expect((await owner.tpp.getBasket(owner.session, owned.basketId)).status).toBe(200);
  }, 60_000);
});
