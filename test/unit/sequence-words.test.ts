// The diagram's words: every operation of the flow library (and the control API's paths) says what
// happens in plain words, the bank's refusals say why, and a step's token requests are one arrow.
import { describe, expect, it } from 'vitest';
import type { FlowExchange, SignatureDiagnosis } from '../../preload/api/workbench-api';
import { OPERATIONS, type OperationName } from '../../main/flows/library/operations';
import { arrowGroups } from '../../renderer/src/screens/flows/sequence/layout';
import { codeWords, durationWords, exchangeWords, type WordsInput } from '../../renderer/src/screens/flows/sequence/words';

const API = '/frankfurt/berlingroup/v1';
const ID = '6f1c2a3b-1111-4222-8333-944455556666';
const PAYMENT = `${API}/payments/pain.001-sepa-credit-transfers`;
const TX = '<CdtTrfTxInf><Amt/></CdtTrfTxInf>';

type Sample = [WordsInput['actor'], string, string, string | null, string];

/** Each operation's requests (psuSession's five), with the words each must get. */
const BY_OPERATION: Record<OperationName, Sample[]> = {
  tokenClientCredentials: [['tpp', 'POST', '/frankfurt/oauth/v1/token', 'grant_type=client_credentials', 'TPP gets a token']],
  createConsent: [['tpp', 'POST', `${API}/consents`, '{"access":{}}', 'TPP asks for a consent']],
  consentStatus: [['tpp', 'GET', `${API}/consents/${ID}/status`, null, 'TPP checks the consent’s status']],
  openScaLink: [['psuBrowser', 'GET', `/sca/${ID}`, null, 'PSU’s browser opens the SCA link']],
  psuDecides: [
    ['psuApp', 'POST', `/simulator/v1/sca/${ID}`, '{"action":"approve"}', 'PSU approves in the bank’s app'],
    ['psuApp', 'POST', `/simulator/v1/sca/${ID}`, '{"action":"reject"}', 'PSU rejects'],
  ],
  scaJourney: [['psuApp', 'GET', '/simulator/v1/sca', null, 'PSU’s bank app shows the approval']],
  authorize: [['psuBrowser', 'GET', `/frankfurt/sandboxauth/v1/authorize?client_id=x&scope=${ID}`, null, 'PSU’s browser gets a code for the TPP']],
  exchangeCode: [['tpp', 'POST', '/frankfurt/oauth/v1/token', 'grant_type=authorization_code&code=abc', 'TPP swaps the code for a token']],
  psuSession: [
    ['tpp', 'POST', `${API}/consents`, '{}', 'TPP asks for a consent'],
    ['psuBrowser', 'GET', `/sca/${ID}`, null, 'PSU’s browser opens the SCA link'],
    ['psuApp', 'POST', `/simulator/v1/sca/${ID}`, '{"action":"approve"}', 'PSU approves in the bank’s app'],
    ['psuBrowser', 'GET', '/frankfurt/sandboxauth/v1/authorize?scope=x', null, 'PSU’s browser gets a code for the TPP'],
    ['tpp', 'POST', '/frankfurt/oauth/v1/token', 'grant_type=authorization_code', 'TPP swaps the code for a token'],
  ],
  refreshToken: [['tpp', 'POST', '/frankfurt/oauth/v1/token', 'grant_type=refresh_token&refresh_token=r', 'TPP refreshes its token']],
  getConsent: [['tpp', 'GET', `${API}/consents/${ID}`, null, 'TPP reads the consent']],
  deleteConsent: [['tpp', 'DELETE', `${API}/consents/${ID}`, null, 'TPP deletes the consent']],
  getAccounts: [['tpp', 'GET', `${API}/accounts?withBalance=true`, null, 'TPP reads the PSU’s accounts']],
  getAccount: [['tpp', 'GET', `${API}/accounts/acc-1`, null, 'TPP reads an account’s details']],
  getBalances: [['tpp', 'GET', `${API}/accounts/acc-1/balances`, null, 'TPP reads the balances']],
  getTransactions: [['tpp', 'GET', `${API}/accounts/acc-1/transactions?dateFrom=2026-01-01`, null, 'TPP reads the transactions']],
  createPayment: [
    ['tpp', 'POST', PAYMENT, `<Document>${TX}</Document>`, 'TPP initiates a payment'],
    ['tpp', 'POST', `${API}/payments/pain.001-sepa-credit-transfers`, `<Document>${TX}${TX}${TX}</Document>`, 'TPP initiates a bulk payment (3 transfers)'],
  ],
  getPayment: [['tpp', 'GET', `${PAYMENT}/${ID}`, null, 'TPP reads the payment']],
  paymentStatus: [['tpp', 'GET', `${PAYMENT}/${ID}/status`, null, 'TPP checks the payment’s status']],
  startAuthorisation: [['tpp', 'POST', `${PAYMENT}/${ID}/authorisations`, null, 'TPP starts an authorisation of the payment']],
  getAuthorisation: [['tpp', 'GET', `${PAYMENT}/${ID}/authorisations/${ID}`, null, 'TPP checks the authorisation']],
  cancelPayment: [['tpp', 'DELETE', `${PAYMENT}/${ID}`, null, 'TPP cancels the payment']],
  createBasket: [['tpp', 'POST', `${API}/signing-baskets`, '{"paymentIds":["a","b"]}', 'TPP asks for a signing basket']],
  getBasket: [['tpp', 'GET', `${API}/signing-baskets/${ID}`, null, 'TPP reads the signing basket']],
  confirmFunds: [['tpp', 'POST', `${API}/funds-confirmations`, '{}', 'TPP asks whether the funds are there']],
  advanceClock: [
    ['operator', 'POST', '/simulator/v1/clock', '{"advance":"PT6S"}', 'Operator moves the clock 6 s on'],
    ['operator', 'POST', '/simulator/v1/clock', '{"advance":"P90D"}', 'Operator moves the clock 90 days on'],
  ],
  setClock: [['operator', 'POST', '/simulator/v1/clock', '{"set":"2026-03-29T00:30:00Z"}', 'Operator sets the clock to 2026-03-29 00:30 UTC']],
  processPayment: [
    ['operator', 'POST', `/simulator/v1/payments/${ID}/processing`, '{"outcome":"ACCP"}', 'Bank’s back office accepts the payment'],
    ['operator', 'POST', `/simulator/v1/payments/${ID}/processing`, '{"outcome":"RJCT","reason":"AM04"}', 'Bank’s back office rejects the payment (AM04)'],
  ],
  addFault: [
    ['operator', 'POST', '/simulator/v1/faults', '{"match":{},"action":{"status":503}}', 'Operator sets a fault: unavailable for a moment'],
    ['operator', 'POST', '/simulator/v1/faults', '{"match":{},"action":{"delay":{"uniform":[1,2]}}}', 'Operator sets a fault: delay'],
    ['operator', 'POST', '/simulator/v1/faults', '{"match":{},"action":{"drop":"reset"}}', 'Operator sets a fault: dropped connection'],
  ],
  clearFaults: [
    ['operator', 'DELETE', '/simulator/v1/faults/3', null, 'Operator removes fault rule 3'],
    ['operator', 'DELETE', '/simulator/v1/faults', null, 'Operator removes every fault rule'],
  ],
};

