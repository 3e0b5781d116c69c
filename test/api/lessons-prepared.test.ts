// Lessons prepared ahead (docs/teaching.md): a payee added to an institution's VoP registry gives its chosen
// answer to a real payment's name check, a customer added to an institution plays a lesson's role, a lesson is
// saved with its options, all of it is refused as the dataset's own entries are when it does not fit, survives
// New class and a restart, and travels as one file into a second simulator with its own data folder; what was
// added can be removed again, unless a saved lesson still uses it, and the bank no longer knows it.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibanCheckDigits } from '../../main/domain/iso20022/iban';
import type { FlowFile } from '../../main/flows/library/format';
import { readLibrary } from '../../main/flows/library/library';
import { runFlow } from '../../main/flows/runs/runner';
import { psuSession } from '../../main/tpp/journeys';
import { withCreditors } from '../../main/tpp/pain001-creditors';
import { readTemplate } from '../../main/tpp/templates';
import { newDataFolder, startTestBank, type TestBank } from '../support/simulator';

const SEPA = 'pain.001-sepa-credit-transfers';
const CLOSE_MATCH = 'vop-close-match-psu-decides';
const library = readLibrary(join(import.meta.dirname, '..', '..', 'resources', 'flows'));
const closeMatchLesson = library.find((f) => f.name === CLOSE_MATCH) as FlowFile;

/** A German IBAN with its check digits, from a bank code and an account number. */
const germanIban = (bban: string): string => `DE${ibanCheckDigits('DE', bban)}${bban}`;
const CAFE_IBAN = germanIban('500105175407324931');
const SILENT_IBAN = germanIban('500105170648489890');

const CAFE = {
  institution: 'frankfurt',
  iban: CAFE_IBAN,
  registeredName: 'Café Müller',
  creditorName: 'Cafe Mueller Frankfurt',
  outcome: 'closeMatch',
};

/** A signatory of Kaffeerösterei Sachsenhausen GmbH (FRA-CORP-2, one authorisation), beside FRA-SOLO. */
const SIGNER = {
  psuId: 'FRA-MIA',
  name: 'Mia Wagner',
  institution: 'frankfurt',
  corporateId: 'FRA-CORP-2',
  accounts: [
    { resourceId: 'FRA-ACC-04', permissions: ['ais', 'paymentAuthorisation'] },
    { resourceId: 'FRA-ACC-05', permissions: ['ais', 'paymentAuthorisation'] },
  ],
  approvalLimits: { sepa: { currency: 'EUR', amount: '5000.00' } },
  role: 'Approves the clerk’s payments up to €5,000',
};

const MONDAY = {
  name: 'Monday’s class: close match with Café Müller, €1,250',
  flow: CLOSE_MATCH,
  institution: 'frankfurt',
  psus: { signatory: 'FRA-MIA' },
  params: { payee: `closeMatch:${CAFE_IBAN}`, amount: '1250.00' },
};

interface Answer {
  status: number;
  body: any;
}

async function send(bank: TestBank, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${bank.url}/simulator/v1${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? null : JSON.parse(text) };
}

/** A refusal in the Berlin Group's shape, its text. */
function refusal(answer: Answer): string {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body.tppMessages[0]).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR' });
  return answer.body.tppMessages[0].text as string;
}

const newClass = (bank: TestBank): Promise<Answer> => send(bank, 'POST', '/reset', { log: true, runs: true, clock: 'start' });

/** The name check of a payment a Frankfurt customer makes to `iban` in the name `creditorName`, as the Bank screen lists it. */
async function vopOfPayment(
  bank: TestBank,
  iban: string,
  creditorName: string,
): Promise<{ outcome: string; reasonCode: string | null; additionalInfo: string | null }> {
  const clerk = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
  const created = await bank.tpp.createPayment(clerk, SEPA, withCreditors(readTemplate('sepa-single.xml'), [{ name: creditorName, iban, amount: '80.00' }]));
  expect(created.status, created.text).toBe(201);
  const payments = (await send(bank, 'GET', '/payments')).body as { paymentId: string; creditors: { vop?: any }[] }[];
  return payments.find((p) => p.paymentId === created.body.paymentId)?.creditors[0]?.vop;
}

