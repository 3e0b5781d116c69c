// The engine's events follow its transactions: published after the commit, dropped on a rollback.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { transactor } from '../../main/services/context';
import { SimulatorEvents, type SimulatorEvent } from '../../main/services/events';

function setup() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE t (v INTEGER)');
  const events = new SimulatorEvents();
  const published: { event: SimulatorEvent; inTransaction: boolean }[] = [];
  events.on('event', (event) => published.push({ event, inTransaction: db.inTransaction }));
  return { db, events, published, transact: transactor(db, events) };
}

describe('events and transactions', () => {
  it('publishes after the commit, in order', () => {
    const { db, events, published, transact } = setup();
    transact(() => {
      db.prepare('INSERT INTO t VALUES (1)').run();
      events.emitEvent({ type: 'reset', log: false, runs: false });
      events.emitEvent({ type: 'mode', mode: 'sandbox' });
      expect(published).toEqual([]);
    });
    expect(published.map((p) => p.event.type)).toEqual(['reset', 'mode']);
    expect(published.every((p) => !p.inTransaction)).toBe(true);
  });

  it('drops the events of a transaction that rolls back', () => {
    const { events, published, transact } = setup();
    expect(() =>
      transact(() => {
        events.emitEvent({ type: 'reset', log: false, runs: false });
        throw new Error('rule broken');
      }),
    ).toThrow('rule broken');
    expect(published).toEqual([]);
    events.emitEvent({ type: 'mode', mode: 'simulation' });
    expect(published.map((p) => p.event.type)).toEqual(['mode']);
  });

  it('keeps the outer events when an inner savepoint rolls back and is caught', () => {
    const { events, published, transact } = setup();
    transact(() => {
      events.emitEvent({ type: 'reset', log: false, runs: false });
      try {
        transact(() => {
          events.emitEvent({ type: 'mode', mode: 'sandbox' });
          throw new Error('inner');
        });
      } catch {
        // the outer change goes on without the inner one
      }
    });
    expect(published.map((p) => p.event.type)).toEqual(['reset']);
  });

  it('publishes at once outside a transaction', () => {
    const { events, published } = setup();
    events.emitEvent({ type: 'reset', log: false, runs: false });
    expect(published).toHaveLength(1);
  });
});