/** The control API's other writes a run or the trainer may make. */
const CONTROL: Sample[] = [
  ['operator', 'POST', '/simulator/v1/clock', '{"paused":true}', 'Operator pauses the clock'],
  ['operator', 'POST', '/simulator/v1/clock', '{"paused":false}', 'Operator lets the clock run'],
  ['psuApp', 'POST', `/simulator/v1/consents/${ID}/revoke`, '{}', 'PSU revokes the consent in the bank’s app'],
  ['operator', 'POST', '/simulator/v1/reset', '{}', 'Operator resets the bank'],
  ['operator', 'POST', '/simulator/v1/rate-limit', '{"perSecond":5}', 'Operator sets the rate limit'],
  ['operator', 'POST', '/simulator/v1/service-blocks', '{"institution":"paris"}', 'Operator blocks the consent service'],
  ['operator', 'DELETE', '/simulator/v1/service-blocks', '{"institution":"paris"}', 'Operator unblocks the consent service'],
  ['tpp', 'POST', '/frankfurt/oauth/v1/register', '{}', 'TPP registers as a client'],
  ['tpp', 'POST', '/frankfurt/sandbox/v1/signature', '{}', 'TPP asks the bank to sign a sample'],
  ['tpp', 'POST', '/frankfurt/sandbox/v1/signature/validation', '{}', 'TPP asks the bank to check a signature'],
  ['tpp', 'POST', `${API}/consents/${ID}/authorisations`, null, 'TPP starts an authorisation of the consent'],
  ['tpp', 'POST', `${API}/signing-baskets/${ID}/authorisations`, null, 'TPP starts an authorisation of the basket'],
  ['tpp', 'DELETE', `${API}/signing-baskets/${ID}`, null, 'TPP deletes the signing basket'],
];