let bank: TestBank;
/** The first bank's folder, which a restart keeps (a bank started on a given folder leaves it). */
let dataDir: string;
beforeAll(async () => {
  dataDir = newDataFolder();
  bank = await startTestBank({ dataDir });
}, 60_000);
afterAll(async () => {
  await bank.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /simulator/v1/vop-registry', () => {
  it('adds a payee to the institution’s registry, 201, listed with the dataset’s as added', async () => {
    const added = await send(bank, 'POST', '/vop-registry', CAFE);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      iban: CAFE_IBAN,
      registeredName: 'Café Müller',
      creditorName: 'Cafe Mueller Frankfurt',
      outcome: 'closeMatch',
      demonstrates: 'Added for a lesson: a close match: the payee’s bank suggests the registered name',
      added: true,
    });
    const registry = (await send(bank, 'GET', '/vop-registry?institution=frankfurt')).body;
    expect(registry.payees.at(-1)).toEqual(added.body);
    expect(registry.payees.filter((p: { added?: boolean }) => p.added !== true).length).toBeGreaterThan(5);
    // The registry of another institution is its own.
    const paris = (await send(bank, 'GET', '/vop-registry?institution=paris')).body;
    expect(paris.payees.some((p: { iban: string }) => p.iban === CAFE_IBAN)).toBe(false);
  });

  it('gives a real payment’s name check the chosen answer: the trainer’s name, and the registered name compared as usual', async () => {
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toEqual({ outcome: 'closeMatch', reasonCode: 'CMTC', additionalInfo: 'Café Müller' });
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Café Müller')).toMatchObject({ outcome: 'match', reasonCode: null });
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Bäckerei Schulz')).toMatchObject({ outcome: 'noMatch', reasonCode: 'NMTC' });
  });

  it('gives a payee whose bank does not answer no answer: in progress until the time limit', async () => {
    const silent = await send(bank, 'POST', '/vop-registry', {
      institution: 'frankfurt',
      iban: SILENT_IBAN,
      registeredName: 'Stille Post GmbH',
      creditorName: 'Stille Post',
      outcome: 'timeout',
      demonstrates: 'The payee’s bank never answers',
    });
    expect(silent.status).toBe(201);
    expect(await vopOfPayment(bank, SILENT_IBAN, 'Stille Post')).toMatchObject({ outcome: 'inProgress', reasonCode: 'RECI' });
  });

  it('refuses, 400 FORMAT_ERROR naming the field, what the dataset’s own payees could not be', async () => {
    const payee = { ...CAFE, iban: germanIban('500105179999999999') };
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, colour: 'red' }))).toBe('the body has no field colour');
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, iban: 'DE00500105175407324931' }))).toMatch(
      /^iban: "DE00500105175407324931" is not a valid IBAN/,
    );
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, institution: 'atlantis' }))).toMatch(
      /^institution: "atlantis" is not one of london, frankfurt/,
    );
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, institution: 'london' }))).toMatch(/^institution: london does not verify payees/);
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, outcome: 'inProgress' }))).toMatch(/outcome must be one of/);
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, registeredName: ' ' }))).toBe('registeredName: is empty');
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, creditorName: 'café  MÜLLER' }))).toMatch(
      /^creditorName: is the registered name itself/,
    );
    const { creditorName: _left, ...withoutName } = payee;
    expect(refusal(await send(bank, 'POST', '/vop-registry', withoutName))).toMatch(/creditorName/);
    // Unique in the registry: the dataset's own payee, and one added before.
    expect(refusal(await send(bank, 'POST', '/vop-registry', { ...payee, iban: 'DE97700205700631807745' }))).toBe(
      'iban: duplicate IBAN "DE97700205700631807745"',
    );
    expect(refusal(await send(bank, 'POST', '/vop-registry', CAFE))).toBe(`iban: duplicate IBAN "${CAFE_IBAN}"`);
    const registry = (await send(bank, 'GET', '/vop-registry?institution=frankfurt')).body;
    expect(registry.payees.filter((p: { added?: boolean }) => p.added).map((p: { iban: string }) => p.iban)).toEqual([CAFE_IBAN, SILENT_IBAN]);
  });
});

