// The Flows screen's sequence diagram as data: one arrow per exchange from its actor's lifeline
// to the bank's, numbered by step and said in words with the HTTP line beneath, a dashed return with
// the bank's answer, failures in red, a step's token requests as one arrow, the pending request dotted.
import { describe, expect, it } from 'vitest';
import type { FlowExchange } from '../../preload/api/workbench-api';
import { layoutSequence, shortPath, type StepExchanges } from '../../renderer/src/screens/flows/sequence/layout';

function exchange(seq: number, actor: FlowExchange['actor'], method: string, url: string, status: number, extra: Partial<FlowExchange> = {}): FlowExchange {
  return {
    seq,
    actor,
    method,
    url,
    requestHeaders: {},
    requestBody: null,
    status,
    responseHeaders: {},
    responseBody: '{}',
    durationMs: 3,
    at: '2026-03-02T10:00:00Z',
    exchangeId: seq + 100,
    signature: null,
    failed: status >= 400,
    ...extra,
  };
}

const PAYMENT = '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers';
const RUN: FlowExchange[] = [
  exchange(1, 'tpp', 'POST', PAYMENT, 201),
  exchange(2, 'psuBrowser', 'GET', '/sca/6f1c2a3b-1111-4222-8333-944455556666', 200),
  exchange(3, 'psuApp', 'POST', '/simulator/v1/sca/6f1c2a3b-1111-4222-8333-944455556666', 200, {
    responseBody: JSON.stringify({ status: 'finalised', tppRedirectUri: 'https://tpp.example/callback?state=x' }),
  }),
  exchange(4, 'operator', 'POST', '/simulator/v1/payments/abc/processing', 200),
  exchange(5, 'tpp', 'POST', PAYMENT, 401, { signature: null }),
];

/** One exchange per step, as a run of single-request steps. */
const stepped = (exchanges: FlowExchange[]): StepExchanges[] => exchanges.map((e, i) => ({ step: i + 1, exchanges: [e] }));

