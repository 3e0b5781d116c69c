// The log stores a signature diagnosis without its legend of rules (store/repositories/exchanges.ts) and gives
// it back whole: the Inspector shows the same diagnosis as the bank made.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rulesCited } from '../../main/domain/signing/rules';
import type { SignatureCheck } from '../../main/domain/signing/signature-checks';
import type { SignatureDiagnosis } from '../../main/domain/signing/verify';
import { DATABASE_FILE } from '../../main/store/database';
import type { ExchangeRepository } from '../../main/store/repositories/exchanges';
import { tempExchangeStores } from '../support/temp-store';

const { folder, repository } = tempExchangeStores('wb-exchange-diagnosis-');

const checks: SignatureCheck[] = [
  { id: 'signature-present', rule: 8, passed: true, text: 'the Signature header is present' },
  { id: 'present-headers-signed', rule: 1, passed: true, text: 'every profile header the request carries is signed' },
  { id: 'digest-matches', rule: 5, passed: false, text: 'Digest does not match the body' },
];
const diagnosis = {
  operation: 'payment-initiation',
  checks,
  rules: rulesCited(checks),
  verdict: { valid: false, code: 'SIGNATURE_INVALID', status: 401, text: 'Digest does not match the body', checkId: 'digest-matches' },
  digest: { sent: 'SHA-256=abc=', computed: 'SHA-256=def=' },
  headersParameter: ['digest', 'x-request-id'],
  signingString: null,
  keyId: 'SN=1,CA=CN=Test',
  algorithm: 'rsa-sha256',
  certificate: null,
} as SignatureDiagnosis;

function logSigned(repo: ExchangeRepository, signature: SignatureDiagnosis): number {
  const now = new Date('2026-11-20T10:00:00Z');
  const id = repo.insert({
    timing: { startedAt: now, simulatedAt: now, durationMs: 1 },
    parties: { institution: 'frankfurt', tppId: null, resourceId: null },
    request: { method: 'POST', url: '/frankfurt/berlingroup/v1/payments/sepa-credit-transfers', headers: {}, body: null },
    response: { status: 401, headers: {}, body: null },
    signature,
  }).id;
  repo.flush();
  return id;
}

const storedColumn = (dir: string, id: number): Record<string, unknown> => {
  const db = new Database(join(dir, DATABASE_FILE), { readonly: true });
  try {
    return JSON.parse((db.prepare('SELECT signature FROM exchanges WHERE id = ?').get(id) as { signature: string }).signature) as Record<string, unknown>;
  } finally {
    db.close();
  }
};

describe('a signature diagnosis in the log', () => {
  it('is stored without the legend of rules and read back whole, in its order', () => {
    const dir = folder();
    const repo = repository(dir);
    const id = logSigned(repo, diagnosis);
    expect(storedColumn(dir, id)).not.toHaveProperty('rules');
    const read = repository(dir).find(id)?.signature;
    expect(read).toEqual(diagnosis);
    expect(Object.keys(read ?? {})).toEqual(Object.keys(diagnosis));
  });

  it('keeps the legend a row already holds (rows logged before it was left out)', () => {
    const dir = folder();
    const repo = repository(dir);
    const id = logSigned(repo, diagnosis);
    const db = new Database(join(dir, DATABASE_FILE));
    const legend = [{ rule: 5, text: 'the legend as an older release wrote it' }];
    db.prepare('UPDATE exchanges SET signature = ? WHERE id = ?').run(JSON.stringify({ ...diagnosis, rules: legend }), id);
    db.close();
    expect(repository(dir).find(id)?.signature?.rules).toEqual(legend);
  });
});