describe('POST /simulator/v1/psus', () => {
  it('adds a customer to an institution, 201, answered and listed as GET psus lists the dataset’s', async () => {
    const added = await send(bank, 'POST', '/psus', SIGNER);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      psuId: 'FRA-MIA',
      name: 'Mia Wagner',
      institution: 'frankfurt',
      corporateId: 'FRA-CORP-2',
      signatoryGroup: null,
      scaEnrolled: true,
      approvalLimits: { sepa: { currency: 'EUR', amount: '5000.00' } },
      companyApprovals: { authorisationsRequired: 1 },
    });
    expect(added.body.accounts.map((a: { resourceId: string; iban: string }) => [a.resourceId, a.iban])).toEqual([
      ['FRA-ACC-04', 'DE30500112000001091194'],
      ['FRA-ACC-05', 'DE60500112000001102197'],
    ]);
    const psus = (await send(bank, 'GET', '/psus')).body as { psuId: string }[];
    expect(psus.find((p) => p.psuId === 'FRA-MIA')).toEqual(added.body);
  });

  it('refuses, 400 FORMAT_ERROR naming the field, a customer the dataset could not hold', async () => {
    const other = { ...SIGNER, psuId: 'FRA-OTHER' };
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, age: 40 }))).toBe('the body has no field age');
    expect(refusal(await send(bank, 'POST', '/psus', SIGNER))).toBe('psuId: duplicate psuId "FRA-MIA"');
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, corporateId: 'FRA-CORP-9' }))).toBe('corporateId: unknown corporate customer "FRA-CORP-9"');
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, institution: 'paris' }))).toBe(
      'institution: "paris" differs from the institution "frankfurt" of corporate customer FRA-CORP-2',
    );
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, accounts: [{ resourceId: 'FRA-ACC-01', permissions: ['ais'] }] }))).toBe(
      "accounts[0].resourceId: account belongs to corporate customer FRA-CORP-1, not to the PSU's FRA-CORP-2",
    );
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, approvalLimits: { sepa: { currency: 'EUR', amount: '5k' } } }))).toBe(
      'approvalLimits.sepa.amount: "5k" is not a decimal amount',
    );
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, approvalLimits: { anything: { currency: 'EUR', amount: '5' } } }))).toMatch(
      /^approvalLimits.anything: is not a payment category/,
    );
    expect(refusal(await send(bank, 'POST', '/psus', { ...other, psuId: 'fra other' }))).toMatch(/^psuId: "fra other" is not an id of capitals/);
    const psus = (await send(bank, 'GET', '/psus')).body as { psuId: string }[];
    expect(psus.some((p) => p.psuId === 'FRA-OTHER')).toBe(false);
  });
});