describe('the sequence diagram layout', () => {
  const layout = layoutSequence(stepped(RUN));
  const x = Object.fromEntries(layout.lifelines.map((l) => [l.id, l.x])) as Record<'tpp' | 'bank' | 'psuBrowser' | 'psuApp', number>;

  it('has four lifelines in order: TPP, Bank API, the PSU’s browser, the PSU’s bank app', () => {
    expect(layout.lifelines.map((l) => l.title)).toEqual(['TPP', 'Bank API', 'PSU’s browser', 'PSU’s bank app']);
    expect(x.tpp).toBeLessThan(x.bank);
    expect(x.bank).toBeLessThan(x.psuBrowser);
    expect(x.psuBrowser).toBeLessThan(x.psuApp);
    for (const l of layout.lifelines) expect(l.x).toBeLessThan(layout.width);
  });

  it('draws one call per exchange, in order, from its actor’s lifeline to the bank’s', () => {
    expect(layout.calls).toHaveLength(RUN.length);
    expect(layout.calls.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(layout.calls.map((c) => c.fromX)).toEqual([x.tpp, x.psuBrowser, x.psuApp, x.bank, x.tpp]);
    for (const c of layout.calls) expect(c.toX).toBe(x.bank);
    const ys = layout.calls.map((c) => c.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(new Set(ys).size).toBe(ys.length);
    expect(Math.max(...ys)).toBeLessThan(layout.height);
  });

  it('draws the operator from the bank’s own lifeline with an Operator note', () => {
    const operator = layout.calls[3];
    expect(operator?.self).toBe(true);
    expect(operator?.words).toBe('4. Bank’s back office accepts the payment');
    expect(operator?.label).toMatch(/^POST /);
    expect(layout.notes.some((n) => n.kind === 'operator' && n.text === 'Operator')).toBe(true);
  });

  it('says each call in words numbered by step, with "METHOD path → status" beneath and the whole URL in its tooltip', () => {
    const first = layout.calls[0];
    expect(first?.words).toBe('1. TPP initiates a payment');
    expect(first?.ariaLabel).toBe(`POST ${PAYMENT} → 201`);
    expect(first?.label).toBe('POST /payments/pain.001-sepa-credit-transfers → 201');
    expect(first?.fullLabel).toBe(`TPP initiates a payment\nPOST ${PAYMENT} → 201`);
    expect(layout.calls[1]?.words).toBe('2. PSU’s browser opens the SCA link');
    expect(layout.calls[1]?.label).toBe('GET /sca/6f1c2a3b… → 200');
    expect(layout.calls[2]?.words).toBe('3. PSU approves in the bank’s app');
    expect(layout.returns.find((r) => r.seq === 5)?.label).toBe('Bank refuses: not authorised');
    // The HTTP line sits between the words and the arrow.
    expect(first?.wordsY).toBeLessThan(first?.httpY ?? 0);
    expect(first?.httpY).toBeLessThan(first?.y ?? 0);
  });

  it('numbers the arrows of a step with several by their place in it', () => {
    const session = layoutSequence([
      { step: 1, exchanges: RUN.slice(0, 1) },
      { step: 2, exchanges: RUN.slice(1, 3) },
    ]);
    expect(session.calls.map((c) => c.number)).toEqual(['1', '2.1', '2.2']);
    expect(session.calls.map((c) => c.words)).toEqual([
      '1. TPP initiates a payment',
      '2.1 PSU’s browser opens the SCA link',
      '2.2 PSU approves in the bank’s app',
    ]);
  });

  it('draws a step’s token requests as one arrow with a count', () => {
    const token = (seq: number) => exchange(seq, 'tpp', 'POST', '/frankfurt/oauth/v1/token', 200, { requestBody: 'grant_type=client_credentials' });
    const tokens = layoutSequence([
      { step: 1, exchanges: [token(1), token(2), token(3)] },
      { step: 2, exchanges: [token(4)] },
    ]);
    expect(tokens.calls.map((c) => c.words)).toEqual(['1. TPP gets tokens ×3', '2. TPP gets a token']);
    expect(tokens.calls[0]?.seqs).toEqual([1, 2, 3]);
    expect(tokens.calls[0]?.label).toBe('POST /frankfurt/oauth/v1/token → 200 ×3');
    expect(tokens.returns).toHaveLength(2);
  });

  it('leaves the HTTP line out, and the rows shorter, when HTTP labels are off', () => {
    const words = layoutSequence(stepped(RUN), null, { http: false });
    expect(words.http).toBe(false);
    expect(layout.http).toBe(true);
    expect(words.height).toBeLessThan(layout.height);
    expect(words.calls.map((c) => c.words)).toEqual(layout.calls.map((c) => c.words));
  });

  it('answers each call with a dashed return to its actor, and a PSU decision’s redirect to the browser', () => {
    const forCall = (seq: number) => layout.returns.filter((r) => r.seq === seq);
    expect(forCall(1).map((r) => r.toX)).toEqual([x.tpp]);
    expect(forCall(3).map((r) => r.toX)).toEqual([x.psuApp, x.psuBrowser]);
    expect(forCall(3)[1]?.label).toBe('redirect to https://tpp.example/callback');
    // Without HTTP labels the redirect is said in words, its address left out.
    expect(layoutSequence(stepped(RUN), null, { http: false }).returns.filter((r) => r.seq === 3)[1]?.label).toBe('browser sent back to the TPP');
    expect(forCall(3).map((r) => r.labelAside)).toEqual([false, true]);
    for (const r of layout.returns) expect(r.className).toMatch(/\bseq-return\b/);
  });

  it('draws failures, and only failures, in red', () => {
    const red = layout.calls.filter((c) => c.className.split(' ').includes('seq-failed'));
    expect(red.map((c) => c.seq)).toEqual([5]);
    expect(layout.returns.filter((r) => r.className.includes('seq-failed')).map((r) => r.seq)).toEqual([5]);
  });

  it('grows as the run proceeds, and shows what it waits for', () => {
    const fewer = layoutSequence(stepped(RUN.slice(0, 2)));
    expect(fewer.height).toBeLessThan(layout.height);
    const request = layoutSequence([...stepped(RUN), { step: 6, exchanges: [] }], {
      kind: 'request',
      request: {
        method: 'GET',
        url: '/frankfurt/berlingroup/v1/accounts',
        headers: {},
        body: null,
        operation: 'accounts',
        signed: false,
        signedHeaders: null,
        signingString: null,
        faults: [],
      },
    });
    expect(request.pending?.words).toBe('6. TPP reads the PSU’s accounts (not sent yet)');
    expect(request.pending?.label).toBe('GET /accounts');
    expect(request.pending?.fromX).toBe(x.tpp);
    const browser = layoutSequence(stepped(RUN), {
      kind: 'request',
      request: {
        method: 'GET',
        url: '/sca/abc',
        headers: {},
        body: null,
        operation: 'sca-open',
        signed: false,
        signedHeaders: null,
        signingString: null,
        faults: [],
      },
    });
    expect(browser.pending?.fromX).toBe(x.psuBrowser);
    expect(request.height).toBeGreaterThan(layout.height);
    const psu = layoutSequence(stepped(RUN), { kind: 'psu', journeyId: 'j', psuId: 'FRA-APPROVER-A', role: 'approverA', expected: 'approve' });
    expect(psu.notes.find((n) => n.kind === 'pending')?.text).toBe('Waiting for FRA-APPROVER-A to approve');
    // A decision that is the PSU's to make (a lesson's close match): either answer is awaited. The PSU by name where known.
    const either = layoutSequence(
      stepped(RUN),
      { kind: 'psu', journeyId: 'j', psuId: 'FRA-SOLO', role: 'signatory', expected: 'approve', either: true },
      { http: false, name: (psuId) => (psuId === 'FRA-SOLO' ? 'Andreas Richter' : psuId) },
    );
    expect(either.notes.find((n) => n.kind === 'pending')?.text).toBe('Waiting for Andreas Richter to decide');
  });

  it('shortens paths sensibly: no API base, short identifiers, no query, cut with an ellipsis', () => {
    expect(shortPath('/paris/berlingroup/v1/consents/0b6c7f2e-2222-4333-8444-955566667777/status?x=1', 60)).toBe('/consents/0b6c7f2e…/status');
    expect(shortPath('/frankfurt/oauth/v1/token', 60)).toBe('/frankfurt/oauth/v1/token');
    expect(shortPath('/a/very/long/path/that/goes/on', 10)).toBe('/a/very/l…');
  });
});
