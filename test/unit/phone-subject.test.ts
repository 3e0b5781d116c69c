// During a lesson the phone belongs to the step the class sees: the decision awaited, the approval the
// step started, opened, decided or let run out, the payment it created or reads; never a finished card of
// an earlier step (the setup's approved consents while the payment is checked). And the step's caption
// says what this payment got from the name check, its codes in small print.
import { describe, expect, it } from 'vitest';
import type { FlowExchange, FlowRunState, FlowStepRun, FlowStepSummary, ScaJourney } from '../../preload/api/workbench-api';
import { checkResultWords, lessonStep } from '../../renderer/src/state/lesson-step';
import { phoneSubject } from '../../renderer/src/state/phone-subject';

const API = '/frankfurt/berlingroup/v1';
const PAYMENTS = `${API}/payments/pain.001-sepa-credit-transfers`;
const CONSENT_JOURNEY = '11111111-1111-4111-8111-111111111111';
const PAYMENT_JOURNEY = '22222222-2222-4222-8222-222222222222';
const PAYMENT = '33333333-3333-4333-8333-333333333333';

let seq = 0;
function exchange(method: string, url: string, status: number, responseBody = '{}', actor: FlowExchange['actor'] = 'tpp'): FlowExchange {
  return {
    seq: ++seq,
    actor,
    method,
    url,
    requestHeaders: {},
    requestBody: null,
    status,
    responseHeaders: {},
    responseBody,
    durationMs: 1,
    at: '2026-03-02T10:00:00Z',
    exchangeId: null,
    signature: null,
    failed: status >= 400,
  };
}

const link = (journeyId: string) => `"_links":{"scaRedirect":{"href":"http://127.0.0.1:1/sca/${journeyId}"}}`;
const report = (reason: string, info: string) =>
  `<Document><TxInfAndSts><TxSts>PATC</TxSts><StsRsnInf><Rsn><Cd>${reason}</Cd></Rsn><AddtlInf>${info}</AddtlInf></StsRsnInf></TxInfAndSts></Document>`;

/** A VoP lesson's steps, as run: the setup's consent approved on the PSU's behalf, the payment, its status, the approval. */
const STEPS: Record<string, FlowExchange[]> = {
  setup: [
    exchange('POST', `${API}/consents`, 201, `{"consentStatus":"received",${link(CONSENT_JOURNEY)}}`),
    exchange('GET', `/sca/${CONSENT_JOURNEY}`, 200, '<html></html>', 'psuBrowser'),
    exchange('POST', `/simulator/v1/sca/${CONSENT_JOURNEY}`, 200, `{"journeyId":"${CONSENT_JOURNEY}","status":"finalised"}`, 'psuApp'),
    exchange('POST', '/frankfurt/oauth/v1/token', 200, '{"access_token":"t"}'),
  ],
  payment: [exchange('POST', PAYMENTS, 201, `{"transactionStatus":"PATC","paymentId":"${PAYMENT}"}`)],
  vop: [exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, report('CMTC', 'Müller Logistik GmbH'))],
  time: [exchange('POST', '/simulator/v1/clock', 200, '{"now":"2026-03-02T10:05:00Z"}', 'operator')],
  start: [exchange('POST', `${PAYMENTS}/${PAYMENT}/authorisations`, 201, `{"scaStatus":"started",${link(PAYMENT_JOURNEY)}}`)],
  open: [exchange('GET', `/sca/${PAYMENT_JOURNEY}`, 200, '<html></html>', 'psuBrowser')],
  read: [exchange('GET', `${PAYMENTS}/${PAYMENT}/authorisations/a1`, 200, '{"scaStatus":"failed"}')],
  account: [exchange('GET', `${API}/accounts`, 200, '{"accounts":[]}')],
};

const stepRun = (id: string, n: number, at = ['2026-03-02T10:00:00.000Z', '2026-03-02T10:00:00.000Z']): FlowStepRun => ({
  number: n,
  step: { id, title: id, explanation: '', spec: '' } as FlowStepSummary,
  fromFlow: true,
  exchanges: STEPS[id] ?? [],
  status: 200,
  met: true,
  unmet: [],
  error: null,
  changes: [],
  startedAt: at[0] ?? '',
  finishedAt: at[1] ?? '',
});

function run(ids: string[], patch: Partial<FlowRunState> = {}, times: Record<string, [string, string]> = {}): FlowRunState {
  return {
    runId: 'r',
    flow: { steps: [] } as unknown as FlowRunState['flow'],
    institution: 'frankfurt',
    psus: { clerk: 'FRA-CLERK', signatory: 'FRA-SOLO' },
    params: {},
    autoApprove: false,
    pauseClock: true,
    phase: 'ready',
    steps: ids.map((id, i) => stepRun(id, i + 1, times[id])),
    nextStep: { id: 'next', title: 'Next', explanation: '', spec: '' } as FlowStepSummary,
    current: [],
    pending: null,
    met: null,
    startedAt: '',
    finishedAt: null,
    replayOf: null,
    imported: false,
    ...patch,
  };
}

const journey = (journeyId: string, status: ScaJourney['status'], finishedAt: string | null = null): ScaJourney =>
  ({ journeyId, psuId: 'FRA-SOLO', status, finishedAt, kind: 'payment-authorisation' }) as ScaJourney;
