// The Electron side of `listExchanges`: the main process checks the renderer's arguments
// before they reach the control API, the resource filter included, and a saved lesson's name on its removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWorkbenchIpc, type InvokeEvent } from '../../main/hosts/electron/ipc';
import type { WorkbenchChannel } from '../../preload/api/workbench-api';
import { createConsent, startTestBank, type TestBank } from '../support/simulator';

type Handler = (event: InvokeEvent, ...args: unknown[]) => Promise<unknown>;

let bank: TestBank;
const handlers = new Map<string, Handler>();
const ownPage: InvokeEvent = { senderFrame: { url: 'app://workbench/index.html' } };

beforeAll(async () => {
  bank = await startTestBank();
  registerWorkbenchIpc(
    { handle: (channel, listener) => handlers.set(channel, listener) },
    { simulatorUrl: () => bank.url, isTrustedSender: (url) => url.startsWith('app://') },
  );
});
afterAll(() => bank.stop());

const channel: WorkbenchChannel = 'workbench:listExchanges';
const listExchanges = (...args: unknown[]) => (handlers.get(channel) as Handler)(ownPage, ...args);

describe('IPC listExchanges', () => {
  it('passes a resource filter through to the control API', async () => {
    const { consentId } = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const exchanges = (await listExchanges(10, consentId)) as { resourceId: string; method: string }[];
    expect(exchanges.map((e) => [e.method, e.resourceId])).toEqual([['POST', consentId]]);
  });

  it('refuses a resource that is not an identifier', async () => {
    for (const bad of ['', 'a/b', '../x', 42, { id: 'x' }]) {
      await expect(listExchanges(10, bad)).rejects.toThrow('resourceId must be an identifier');
    }
  });
});

const searchChannel: WorkbenchChannel = 'workbench:searchExchanges';
const searchExchanges = (...args: unknown[]) => (handlers.get(searchChannel) as Handler)(ownPage, ...args);

describe('IPC searchExchanges', () => {
  it('passes the query to the control API and answers the page with its counts', async () => {
    const { consentId } = await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const page = (await searchExchanges({ q: consentId, status: ['2xx'], limit: 5 })) as { exchanges: { resourceId: string }[]; total: number; kept: number };
    expect(page.exchanges.map((e) => e.resourceId)).toEqual([consentId]);
    expect(page.total).toBe(1);
    expect(page.kept).toBeGreaterThan(1);
  });

  it('refuses a query of the wrong shape before it leaves the main process', async () => {
    const bad: [unknown, string][] = [
      [null, 'the exchange query must be an object'],
      [['q'], 'the exchange query must be an object'],
      [{ sql: 'x' }, 'the exchange query has no field sql'],
      [{ q: 42 }, 'q must be a string of at most 200 characters'],
      [{ q: 'x'.repeat(201) }, 'q must be a string of at most 200 characters'],
      [{ status: '4xx' }, 'status must be a list of short strings'],
      [{ before: 0 }, 'before must be a positive whole number'],
      [{ limit: 1.5 }, 'limit must be a positive whole number'],
    ];
    for (const [query, message] of bad) await expect(searchExchanges(query)).rejects.toThrow(message);
  });

  it('lets the control API refuse a bad value, naming it', async () => {
    await expect(searchExchanges({ status: ['6xx'] })).rejects.toThrow(/400 FORMAT_ERROR: status must be/);
  });
});

const pinChannel: WorkbenchChannel = 'workbench:pinExchange';
const pinExchange = (...args: unknown[]) => (handlers.get(pinChannel) as Handler)(ownPage, ...args);

describe('IPC pinExchange', () => {
  it('pins and unpins through the control API, answering the exchange', async () => {
    await createConsent(bank, 'frankfurt', 'FRA-CREATOR');
    const [newest] = (await listExchanges(1)) as { id: number }[];
    expect(await pinExchange(newest!.id, true)).toMatchObject({ id: newest!.id, pinned: true });
    expect(await pinExchange(newest!.id, false)).toMatchObject({ id: newest!.id, pinned: false });
  });

  it('refuses an id or a choice of the wrong shape before it leaves the main process', async () => {
    await expect(pinExchange('1', true)).rejects.toThrow('the exchange id must be a positive whole number');
    await expect(pinExchange(1, 'yes')).rejects.toThrow('pinned');
  });
});

const removeLessonChannel: WorkbenchChannel = 'workbench:removeLesson';
const removeLesson = (...args: unknown[]) => (handlers.get(removeLessonChannel) as Handler)(ownPage, ...args);

describe('IPC removeLesson', () => {
  it('passes a lesson’s name, the trainer’s own sentence, to the control API as it is', async () => {
    await expect(removeLesson('Week 2/3: Café Müller, €1,250?')).rejects.toThrow('RESOURCE_UNKNOWN: no lesson named “Week 2/3: Café Müller, €1,250?” is saved');
  });

  it('refuses what cannot be a lesson’s name before it leaves the main process', async () => {
    for (const bad of ['', 'x'.repeat(141), 42, null]) {
      await expect(removeLesson(bad)).rejects.toThrow('the lesson name must be a string of 1 to 140 characters');
    }
  });
});
