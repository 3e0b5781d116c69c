// The repositories keep tokens, consents and payments in memory once read (ReadCache), so status
// requests cost no statement. What they return must always be what the database holds: every write
// through the repository drops what it changes, forget() (the reset) drops everything, a value read
// inside a transaction is not kept (the transaction could still roll back), and the cache is bounded.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Consent } from '../../main/domain/consent/consent';
import type { Payment } from '../../main/domain/payment/payment';
import { createRepositories } from '../../main/services/context';
import { migrate, type Db } from '../../main/store/database';
import { ReadCache } from '../../main/store/read-cache';
import { storedPayment } from '../support/stored-payment';
import type { StoredToken } from '../../main/store/repositories/oauth';

const NOW = new Date('2026-11-23T10:00:00Z');
const LATER = new Date('2026-11-23T10:05:00Z');

let db: Db | undefined;
afterEach(() => db?.close());

function open(): { db: Db; repos: ReturnType<typeof createRepositories> } {
  db = new Database(':memory:');
  migrate(db);
  db.pragma('foreign_keys = OFF');
  return { db, repos: createRepositories(db) };
}

const token = (sha: string, familyId = 'F1'): StoredToken => ({
  tokenSha256: sha,
  kind: 'psu-access',
  clientId: 'client',
  tppId: 'TPP',
  institution: 'frankfurt',
  consentId: 'C1',
  familyId,
  issuedAt: NOW,
  expiresAt: new Date(NOW.getTime() + 600_000),
  firstAccessAt: NOW,
  revoked: false,
  usedAt: null,
});

const consent = (consentId: string): Consent => ({
  consentId,
  institution: 'frankfurt',
  tppId: 'TPP',
  psuId: 'FRA-CREATOR',
  status: 'received',
  recurringIndicator: true,
  validUntil: '2027-01-01',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
  createdAt: NOW,
  expiresAt: new Date('2027-01-02T00:00:00Z'),
  statusChangedAt: NOW,
  scaJourneyId: 'J1',
});

const payment = (paymentId: string): Payment => storedPayment(paymentId, NOW);

const PARSED = { transactions: [{ endToEndId: 'E1', amount: '10.00', currency: 'EUR', creditorName: 'A' }] };

describe('tokens', () => {
  it('a token revoked with its family is read revoked at once, though it was read (and kept) before', () => {
    const { repos } = open();
    repos.oauth.insertToken(token('A1'));
    repos.oauth.insertToken(token('B1', 'F2'));
    expect(repos.oauth.findToken('A1')?.revoked).toBe(false);
    expect(repos.oauth.findToken('B1')?.revoked).toBe(false);
    repos.oauth.revokeFamily('F1', LATER);
    expect(repos.oauth.findToken('A1')?.revoked).toBe(true);
    expect(repos.oauth.findToken('B1')?.revoked).toBe(false);
  });

  it('a used refresh token is read used at once', () => {
    const { repos } = open();
    repos.oauth.insertToken({ ...token('R1'), kind: 'psu-refresh' });
    expect(repos.oauth.findToken('R1')?.usedAt).toBeNull();
    expect(repos.oauth.useToken('R1', LATER)).toBe(true);
    expect(repos.oauth.findToken('R1')?.usedAt).toEqual(LATER);
  });

  it('forget() drops every token read, as the reset clears the table', () => {
    const { db, repos } = open();
    repos.oauth.insertToken(token('A1'));
    expect(repos.oauth.findToken('A1')).toBeDefined();
    db.exec('DELETE FROM tokens');
    repos.oauth.forget();
    expect(repos.oauth.findToken('A1')).toBeUndefined();
  });

  it('a token read inside a transaction that rolls back is not kept', () => {
    const { db, repos } = open();
    const rolledBack = new Error('rolled back');
    expect(() =>
      db.transaction(() => {
        repos.oauth.insertToken(token('A1'));
        expect(repos.oauth.findToken('A1')).toBeDefined();
        throw rolledBack;
      })(),
    ).toThrow(rolledBack);
    expect(repos.oauth.findToken('A1')).toBeUndefined();
  });
});

