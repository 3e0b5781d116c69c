// The renderer's one store of the bank's lists, against a fake host: each event batch fetches
// the lists it touched once, overlapping batches coalesce, and a command fetches by itself only
// when its events do not come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkbenchEvent } from '../../preload/api/workbench-api';
import { listsTouchedBy } from '../../renderer/src/state/resource-lists';
import { createResourceStore, type ResourceHost } from '../../renderer/src/state/resource-store';

type Listener = (events: WorkbenchEvent[]) => void;

const listeners = new Set<Listener>();
const calls: string[] = [];
const lastAnswer: Record<string, number> = {};
let answer = 0;

/** A list the fake host answers after 10 ms, each answer told apart, so the test can see which one wrote last. */
function list<T>(name: string): () => Promise<T[]> {
  return () => {
    calls.push(name);
    lastAnswer[name] = ++answer;
    const rows = [{ name, answer }] as unknown as T[];
    return new Promise((resolve) => setTimeout(() => resolve(rows), 10));
  };
}

const host: ResourceHost = {
  listJourneys: list('journeys'),
  listConsents: list('consents'),
  listPayments: list('payments'),
  listBaskets: list('baskets'),
  resourceTotals: async () => ({ consents: 1, payments: 1, baskets: 1 }),
  subscribe(listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const { resourceCommand, retainResources, useResources } = createResourceStore(host);

const emit = (...events: WorkbenchEvent[]): void => {
  for (const listener of listeners) listener(events);
};
const count = (name: string): number => calls.filter((c) => c === name).length;

let release: () => void = () => undefined;

beforeEach(async () => {
  vi.useFakeTimers();
  release = retainResources();
  await vi.runAllTimersAsync();
  calls.length = 0;
});

afterEach(() => {
  release();
  vi.useRealTimers();
});

describe('listsTouchedBy', () => {
  it('names the lists each event can change, and none for exchanges', () => {
    const exchange = {
      type: 'exchange',
      exchange: {
        ...{ id: 1, startedAt: '', durationMs: 1, method: 'GET', url: '/', institution: null, tppId: null, resourceId: null, status: 200 },
        ...{ pinned: false, verdict: null, failure: null },
      },
    } as const;
    expect([...listsTouchedBy([exchange])]).toEqual([]);
    expect([...listsTouchedBy([{ type: 'sca', journeyId: 'J', kind: 'consent', psuId: 'P', status: 'opened' }])]).toEqual(['journeys']);
    expect([...listsTouchedBy([{ type: 'sca', journeyId: 'J', kind: 'signing-basket', psuId: 'P', status: 'finalised' }])].sort()).toEqual([
      'baskets',
      'journeys',
      'payments',
    ]);
    expect([
      ...listsTouchedBy([
        { type: 'payment', paymentId: 'X', institution: 'i', status: 'PDNG' },
        { type: 'payment', paymentId: 'Y', institution: 'i', status: 'PDNG' },
      ]),
    ]).toEqual(['payments']);
    expect([...listsTouchedBy([{ type: 'clock', now: '2026-01-01T00:00:00Z', paused: false }])].sort()).toEqual([
      'baskets',
      'consents',
      'journeys',
      'payments',
    ]);
  });
});

describe('the resources store', () => {
  it('fetches the lists a batch touched, once each', async () => {
    emit(
      { type: 'consent', consentId: 'C', institution: 'i', status: 'valid' },
      { type: 'sca', journeyId: 'J', kind: 'consent', psuId: 'P', status: 'finalised' },
    );
    await vi.runAllTimersAsync();
    expect(calls.sort()).toEqual(['consents', 'journeys']);
  });

  it('coalesces batches arriving while a list is fetched into one more fetch, whose answer stays', async () => {
    for (let i = 0; i < 5; i++) emit({ type: 'payment', paymentId: `P${i}`, institution: 'i', status: 'PATC' });
    await vi.runAllTimersAsync();
    expect(count('payments')).toBe(2);
    expect(useResources.getState().payments).toEqual([{ name: 'payments', answer: lastAnswer.payments }]);
  });

  it('lets a command’s events refresh the lists, without a refresh of its own', async () => {
    await resourceCommand(async () => emit({ type: 'clock', now: '2026-01-01T00:00:00Z', paused: false }), ['consents']);
    await vi.runAllTimersAsync();
    expect(calls.sort()).toEqual(['baskets', 'consents', 'journeys', 'payments']);
  });

  it('refreshes what a command may change when no event comes (it changed nothing, or events are lost)', async () => {
    await resourceCommand(async () => undefined, ['journeys', 'consents']);
    expect(calls).toEqual([]);
    await vi.runAllTimersAsync();
    expect(calls.sort()).toEqual(['consents', 'journeys']);
  });
});
