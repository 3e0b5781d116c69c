import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { validateDataset } from '../../main/domain/dataset/validate';
import { DatasetError } from '../../main/domain/dataset/dataset-error';
import { INSTITUTION_IDS, VOP_OUTCOMES } from '../../main/domain/dataset/schema';
import { isValidIban } from '../../main/domain/iso20022/iban';

const raw: unknown = JSON.parse(readFileSync(new URL('../../resources/datasets/default.json', import.meta.url), 'utf8'));

const REMOVE = Symbol('remove');
type Key = string | number;

/** A deep copy of the default dataset with the value at `path` replaced (or removed). */
function edited(path: readonly Key[], value: unknown): unknown {
  const copy = structuredClone(raw);
  let node: unknown = copy;
  for (const key of path.slice(0, -1)) node = (node as Record<Key, unknown>)[key];
  const last = path.at(-1) ?? '';
  const parent = node as Record<Key, unknown>;
  if (value !== REMOVE) parent[last] = value;
  else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return copy;
}

function problemOf(input: unknown): string {
  try {
    validateDataset(input);
  } catch (e) {
    if (e instanceof DatasetError) return e.message;
    throw e;
  }
  return 'no problem found';
}

describe('the default dataset', () => {
  const dataset = validateDataset(raw);

  it('validates', () => {
    expect(dataset.formatVersion).toBe(1);
    expect(dataset.institutions.map((i) => i.id).sort()).toEqual([...INSTITUTION_IDS].sort());
  });

  it('has per institution a two-authorisation and a one-authorisation customer', () => {
    for (const id of INSTITUTION_IDS) {
      const rules = dataset.corporates.filter((c) => c.institution === id).map((c) => c.approvalRules);
      expect(rules.map((r) => r.authorisationsRequired).sort()).toEqual([1, 2]);
      const two = rules.find((r) => r.authorisationsRequired === 2);
      expect(two?.distinctSignatoryGroups).toBe(true);
      expect(two?.creatorMayAuthoriseSecond).toBe(true);
    }
  });

  it('has per institution the PSUs of every role', () => {
    const prefixes = { london: 'LON', frankfurt: 'FRA', paris: 'PAR', dusseldorf: 'DUS', brussels: 'BRU' } as const;
    for (const id of INSTITUTION_IDS) {
      const ids = dataset.psus.filter((p) => p.institution === id).map((p) => p.psuId);
      for (const role of ['CREATOR', 'APPROVER-A', 'APPROVER-B', 'LOWLIMIT', 'AISONLY', 'NOAPP', 'SOLO', 'CLERK']) {
        expect(ids).toContain(`${prefixes[id]}-${role}`);
      }
    }
    const groups = (suffix: string): (string | null)[] => dataset.psus.filter((p) => p.psuId.endsWith(suffix)).map((p) => p.signatoryGroup);
    expect(new Set(groups('-APPROVER-A'))).toEqual(new Set(['A']));
    expect(new Set(groups('-APPROVER-B'))).toEqual(new Set(['B']));
    expect(dataset.psus.filter((p) => !p.scaEnrolled).map((p) => p.psuId.slice(4))).toEqual(Array(5).fill('NOAPP'));
    for (const p of dataset.psus.filter((x) => x.psuId.endsWith('-AISONLY'))) {
      expect(p.accounts.every((g) => g.permissions.join() === 'ais')).toBe(true);
    }
  });

  it('keeps London out of VoP and gives it UK accounts, one without an IBAN', () => {
    const london = dataset.institutions.find((i) => i.id === 'london');
    expect(london?.verificationOfPayee).toBe(false);
    expect(london?.productLimits?.['pain.001-faster-payments']).toEqual({ currency: 'GBP', amount: '1000000.00' });
    const accounts = dataset.accounts.filter((a) => a.institution === 'london');
    expect(accounts.every((a) => a.currency === 'GBP' && a.sortCode !== undefined && a.accountNumber !== undefined)).toBe(true);
    expect(accounts.filter((a) => a.iban === undefined)).toHaveLength(1);
    expect(dataset.accounts.filter((a) => a.institution !== 'london').every((a) => a.currency === 'EUR')).toBe(true);
  });

  it('lets some institution refuse a product (PRODUCT_UNKNOWN)', () => {
    const brussels = dataset.institutions.find((i) => i.id === 'brussels');
    expect(brussels?.products).not.toContain('pain.001-swift-transfers');
  });

  it('has a payee registry covering every VoP outcome and country', () => {
    const forced = new Set(dataset.payees.map((p) => p.forcedOutcome).filter((o) => o !== undefined));
    expect([...forced].sort()).toEqual(['notApplicable', 'serviceUnavailable', 'timeout']);
    const named = dataset.payees.filter((p) => p.forcedOutcome === undefined).map((p) => p.demonstrates);
    for (const outcome of ['Match', 'Close match', 'No match']) {
      expect(named.some((d) => d.startsWith(outcome))).toBe(true);
    }
    expect(VOP_OUTCOMES).toHaveLength(6);
    expect(new Set(dataset.payees.map((p) => p.iban.slice(0, 2)))).toEqual(new Set(['DE', 'FR', 'BE', 'NL']));
    expect(dataset.payees.every((p) => isValidIban(p.iban))).toBe(true);
  });

  it('has the sandbox data the spec describes', () => {
    const sb = dataset.sandbox;
    expect(new Set(sb.payments.map((p) => p.transactionStatus))).toEqual(new Set(['PATC', 'RJCT', 'n.a.']));
    expect(new Set(sb.payments.map((p) => p.startAuthorisation))).toEqual(new Set(['redirect', 'statusInvalid']));
    expect(new Set(sb.payments.map((p) => p.authorisationScaStatus))).toEqual(new Set(['started', 'finalised']));
    expect(new Set(sb.payments.map((p) => p.cancellation))).toEqual(new Set(['accepted', 'invalid']));
    expect(sb.baskets.map((b) => `${b.scaStatus}/${b.transactionStatus}`).sort()).toEqual(['failed/RJCT', 'finalised/ACTC']);
    expect(sb.baskets.every((b) => b.paymentIds.length >= 2)).toBe(true);
    expect(Object.keys(sb.createdPaymentIds)).toHaveLength(5);
    const enrolled = dataset.psus.filter((p) => p.scaEnrolled).map((p) => p.psuId);
    expect(sb.consents.map((c) => c.psuId).sort()).toEqual(enrolled.sort());
  });
});

