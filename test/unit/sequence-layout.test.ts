// The Flows screen's sequence diagram as data: one arrow per exchange from its actor's lifeline
// to the bank's, a dashed return with the status, failures in red, the pending request dotted.
import { describe, expect, it } from 'vitest';
import type { FlowExchange } from '../../preload/api/workbench-api';
import { layoutSequence, shortPath } from '../../renderer/src/screens/flows/sequence/layout';

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

describe('the sequence diagram layout', () => {
  const layout = layoutSequence(RUN);
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
    expect(operator?.label).toMatch(/^Operator: POST /);
    expect(layout.notes.some((n) => n.kind === 'operator' && n.text === 'Operator')).toBe(true);
  });

  it('labels a call "METHOD path" with the status, the whole URL in its tooltip', () => {
    const first = layout.calls[0];
    expect(first?.ariaLabel).toBe(`POST ${PAYMENT} → 201`);
    expect(first?.label).toBe('POST /payments/pain.001-sepa-credit-transfers');
    expect(first?.fullLabel).toBe(`POST ${PAYMENT} → 201`);
    expect(layout.calls[1]?.label).toBe('GET /sca/6f1c2a3b…');
    expect(layout.returns.find((r) => r.seq === 1)?.label).toBe('201');
  });

  it('answers each call with a dashed return to its actor, and a PSU decision’s redirect to the browser', () => {
    const forCall = (seq: number) => layout.returns.filter((r) => r.seq === seq);
    expect(forCall(1).map((r) => r.toX)).toEqual([x.tpp]);
    expect(forCall(3).map((r) => r.toX)).toEqual([x.psuApp, x.psuBrowser]);
    expect(forCall(3)[1]?.label).toBe('redirect to https://tpp.example/callback');
    expect(forCall(3).map((r) => r.labelAside)).toEqual([false, true]);
    for (const r of layout.returns) expect(r.className).toMatch(/\bseq-return\b/);
  });

  it('draws failures, and only failures, in red', () => {
    const red = layout.calls.filter((c) => c.className.split(' ').includes('seq-failed'));
    expect(red.map((c) => c.seq)).toEqual([5]);
    expect(layout.returns.filter((r) => r.className.includes('seq-failed')).map((r) => r.seq)).toEqual([5]);
  });

  it('grows as the run proceeds, and shows what it waits for', () => {
    const fewer = layoutSequence(RUN.slice(0, 2));
    expect(fewer.height).toBeLessThan(layout.height);
    const request = layoutSequence(RUN, {
      kind: 'request',
      request: { method: 'GET', url: '/frankfurt/berlingroup/v1/accounts', headers: {}, body: null, operation: 'accounts', signed: false, signedHeaders: null, signingString: null, faults: [] },
    });
    expect(request.pending?.label).toBe('GET /accounts (not sent)');
    expect(request.pending?.fromX).toBe(x.tpp);
    const browser = layoutSequence(RUN, { kind: 'request', request: { method: 'GET', url: '/sca/abc', headers: {}, body: null, operation: 'sca-open', signed: false, signedHeaders: null, signingString: null, faults: [] } });
    expect(browser.pending?.fromX).toBe(x.psuBrowser);
    expect(request.height).toBeGreaterThan(layout.height);
    const psu = layoutSequence(RUN, { kind: 'psu', journeyId: 'j', psuId: 'FRA-APPROVER-A', role: 'approverA', expected: 'approve' });
    expect(psu.notes.find((n) => n.kind === 'pending')?.text).toBe('Waiting for FRA-APPROVER-A to approve');
  });

  it('shortens paths sensibly: no API base, short identifiers, no query, cut with an ellipsis', () => {
    expect(shortPath('/paris/berlingroup/v1/consents/0b6c7f2e-2222-4333-8444-955566667777/status?x=1', 60)).toBe('/consents/0b6c7f2e…/status');
    expect(shortPath('/frankfurt/oauth/v1/token', 60)).toBe('/frankfurt/oauth/v1/token');
    expect(shortPath('/a/very/long/path/that/goes/on', 10)).toBe('/a/very/l…');
  });
});