describe('GET and POST /simulator/v1/lessons', () => {
  it('saves a lesson with its options, 201, listed; the added customer plays its role and the added payee answers the payment', async () => {
    const saved = await send(bank, 'POST', '/lessons', MONDAY);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body).toEqual(MONDAY);
    expect((await send(bank, 'GET', '/lessons')).body).toEqual([MONDAY]);

    const run = await runFlow(closeMatchLesson, {
      origin: bank.url,
      credentials: bank.client,
      institution: MONDAY.institution,
      psuIds: MONDAY.psus,
      params: MONDAY.params,
    });
    expect(run.psus.signatory).toBe('FRA-MIA');
    expect(
      run.steps.filter((s) => !s.met).map((s) => s.step.id),
      'every step met',
    ).toEqual([]);
    expect(run.steps.find((s) => s.step.id === 'vop')?.result?.values.reasons).toEqual(['CMTC']);
    const paymentId = run.steps.find((s) => s.step.id === 'payment')?.result?.values.paymentId;
    const payments = (await send(bank, 'GET', '/payments')).body as { paymentId: string; creditors: unknown[] }[];
    expect(payments.find((p) => p.paymentId === paymentId)?.creditors).toEqual([
      {
        name: 'Cafe Mueller Frankfurt',
        iban: CAFE_IBAN,
        amount: '1250.00',
        currency: 'EUR',
        vop: { outcome: 'closeMatch', reasonCode: 'CMTC', additionalInfo: 'Café Müller' },
      },
    ]);
  });

  it('refuses, 400 FORMAT_ERROR, options a run’s start would refuse, a name saved before and undescribed fields', async () => {
    const other = { ...MONDAY, name: 'Tuesday' };
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, date: 'Tuesday' }))).toBe('the body has no field date');
    expect(refusal(await send(bank, 'POST', '/lessons', MONDAY))).toBe(`name: a lesson named "${MONDAY.name}" is saved already: choose another name`);
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, name: '  ' }))).toMatch(/^name: is empty/);
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, flow: 'no-such-flow' }))).toMatch(/^flow: no flow "no-such-flow" in the library/);
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, institution: 'london' }))).toMatch(
      /runs at frankfurt, paris, dusseldorf, brussels, not at london/,
    );
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, params: { ...other.params, amount: 'lots' } }))).toMatch(
      /amount must be an amount in euro/,
    );
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, params: { payee: `match:${CAFE_IBAN}` } }))).toBe(
      `the VoP registry of frankfurt has no payee ${CAFE_IBAN} whose outcome is match`,
    );
    // The added customer may approve €5,000 at most, and may not prepare the payment.
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, params: { ...other.params, amount: '6000.00' } }))).toMatch(/choose a smaller amount/);
    expect(refusal(await send(bank, 'POST', '/lessons', { ...other, psus: { clerk: 'FRA-MIA' } }))).toMatch(
      /^FRA-MIA cannot play “Who prepares the payment” in this lesson/,
    );
    expect((await send(bank, 'GET', '/lessons')).body).toEqual([MONDAY]);
  });
});

describe('New class and a restart', () => {
  it('keep the added payees and customers and the saved lessons, and the payee still answers', async () => {
    const before = (await send(bank, 'GET', '/lessons/export')).body;
    expect(before.payees).toHaveLength(2);
    expect((await newClass(bank)).status).toBe(200);
    expect((await send(bank, 'GET', '/lessons/export')).body).toEqual(before);
    expect((await send(bank, 'GET', '/psus')).body.some((p: { psuId: string }) => p.psuId === 'FRA-MIA')).toBe(true);
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toMatchObject({ outcome: 'closeMatch' });

    // What the data folder holds: the same after a restart on it.
    await bank.sim.close();
    bank = await startTestBank({ dataDir: bank.dataDir });
    expect((await send(bank, 'GET', '/lessons/export')).body).toEqual(before);
    expect((await send(bank, 'GET', '/psus')).body.some((p: { psuId: string }) => p.psuId === 'FRA-MIA')).toBe(true);
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toMatchObject({ outcome: 'closeMatch' });
  });
});