describe('validateDataset accepts', () => {
  it('a time zone Intl knows by an alias, though its list of zones names only canonical ones', () => {
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('UTC');
    expect(problemOf(edited(['institutions', 2, 'calendar', 'timeZone'], 'UTC'))).toBe('no problem found');
  });
});

describe('validateDataset refuses', () => {
  it.each<[string, Key[], unknown, string]>([
    [
      'a comma decimal',
      ['psus', 3, 'approvalLimits', 'sepa'],
      { currency: 'GBP', amount: '12,00' },
      'psus[3].approvalLimits.sepa.amount: "12,00" is not a decimal amount',
    ],
    [
      'bad IBAN check digits',
      ['accounts', 5, 'iban'],
      'DE38500112000001058185',
      'accounts[5].iban: "DE38500112000001058185" is not a valid IBAN: check digits 38 are wrong (expected 37)',
    ],
    ['a bad payee IBAN', ['payees', 0, 'iban'], 'DE9437050299112938475', 'payees[0].iban: "DE9437050299112938475" is not a valid IBAN: has 21 characters'],
    [
      'a bad counterparty IBAN',
      ['accounts', 5, 'history', 'recurring', 0, 'counterpartyIban'],
      'DE00100900440004910986',
      'accounts[5].history.recurring[0].counterpartyIban: "DE00100900440004910986" is not a valid IBAN',
    ],
    ['an unknown corporateId of a PSU', ['psus', 3, 'corporateId'], 'LON-CORP-9', 'psus[3].corporateId: unknown corporate customer "LON-CORP-9"'],
    ['an unknown corporateId of an account', ['accounts', 2, 'corporateId'], 'NOPE', 'accounts[2].corporateId: unknown corporate customer "NOPE"'],
    [
      'an unknown product',
      ['institutions', 1, 'products', 0],
      'pain.001-instant',
      'institutions[1].products[0]: "pain.001-instant" is not one of pain.001-sepa-credit-transfers',
    ],
    ['an unknown institution', ['corporates', 0, 'institution'], 'berlin', 'corporates[0].institution: "berlin" is not one of london, frankfurt'],
    [
      'an unknown permission',
      ['psus', 0, 'accounts', 0, 'permissions', 1],
      'pay',
      'psus[0].accounts[0].permissions[1]: "pay" is not one of ais, paymentCreation, paymentAuthorisation',
    ],
    [
      'an unknown approval category',
      ['psus', 0, 'approvalLimits', 'bulk'],
      { currency: 'GBP', amount: '1.00' },
      'psus[0].approvalLimits.bulk: is not a payment category',
    ],
    [
      'an unknown forced VoP outcome',
      ['payees', 0, 'forcedOutcome'],
      'match',
      'payees[0].forcedOutcome: "match" is not one of notApplicable, serviceUnavailable, timeout',
    ],
    ['a missing PSU field', ['psus', 2, 'role'], REMOVE, 'psus[2].role: is missing'],
    ['a missing institution field', ['institutions', 0, 'calendar'], REMOVE, 'institutions[0].calendar: is missing'],
    [
      'a misspelt field',
      ['corporates', 0, 'approvalRules', 'singleAuthorisationUpto'],
      [],
      'corporates[0].approvalRules.singleAuthorisationUpto: is not a field of this object',
    ],
    ['a duplicate psuId', ['psus', 1, 'psuId'], 'LON-CREATOR', 'psus[1].psuId: duplicate psuId "LON-CREATOR"'],
    ['a duplicate account', ['accounts', 1, 'resourceId'], 'LON-ACC-01', 'accounts[1].resourceId: duplicate resourceId "LON-ACC-01"'],
    ['a duplicate account IBAN', ['accounts', 1, 'iban'], 'GB44NBRB16582041732917', 'accounts[1].iban: duplicate IBAN "GB44NBRB16582041732917"'],
    ['a duplicate institution', ['institutions', 4, 'id'], 'paris', 'institutions[4].id: duplicate institution id "paris"'],
    ['a missing institution', ['institutions', 4], REMOVE, 'institutions: no entry for institution "brussels"'],
    ['VoP at London', ['institutions', 0, 'verificationOfPayee'], true, 'institutions[0].verificationOfPayee: must be false for london'],
    ['eIDAS at London', ['institutions', 0, 'trustFramework'], 'eidas', 'institutions[0].trustFramework: must be "uk-open-banking" for london'],
    [
      'a cut-off of a product not offered',
      ['institutions', 4, 'cutOffs', 'pain.001-swift-transfers'],
      '14:00',
      'institutions[4].cutOffs["pain.001-swift-transfers"]: product is not offered by brussels',
    ],
    [
      'a product limit of a product not offered',
      ['institutions', 1, 'productLimits'],
      { 'pain.001-faster-payments': { currency: 'GBP', amount: '1.00' } },
      'institutions[1].productLimits["pain.001-faster-payments"]: product is not offered by frankfurt',
    ],
    [
      'a cut-off that is not HH:MM',
      ['institutions', 1, 'cutOffs', 'pain.001-sepa-credit-transfers'],
      '9:30',
      'institutions[1].cutOffs["pain.001-sepa-credit-transfers"]: "9:30" is not a time HH:MM',
    ],
    ['a cut-off after midnight', ['institutions', 1, 'cutOffs', 'pain.001-sepa-credit-transfers'], '24:00', 'is not a time HH:MM'],
    [
      'a processing delay that is not a duration',
      ['institutions', 1, 'processingDelays', 'pain.001-sepa-credit-transfers'],
      '15 minutes',
      'institutions[1].processingDelays["pain.001-sepa-credit-transfers"]: "15 minutes" is not an ISO-8601 duration',
    ],
    [
      'a processing delay in months',
      ['institutions', 1, 'processingDelays', 'pain.001-swift-transfers'],
      'P1M',
      'institutions[1].processingDelays["pain.001-swift-transfers"]: "P1M" is not an ISO-8601 duration',
    ],
    [
      'a processing delay over a week',
      ['institutions', 0, 'processingDelays', 'pain.001-chaps-payments'],
      'P8D',
      'institutions[0].processingDelays["pain.001-chaps-payments"]: "P8D" is not an ISO-8601 duration',
    ],
    [
      'a missing processing delay of a product offered',
      ['institutions', 1, 'processingDelays', 'pain.001-swift-transfers'],
      REMOVE,
      'institutions[1].processingDelays["pain.001-swift-transfers"]: is missing',
    ],
    [
      'a processing delay of a product not offered',
      ['institutions', 4, 'processingDelays', 'pain.001-swift-transfers'],
      'PT1H',
      'institutions[4].processingDelays["pain.001-swift-transfers"]: product is not offered by brussels',
    ],
    ['no processing delays', ['institutions', 2, 'processingDelays'], REMOVE, 'institutions[2].processingDelays: is missing'],
    [
      'an impossible holiday',
      ['institutions', 2, 'calendar', 'holidays', 0],
      '2026-02-30',
      'institutions[2].calendar.holidays[0]: "2026-02-30" is not an ISO date (YYYY-MM-DD)',
    ],
    [
      'an unknown time zone',
      ['institutions', 2, 'calendar', 'timeZone'],
      'Europe/Atlantis',
      'institutions[2].calendar.timeZone: "Europe/Atlantis" is not an IANA time zone',
    ],
    ['a weekend day out of range', ['institutions', 2, 'calendar', 'weekendDays', 1], 7, 'institutions[2].calendar.weekendDays[1]: 7 is outside 0..6'],
    [
      'three authorisations',
      ['corporates', 0, 'approvalRules', 'authorisationsRequired'],
      3,
      'corporates[0].approvalRules.authorisationsRequired: 3 is not one of 1, 2',
    ],
    [
      'a boolean as a string',
      ['corporates', 0, 'approvalRules', 'distinctSignatoryGroups'],
      'yes',
      'corporates[0].approvalRules.distinctSignatoryGroups: "yes" is not a boolean',
    ],
    ['a lower-case currency', ['accounts', 0, 'currency'], 'gbp', 'accounts[0].currency: "gbp" is not an ISO 4217 currency code'],
    ['a bad BIC', ['institutions', 3, 'bic'], 'NBRB DEDD', 'institutions[3].bic: "NBRB DEDD" is not a BIC'],
    ['a bad sort code', ['accounts', 0, 'sortCode'], '16-5820', 'accounts[0].sortCode: "16-5820" is not a sort code NN-NN-NN'],
    ['a 7-digit account number', ['accounts', 0, 'accountNumber'], '4173291', 'accounts[0].accountNumber: "4173291" is not an 8-digit account number'],
    ['an account without any identifier', ['accounts', 2, 'sortCode'], REMOVE, 'accounts[2].sortCode: is missing: sortCode and accountNumber go together'],
    ['a balance with a comma', ['accounts', 5, 'balance'], '2.318.904,72', 'accounts[5].balance: "2.318.904,72" is not a signed decimal amount'],
    [
      'a day of month beyond 28',
      ['accounts', 5, 'history', 'recurring', 0, 'dayOfMonth'],
      31,
      'accounts[5].history.recurring[0].dayOfMonth: 31 is outside 1..28',
    ],
    ['a fractional seed', ['accounts', 5, 'history', 'seed'], 1.5, 'accounts[5].history.seed: 1.5 is not an integer'],
    [
      'a PSU at another institution than its corporate',
      ['psus', 0, 'institution'],
      'paris',
      'psus[0].institution: "paris" differs from the institution "london" of corporate customer LON-CORP-1',
    ],
    ['a grant of an unknown account', ['psus', 0, 'accounts', 0, 'resourceId'], 'LON-ACC-99', 'psus[0].accounts[0].resourceId: unknown account "LON-ACC-99"'],
    [
      "a grant of another customer's account",
      ['psus', 0, 'accounts', 0, 'resourceId'],
      'LON-ACC-04',
      "psus[0].accounts[0].resourceId: account belongs to corporate customer LON-CORP-2, not to the PSU's LON-CORP-1",
    ],
    ['an empty signatory group', ['psus', 1, 'signatoryGroup'], '', 'psus[1].signatoryGroup: is empty'],
    [
      'a sandbox payment of an unknown product',
      ['sandbox', 'payments', 0, 'product'],
      'pain.001-cheques',
      'sandbox.payments[0].product: "pain.001-cheques" is not one of',
    ],
    [
      'a sandbox status outside the spec',
      ['sandbox', 'payments', 0, 'transactionStatus'],
      'ACCP',
      'sandbox.payments[0].transactionStatus: "ACCP" is not one of PATC, RJCT, n.a.',
    ],
    [
      'a template outside the resources',
      ['sandbox', 'payments', 0, 'templateFile'],
      '../../etc/passwd',
      'sandbox.payments[0].templateFile: "../../etc/passwd" must be a relative path inside the resources folder',
    ],
    [
      'a basket of an unknown payment',
      ['sandbox', 'baskets', 0, 'paymentIds', 0],
      'SANDBOX-NOPE',
      'sandbox.baskets[0].paymentIds[0]: unknown sandbox payment "SANDBOX-NOPE"',
    ],
    [
      'a finalised basket in RJCT',
      ['sandbox', 'baskets', 0, 'transactionStatus'],
      'RJCT',
      'sandbox.baskets[0].transactionStatus: RJCT does not go with scaStatus finalised',
    ],
    [
      'a basket with no payment answering at an institution',
      ['sandbox', 'baskets', 0, 'paymentIds'],
      ['SANDBOX-CHAPS-PATC'],
      'sandbox.baskets[0].paymentIds: no payment of a product frankfurt offers',
    ],
    [
      'a fixed basket with nothing answering at London',
      ['sandbox', 'createdBasketPaymentIds'],
      ['SANDBOX-SEPA-PATC-OPEN'],
      'sandbox.createdBasketPaymentIds: no payment of a product london offers',
    ],
    [
      'a fixed basket of an unknown payment',
      ['sandbox', 'createdBasketPaymentIds', 0],
      'SANDBOX-NOPE',
      'sandbox.createdBasketPaymentIds[0]: unknown sandbox payment "SANDBOX-NOPE"',
    ],
    ['a fixed basket without payments', ['sandbox', 'createdBasketPaymentIds'], REMOVE, 'sandbox.createdBasketPaymentIds: is missing'],
    ['a consent of an unknown PSU', ['sandbox', 'consents', 0, 'psuId'], 'XXX-CREATOR', 'sandbox.consents[0].psuId: unknown PSU "XXX-CREATOR"'],
    ['another format version', ['formatVersion'], 2, 'formatVersion: 2 is not a supported format version (1)'],
  ])('%s', (_name, path, value, message) => {
    expect(problemOf(edited(path, value))).toContain(message);
  });

  it('a message that starts with the path of the problem', () => {
    expect(problemOf(edited(['psus', 3, 'approvalLimits', 'sepa'], { currency: 'GBP', amount: '12,00' }))).toBe(
      'psus[3].approvalLimits.sepa.amount: "12,00" is not a decimal amount',
    );
  });

  it('what is not an object, with a DatasetError carrying the path', () => {
    expect(() => validateDataset(null)).toThrow(DatasetError);
    expect(problemOf(null)).toBe('(dataset): null is not an object');
    expect(problemOf([])).toBe('(dataset): [] is not an object');
    let error: unknown;
    try {
      validateDataset(edited(['accounts', 5, 'iban'], 'DE00500112000001058185'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatasetError);
    expect(error).toMatchObject({ name: 'DatasetError', path: 'accounts[5].iban' });
  });
});
