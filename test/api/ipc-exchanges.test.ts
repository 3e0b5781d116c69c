// The Electron side of `listExchanges`: the main process checks the renderer's arguments
// before they reach the control API, the resource filter included.
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
  registerWorkbenchIpc({ handle: (channel, listener) => handlers.set(channel, listener) }, { simulatorUrl: () => bank.url, isTrustedSender: (url) => url.startsWith('app://') });
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