describe('GET /simulator/v1/lessons/export and POST /simulator/v1/lessons/import', () => {
  it('takes everything prepared into a second simulator with its own data folder, once', async () => {
    const file = (await send(bank, 'GET', '/lessons/export')).body;
    expect(file).toMatchObject({ format: 'psd2-workbench-lessons', version: 1 });
    expect(file.psus.map((p: { psuId: string }) => p.psuId)).toEqual(['FRA-MIA']);
    expect(file.lessons).toEqual([MONDAY]);

    const second = await startTestBank();
    try {
      const imported = await send(second, 'POST', '/lessons/import', file);
      expect(imported).toEqual({ status: 200, body: { added: { payees: 2, psus: 1, lessons: 1 }, alreadyThere: 0 } });
      expect((await send(second, 'GET', '/lessons/export')).body).toEqual(file);
      expect((await send(second, 'GET', '/lessons')).body).toEqual([MONDAY]);
      expect(await vopOfPayment(second, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toMatchObject({ outcome: 'closeMatch', additionalInfo: 'Café Müller' });
      expect((await send(second, 'POST', '/lessons/import', file)).body).toEqual({ added: { payees: 0, psus: 0, lessons: 0 }, alreadyThere: 4 });
    } finally {
      await second.stop();
    }
  });

  it('imports all or nothing: a file with one entry that does not fit adds none, naming the entry', async () => {
    const file = (await send(bank, 'GET', '/lessons/export')).body;
    const third = await startTestBank();
    try {
      const broken = { ...file, lessons: [...file.lessons, { ...MONDAY, name: 'Wednesday', psus: { signatory: 'FRA-NOBODY' } }] };
      expect(refusal(await send(third, 'POST', '/lessons/import', broken))).toMatch(
        /^lessons\[1\]: FRA-NOBODY, chosen for the role signatory, is no PSU of frankfurt/,
      );
      const badIban = { ...file, payees: [{ ...file.payees[0], iban: 'DE00500105175407324931' }] };
      expect(refusal(await send(third, 'POST', '/lessons/import', badIban))).toMatch(/^payees\[0\]\.iban: "DE00500105175407324931" is not a valid IBAN/);
      expect(refusal(await send(third, 'POST', '/lessons/import', { ...file, extra: true }))).toBe('the body has no field extra');
      expect(refusal(await send(third, 'POST', '/lessons/import', { ...file, psus: [{ ...file.psus[0], nickname: 'Mia' }] }))).toBe(
        'psus.0 has no field nickname',
      );
      const nothing = (await send(third, 'GET', '/lessons/export')).body;
      expect(nothing).toEqual({ format: 'psd2-workbench-lessons', version: 1, payees: [], psus: [], lessons: [] });
    } finally {
      await third.stop();
    }
  });
});

describe('DELETE /simulator/v1/lessons/{name}, /vop-registry/{institution}/{iban} and /psus/{psuId}', () => {
  /** A refusal in the Berlin Group's shape with its status and code, its text. */
  function refused(answer: Answer, status: number, code: string): string {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.tppMessages[0]).toMatchObject({ category: 'ERROR', code });
    return answer.body.tppMessages[0].text as string;
  }
  const lessonPath = (name: string): string => `/lessons/${encodeURIComponent(name)}`;
  const addedPayees = async (institution: string): Promise<string[]> =>
    (await send(bank, 'GET', `/vop-registry?institution=${institution}`)).body.payees
      .filter((p: { added?: boolean }) => p.added)
      .map((p: { iban: string }) => p.iban);

  it('keep what a saved lesson uses, naming the lesson, and the bank’s own payees and customers, 409 STATUS_INVALID', async () => {
    expect(refused(await send(bank, 'DELETE', '/psus/FRA-MIA'), 409, 'STATUS_INVALID')).toBe(
      `Mia Wagner (FRA-MIA) plays a part in the saved lesson “${MONDAY.name}”: remove the lesson first, then the customer`,
    );
    expect(refused(await send(bank, 'DELETE', `/vop-registry/frankfurt/${CAFE_IBAN}`), 409, 'STATUS_INVALID')).toBe(
      `Café Müller (${CAFE_IBAN}) is the payee of the saved lesson “${MONDAY.name}”: remove the lesson first, then the payee`,
    );
    expect(refused(await send(bank, 'DELETE', '/psus/FRA-CREATOR'), 409, 'STATUS_INVALID')).toBe(
      "FRA-CREATOR is one of the bank's own customers, who stay: only a customer added for a lesson can be removed",
    );
    expect(refused(await send(bank, 'DELETE', '/vop-registry/frankfurt/DE97700205700631807745'), 409, 'STATUS_INVALID')).toMatch(
      /^DE97700205700631807745 is one of the bank's own payees/,
    );
    expect((await send(bank, 'GET', '/lessons/export')).body).toMatchObject({ lessons: [MONDAY], psus: [{ psuId: 'FRA-MIA' }] });
    expect(await addedPayees('frankfurt')).toEqual([CAFE_IBAN, SILENT_IBAN]);

    // Two lessons cast her: both named.
    const tuesday = { ...MONDAY, name: 'Tuesday', params: { amount: '100.00' } };
    expect((await send(bank, 'POST', '/lessons', tuesday)).status).toBe(201);
    expect(refused(await send(bank, 'DELETE', '/psus/FRA-MIA'), 409, 'STATUS_INVALID')).toBe(
      `Mia Wagner (FRA-MIA) plays a part in the saved lessons “${MONDAY.name}”, “Tuesday”: remove those lessons first, then the customer`,
    );
    expect((await send(bank, 'DELETE', lessonPath('Tuesday'))).status).toBe(204);
  });

  it('answer 404 RESOURCE_UNKNOWN for what was never added there', async () => {
    expect(refused(await send(bank, 'DELETE', lessonPath('Thursday')), 404, 'RESOURCE_UNKNOWN')).toBe('no lesson named “Thursday” is saved');
    expect(refused(await send(bank, 'DELETE', '/psus/FRA-NOBODY'), 404, 'RESOURCE_UNKNOWN')).toBe('no customer FRA-NOBODY was added');
    // The payee was added to Frankfurt's registry, not to Paris's.
    expect(refused(await send(bank, 'DELETE', `/vop-registry/paris/${CAFE_IBAN}`), 404, 'RESOURCE_UNKNOWN')).toBe(
      `no payee ${CAFE_IBAN} was added to the VoP registry of paris`,
    );
  });

  it('remove a saved lesson by its name, 204, then what it used; the payee no longer answers, the customer can no longer log in, and a restart keeps it so', async () => {
    const slashed = { name: 'Week 2/3: close match, any payee', flow: CLOSE_MATCH, institution: 'frankfurt' };
    expect((await send(bank, 'POST', '/lessons', slashed)).status).toBe(201);
    expect(await send(bank, 'DELETE', lessonPath(slashed.name))).toEqual({ status: 204, body: null });
    expect((await send(bank, 'DELETE', lessonPath(MONDAY.name))).status).toBe(204);
    expect((await send(bank, 'GET', '/lessons')).body).toEqual([]);
    expect(refused(await send(bank, 'DELETE', lessonPath(MONDAY.name)), 404, 'RESOURCE_UNKNOWN')).toMatch(/^no lesson named/);

    // The payee's bank answered the trainer's name with a close match; removed, the account is one it does not know.
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toMatchObject({ outcome: 'closeMatch' });
    expect((await send(bank, 'DELETE', `/vop-registry/frankfurt/${CAFE_IBAN.toLowerCase()}`)).status).toBe(204);
    expect(await addedPayees('frankfurt')).toEqual([SILENT_IBAN]);
    expect(await vopOfPayment(bank, CAFE_IBAN, 'Cafe Mueller Frankfurt')).toMatchObject({ outcome: 'notApplicable' });

    const session = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-MIA');
    expect((await bank.tpp.accounts(session)).status).toBe(200);
    expect((await send(bank, 'DELETE', '/psus/FRA-MIA')).status).toBe(204);
    expect((await send(bank, 'GET', '/psus')).body.some((p: { psuId: string }) => p.psuId === 'FRA-MIA')).toBe(false);
    const login = await bank.tpp.createConsent('frankfurt', 'FRA-MIA');
    expect(login.status, login.text).toBe(401);
    expect((login.body as any).tppMessages[0].code).toBe('PSU_CREDENTIALS_INVALID');
    // Nor does the consent they gave before removal open their accounts.
    const read = await bank.tpp.accounts(session);
    expect(read.status, read.text).toBe(401);
    expect((read.body as any).tppMessages[0]).toMatchObject({ code: 'CONSENT_INVALID', text: expect.stringMatching(/no longer exists/) });

    const left = (await send(bank, 'GET', '/lessons/export')).body;
    expect(left).toMatchObject({ payees: [{ iban: SILENT_IBAN }], psus: [], lessons: [] });
    await bank.sim.close();
    bank = await startTestBank({ dataDir: bank.dataDir });
    expect((await send(bank, 'GET', '/lessons/export')).body).toEqual(left);
    expect((await bank.tpp.createConsent('frankfurt', 'FRA-MIA')).status).toBe(401);
  });
});
