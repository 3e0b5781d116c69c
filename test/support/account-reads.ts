// What the account-information API tests share: the test clock's day, the dataset's accounts, a bank with a
// payment creator's and an account-information-only PSU's sessions, and reads of the accounts under a session.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { psuSession } from '../../main/tpp/journeys';
import type { PsuSession } from '../../main/tpp/session';
import { approveSca, call, datePlus, startTestBank, type JsonResponse, type TestBank } from './simulator';

// The test clock is Sunday 2026-11-22, 10:00 UTC: 11:00 in Frankfurt, so today there is 2026-11-22.
export const TODAY = '2026-11-22';
export const daysBefore = (days: number, from = TODAY): string => new Date(Date.parse(from) - days * 86_400_000).toISOString().slice(0, 10);
export const SEPA = 'pain.001-sepa-credit-transfers';

export const dataset = JSON.parse(readFileSync('resources/datasets/default.json', 'utf8'));
export const datasetAccount = (id: string): any => dataset.accounts.find((a: any) => a.resourceId === id);

export const cents = (amount: string): number => Math.round(Number(amount) * 100);
export const sum = (entries: any[]): number => entries.reduce((s, e) => s + cents(e.transactionAmount.amount), 0);
export const balance = (body: any, type: string): any => body.balances.find((b: any) => b.balanceType === type);
export const ids = (list: any[]): string[] => list.map((a) => a.resourceId).sort();

export interface AccountBank {
  bank: TestBank;
  creator: PsuSession;
  aisOnly: PsuSession;
}

/** A bank for the test file, with the sessions of FRA-CREATOR and FRA-AISONLY, handed to `started` once made and stopped after the file. */
export function useAccountBank(started: (made: AccountBank) => void): void {
  let bank: TestBank | undefined;
  beforeAll(async () => {
    bank = await startTestBank();
    const creator = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-CREATOR');
    const aisOnly = await psuSession(bank.tpp, bank.control, 'frankfurt', 'FRA-AISONLY');
    started({ bank, creator, aisOnly });
  });
  afterAll(() => bank?.stop());
}

/** Reads of the accounts under a PSU's session, on the bank `current` gives (the file's, once started). */
export function accountReads(current: () => TestBank) {
  const read = (s: PsuSession, path: string, headers: Record<string, string> = {}, on: TestBank = current()): Promise<JsonResponse> =>
    call(on, 'GET', `/${s.institution}/berlingroup/v1/accounts${path}`, {
      headers: { authorization: `Bearer ${s.accessToken}`, 'consent-id': s.consentId, 'x-request-id': randomUUID(), ...headers },
    });
  const transactions = (s: PsuSession, account: string, query: string, headers: Record<string, string> = {}): Promise<JsonResponse> =>
    read(s, `/${account}/transactions?${query}`, headers);
  /** A one-off consent (validUntil exactly today + 2) with its PSU token. */
  const oneOffSession = async (psuId: string): Promise<PsuSession> => {
    const bank = current();
    const created = await bank.tpp.createConsent('frankfurt', psuId, { terms: { recurringIndicator: false, validUntil: datePlus(2), frequencyPerDay: 1 } });
    expect(created.status, created.text).toBe(201);
    await approveSca(bank, (created.body._links.scaRedirect.href as string).split('/').pop() as string);
    return bank.tpp.psuTokens('frankfurt', created.body.consentId, psuId);
  };
  return { read, transactions, oneOffSession };
}