const JOURNEYS = [journey(CONSENT_JOURNEY, 'finalised', '2026-03-02T10:00:00.000Z'), journey(PAYMENT_JOURNEY, 'opened')];

describe('the phone of a lesson’s step', () => {
  it('shows the setup’s approval in its own step, and no longer once the payment is the subject', () => {
    expect(phoneSubject(run(['setup']), JOURNEYS)).toEqual({ kind: 'journey', journeyId: CONSENT_JOURNEY });
    // Sent in this step: its name check is the next step's news.
    expect(phoneSubject(run(['setup', 'payment']), JOURNEYS)).toEqual({ kind: 'payment', paymentId: PAYMENT, created: true });
    expect(phoneSubject(run(['setup', 'payment', 'vop']), JOURNEYS)).toEqual({ kind: 'payment', paymentId: PAYMENT });
  });

  it('keeps the payment through a step about nothing else (the clock moved), then the approval the step started', () => {
    expect(phoneSubject(run(['setup', 'payment', 'vop', 'time']), JOURNEYS)).toEqual({ kind: 'payment', paymentId: PAYMENT });
    expect(phoneSubject(run(['setup', 'payment', 'vop', 'start']), JOURNEYS)).toEqual({ kind: 'journey', journeyId: PAYMENT_JOURNEY });
    expect(phoneSubject(run(['setup', 'payment', 'vop', 'start', 'open']), JOURNEYS)).toEqual({ kind: 'journey', journeyId: PAYMENT_JOURNEY });
  });

  it('is the decision the lesson waits for while it waits', () => {
    const waiting = run(['setup'], {
      phase: 'waiting',
      pending: { kind: 'psu', journeyId: PAYMENT_JOURNEY, psuId: 'FRA-SOLO', role: 'signatory', expected: 'approve' },
    });
    expect(phoneSubject(waiting, JOURNEYS)).toEqual({ kind: 'journey', journeyId: PAYMENT_JOURNEY });
  });

  it('is neutral where the step is about no approval or payment and the last one has ended in an earlier step', () => {
    expect(phoneSubject(run(['setup', 'account']), JOURNEYS)).toBeNull();
    // Before anything has run, nothing either.
    expect(phoneSubject(run([]), JOURNEYS)).toBeNull();
  });

  it('shows an approval that ran out of time in the step that moved the clock past its limit, and not after', () => {
    const timedOut = [journey(PAYMENT_JOURNEY, 'failed', '2026-03-02T10:05:00.000Z')];
    const times: Record<string, [string, string]> = { time: ['2026-03-02T10:00:00.000Z', '2026-03-02T10:05:00.000Z'] };
    expect(phoneSubject(run(['payment', 'start', 'open', 'time'], {}, times), timedOut)).toEqual({ kind: 'journey', journeyId: PAYMENT_JOURNEY });
    expect(phoneSubject(run(['payment', 'start', 'open', 'time', 'account'], {}, times), timedOut)).toBeNull();
    // The payment's authorisation read is about the payment again.
    expect(phoneSubject(run(['payment', 'start', 'open', 'time', 'read'], {}, times), timedOut)).toEqual({ kind: 'payment', paymentId: PAYMENT });
  });
});

describe('the words of a lesson’s step', () => {
  it('says what the name check gave this payment, in words, with its codes apart', () => {
    const vop = lessonStep(run(['setup', 'payment', 'vop']));
    expect(vop?.codes).toEqual(['PATC', 'CMTC']);
    expect(checkResultWords(vop?.exchanges ?? [])).toBe(
      'The payee’s bank says: close match — the name is almost right. The account holder’s name is Müller Logistik GmbH.',
    );
    const reci = [exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, report('RECI', 'VoP in progress'))];
    expect(checkResultWords(reci)).toBe('The bank is checking the payee’s name… The payee’s bank has not answered yet.');
    // A match has no reason on the wire: the bank's list says it.
    const match = [exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, '<Document><TxSts>PATC</TxSts></Document>')];
    expect(checkResultWords(match, () => ({ outcome: 'match', reasonCode: null, additionalInfo: null }))).toBe(
      'The payee’s bank says: match — the name is right.',
    );
    expect(checkResultWords(match)).toBeNull();
    expect(checkResultWords(STEPS.payment ?? [])).toBeNull();
  });

  it('says it where the class learns it: at the first read, and again only when it changed', () => {
    const vop = STEPS.vop ?? [];
    const again = [exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, report('CMTC', 'Müller Logistik GmbH'))];
    expect(checkResultWords(again, undefined, vop)).toBeNull();
    const reci = [exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, report('RECI', 'VoP in progress'))];
    const noap = [
      exchange('GET', `${PAYMENTS}/${PAYMENT}/status`, 200, report('NOAP', 'VoP not possible: no response from the payee’s PSP within the time limit')),
    ];
    expect(checkResultWords(noap, undefined, reci)).toBe('The payee’s bank says: no answer in time — the name could not be checked.');
  });

  it('keeps a refusal’s status and code for the small print', () => {
    const refused = [
      exchange('POST', `${PAYMENTS}/${PAYMENT}/authorisations`, 409, '{"tppMessages":[{"category":"ERROR","code":"STATUS_INVALID","text":"x"}]}'),
    ];
    expect(lessonStep(run([], { steps: [{ ...stepRun('blocked', 1), exchanges: refused }] }))?.codes).toEqual(['409', 'STATUS_INVALID']);
  });
});