describe('consents', () => {
  it('a status change is read at once, though the consent was read (and kept) before', () => {
    const { repos } = open();
    repos.consents.insert(consent('C1'));
    expect(repos.consents.find('C1')?.status).toBe('received');
    repos.consents.setStatus('C1', 'valid', LATER);
    expect(repos.consents.find('C1')).toMatchObject({ status: 'valid', statusChangedAt: LATER });
    repos.consents.setStatus('C1', 'terminatedByTpp', LATER);
    expect(repos.consents.find('C1')?.status).toBe('terminatedByTpp');
  });

  it('forget() drops every consent read; a consent inserted again under the same id is read anew', () => {
    const { db, repos } = open();
    repos.consents.insert(consent('C1'));
    expect(repos.consents.find('C1')?.tppId).toBe('TPP');
    db.exec('DELETE FROM consents');
    repos.consents.forget();
    expect(repos.consents.find('C1')).toBeUndefined();
    repos.consents.insert({ ...consent('C1'), tppId: '*' });
    expect(repos.consents.find('C1')?.tppId).toBe('*');
  });

  it('what a caller does to a consent read does not change what the next read gives', () => {
    const { repos } = open();
    repos.consents.insert(consent('C1'));
    const read = repos.consents.find('C1') as Consent;
    read.status = 'expired';
    expect(repos.consents.find('C1')?.status).toBe('received');
  });
});

describe('payments', () => {
  it('status, authorisations and transaction states are read at once after each change', () => {
    const { repos } = open();
    repos.payments.insert(payment('P1'), Buffer.from('<xml/>'), PARSED, 1);
    expect(repos.payments.find('P1')?.status).toBe('PATC');
    expect(repos.payments.transactions('P1')).toEqual([{ index: 0, status: null, reasons: [] }]);

    repos.paymentAttempts.insertAttempt({
      authorisationId: 'A1',
      paymentId: 'P1',
      journeyId: 'J1',
      psuId: 'FRA-APPROVER-A',
      via: 'individual',
      basketId: null,
      status: 'started',
      signatoryGroup: null,
      refusal: null,
      createdAt: NOW,
      finishedAt: null,
    });
    expect(repos.payments.find('P1')?.authorisations).toEqual([]);
    repos.paymentAttempts.finishAttempt('A1', 'finalised', null, LATER);
    expect(repos.payments.find('P1')?.authorisations).toEqual([{ psuId: 'FRA-APPROVER-A', signatoryGroup: null, at: LATER, via: 'individual' }]);

    repos.payments.setStatus('P1', 'PDNG', null, LATER);
    expect(repos.payments.find('P1')?.status).toBe('PDNG');

    repos.payments.setTransaction('P1', 0, 'RJCT', [{ code: 'AM04' }]);
    expect(repos.payments.transactions('P1')).toEqual([{ index: 0, status: 'RJCT', reasons: [{ code: 'AM04' }] }]);
  });

  it('a payment read inside a transaction that rolls back is not kept; one changed inside it is read as committed', () => {
    const { db, repos } = open();
    repos.payments.insert(payment('P1'), Buffer.from('<xml/>'), PARSED, 1);
    expect(repos.payments.find('P1')?.status).toBe('PATC');
    expect(() =>
      db.transaction(() => {
        repos.payments.setStatus('P1', 'RJCT', { code: 'DS02' }, LATER);
        expect(repos.payments.find('P1')?.status).toBe('RJCT');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(repos.payments.find('P1')?.status).toBe('PATC');
  });

  it('forget() drops every payment read, with its message and VoP checks', () => {
    const { db, repos } = open();
    repos.payments.insert(payment('P1'), Buffer.from('<xml/>'), PARSED, 1);
    expect(repos.payments.find('P1')).toBeDefined();
    expect(repos.payments.parsed('P1')?.transactions).toHaveLength(1);
    expect(repos.payments.vopChecks('P1')).toEqual([null]);
    expect(repos.payments.transactions('P1')).toHaveLength(1);
    db.exec('DELETE FROM payments; DELETE FROM payment_transactions');
    repos.payments.forget();
    expect(repos.payments.find('P1')).toBeUndefined();
    expect(repos.payments.parsed('P1')).toBeUndefined();
    expect(repos.payments.vopChecks('P1')).toEqual([]);
    expect(repos.payments.transactions('P1')).toEqual([]);
  });
});

describe('ReadCache', () => {
  it('keeps at most its capacity, by weight, dropping the oldest first; a value heavier than the whole capacity is not kept', () => {
    const { db } = open();
    const cache = new ReadCache<number[]>(db, 10, (v) => v.length);
    let loads = 0;
    const read = (key: string, size: number) => cache.read(key, () => (loads++, new Array<number>(size).fill(0)));
    read('a', 4);
    read('b', 4);
    read('c', 4);
    expect(cache.size).toBe(2);
    loads = 0;
    read('b', 4);
    read('c', 4);
    expect(loads).toBe(0);
    read('a', 4);
    expect(loads).toBe(1);
    read('huge', 11);
    read('huge', 11);
    expect(loads).toBe(3);
  });
});