const input = ([actor, method, url, requestBody]: Sample, answer: Partial<WordsInput> = {}): WordsInput => ({ actor, method, url, requestBody, ...answer });

describe('the words of each exchange', () => {
  it('covers every operation of the flow library', () => {
    expect(Object.keys(BY_OPERATION).sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  for (const [operation, samples] of Object.entries(BY_OPERATION)) {
    it(`says what ${operation} does`, () => {
      for (const sample of samples) expect(exchangeWords(input(sample, { status: 200, responseBody: '{}' })).action).toBe(sample[4]);
    });
  }

  it('says what the control API’s other writes and the other bank endpoints do', () => {
    for (const sample of CONTROL) expect(exchangeWords(input(sample)).action).toBe(sample[4]);
  });

  it('names the sender and the request when the path is not one it knows', () => {
    expect(exchangeWords({ actor: 'tpp', method: 'PATCH', url: `${API}/consents/x/y/z`, requestBody: null }).action).toBe(
      `TPP sends PATCH ${API}/consents/x/y/z`,
    );
    expect(exchangeWords({ actor: 'operator', method: 'POST', url: '/simulator/v1/unknown', requestBody: null }).action).toBe(
      'Operator sends POST /simulator/v1/unknown',
    );
  });

  it('marks token requests, and only those, to be drawn together', () => {
    expect(exchangeWords({ actor: 'tpp', method: 'POST', url: '/paris/oauth/v1/token', requestBody: 'grant_type=client_credentials' }).token).toBe(true);
    expect(exchangeWords({ actor: 'tpp', method: 'POST', url: '/paris/oauth/v1/register', requestBody: '{}' }).token).toBe(false);
    expect(exchangeWords({ actor: 'tpp', method: 'POST', url: `${API}/consents`, requestBody: '{}' }).token).toBe(false);
  });
});

describe('the words of the bank’s answer', () => {
  const consent: Sample = ['tpp', 'POST', `${API}/consents`, '{}', ''];
  const invalid: SignatureDiagnosis['verdict'] = { valid: false, code: 'SIGNATURE_INVALID', status: 401, text: 'digest differs', checkId: 'digest-matches' };

  it('says why the bank refused: the signature verdict first', () => {
    const signature = { verdict: invalid } as SignatureDiagnosis;
    // Not the body's code: the verdict's, the bank's own finding on the signature.
    const body = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'x' }] });
    expect(exchangeWords(input(consent, { status: 401, responseBody: body, signature })).answer).toBe('Bank refuses: signature invalid');
  });

  it('then the Berlin Group error with its cause in words, then the OAuth error, then the status in words', () => {
    const berlin = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_EXPIRED', text: 'x' }] });
    expect(exchangeWords(input(consent, { status: 401, responseBody: berlin })).answer).toBe('Bank refuses: consent expired');
    const vopRunning = JSON.stringify({
      tppMessages: [{ category: 'ERROR', code: 'STATUS_INVALID', text: 'payment p: Verification of Payee is still in progress (RECI); retrieve the status' }],
    });
    expect(exchangeWords(input(consent, { status: 409, responseBody: vopRunning })).answer).toBe('Bank refuses: the name check is still running');
    const stateOnly = JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'STATUS_INVALID', text: 'something else' }] });
    expect(exchangeWords(input(consent, { status: 409, responseBody: stateOnly })).answer).toBe('Bank refuses: not possible in this state');
    const oauth = JSON.stringify({ error: 'invalid_grant' });
    expect(exchangeWords(input(consent, { status: 400, responseBody: oauth })).answer).toBe('Bank refuses: invalid grant');
    expect(exchangeWords(input(consent, { status: 404, responseBody: 'not json' })).answer).toBe('Bank refuses: not found');
    expect(exchangeWords(input(consent, { status: 503, responseBody: '' })).answer).toBe('Bank cannot answer: unavailable for a moment');
    expect(exchangeWords(input(consent, { status: 0, responseBody: '' })).answer).toBe('Bank does not answer');
  });

  it('tells a status the bank answered in words, and nothing when there is none', () => {
    expect(exchangeWords(input(consent, { status: 201, responseBody: '{"consentStatus":"received","consentId":"c"}' })).answer).toBe(
      'Bank answers: the consent waits for the customer',
    );
    expect(exchangeWords(input(consent, { status: 201, responseBody: '{"transactionStatus":"PATC","paymentId":"p"}' })).answer).toBe(
      'Bank answers: the payment waits for approval',
    );
    expect(exchangeWords(input(consent, { status: 201, responseBody: '{"scaStatus":"started"}' })).answer).toBe('Bank answers: here is the approval link');
    expect(exchangeWords(input(consent, { status: 200, responseBody: '{"fundsAvailable":false}' })).answer).toBe('Bank answers: no funds');
    expect(exchangeWords(input(consent, { status: 200, responseBody: '<Document><GrpSts>ACCP</GrpSts></Document>' })).answer).toBe(
      'Bank answers: the payment is processed',
    );
    expect(exchangeWords(input(consent, { status: 200, responseBody: '{"accounts":[]}' })).answer).toBeNull();
    expect(exchangeWords(input(consent)).answer).toBeNull();
  });

  it('tells what the payee’s bank said of the name, from the status report’s reason', () => {
    const report = (...reasons: [string, string][]): string =>
      `<Document><TxInfAndSts><TxSts>PATC</TxSts>${reasons.map(([code, info]) => `<StsRsnInf><Rsn><Cd>${code}</Cd></Rsn><AddtlInf>${info}</AddtlInf></StsRsnInf>`).join('')}</TxInfAndSts></Document>`;
    const said = (body: string): string | null => exchangeWords(input(consent, { status: 200, responseBody: body })).answer;
    expect(said(report(['CMTC', 'Müller Logistik GmbH']))).toBe('Payee’s bank says: close match');
    expect(said(report(['NMTC', 'No match']))).toBe('Payee’s bank says: no match');
    expect(said(report(['RECI', 'VoP in progress']))).toBe('Payee’s bank has not answered yet');
    expect(said(report(['NOAP', 'VoP not possible: no response from the payee’s PSP within the time limit']))).toBe('Payee’s bank says: no answer in time');
    expect(said(report(['NOAP', 'VoP not possible: service unavailable']))).toBe('Payee’s bank says: out of service');
    expect(said(report(['NOAP', 'VoP not applicable: a savings account']))).toBe('Payee’s bank says: cannot be checked');
    expect(said(report(['CMTC', 'A'], ['NMTC', 'B']))).toBe('Payee’s banks say: close match, no match');
    // A match has no reason: the payment's status, in words.
    expect(said(report())).toBe('Bank answers: the payment waits for approval');
  });

  it('turns codes and durations into words', () => {
    expect(codeWords('TOKEN_INVALID')).toBe('token invalid');
    expect(durationWords('PT6S')).toBe('6 s');
    expect(durationWords('PT5M')).toBe('5 min');
    expect(durationWords('PT1H30M')).toBe('1 h 30 min');
    expect(durationWords('P1D')).toBe('1 day');
    expect(durationWords('P1M')).toBe('1 month');
    expect(durationWords('nonsense')).toBe('nonsense');
  });
});

describe('a step’s arrows', () => {
  const exchange = (seq: number, url: string, failed = false): FlowExchange => ({
    seq,
    actor: 'tpp',
    method: 'POST',
    url,
    requestHeaders: {},
    requestBody: 'grant_type=client_credentials',
    status: failed ? 401 : 200,
    responseHeaders: {},
    responseBody: '{}',
    durationMs: 1,
    at: '2026-03-02T10:00:00Z',
    exchangeId: seq,
    signature: null,
    failed,
  });
  const TOKEN = '/frankfurt/oauth/v1/token';

  it('draws token requests one after another as one arrow, anything else on its own', () => {
    const groups = arrowGroups([exchange(1, TOKEN), exchange(2, TOKEN), exchange(3, TOKEN), exchange(4, `${API}/consents`), exchange(5, TOKEN)]);
    expect(groups.map((g) => g.map((e) => e.seq))).toEqual([[1, 2, 3], [4], [5]]);
  });

  it('keeps a refused token request apart from the ones that were given', () => {
    const groups = arrowGroups([exchange(1, TOKEN), exchange(2, TOKEN, true), exchange(3, `${API}/consents`), exchange(4, `${API}/consents`)]);
    expect(groups.map((g) => g.map((e) => e.seq))).toEqual([[1], [2], [3], [4]]);
  });
});
