// Listing payments (GET /simulator/v1/payments, the Bank's and the Phone's lists) costs the same
// few SQLite statements for 1 payment as for 50: no statement per payment for its authorisations
// or its Verification of Payee results. Counted with better-sqlite3 itself, and the summaries
// compared with what the per-payment reads (find, results) give for the same payments.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BankContext } from '../../main/services/context';
import { createRepositories } from '../../main/services/context';
import { PayeeVerification } from '../../main/services/payments/payee-verification';
import { toPaymentSummary } from '../../main/http/contract';
import { paymentOverviews } from '../../main/services/payments/payment-overviews';

const paymentSummaries = (ctx: BankContext, vop: PayeeVerification, limit: number) => paymentOverviews(ctx, vop, limit).map(toPaymentSummary);
import type { Payment } from '../../main/domain/payment/payment';
import type { VopCheck } from '../../main/domain/vop/verify';
import { migrate, type Db } from '../../main/store/database';
import { storedPayment } from '../support/stored-payment';

const NOW = new Date('2026-11-23T10:00:00Z');
const SECOND = 1_000;

let db: Db | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  db?.close();
});

function payment(i: number, transfers: number): Payment {
  const at = new Date(NOW.getTime() - (100 - i) * SECOND);
  return storedPayment(`P-${String(i).padStart(3, '0')}`, at, {
    product: i % 3 === 0 ? 'pain.001-internal-transfers' : 'pain.001-sepa-credit-transfers',
    totalAmount: `${transfers}.00`,
    authorisationsRequired: 2,
  });
}

/** Every outcome a stored check can give now: answered, a close match, still awaited (RECI) and past its time limit. */
function check(j: number): VopCheck {
  const requestedAt = new Date(NOW.getTime() - (j % 4 === 3 ? 60 : 1) * SECOND);
  switch (j % 4) {
    case 0:
      return { requestedAt, answeredAt: requestedAt, answer: { outcome: 'match' } };
    case 1:
      return { requestedAt, answeredAt: requestedAt, answer: { outcome: 'closeMatch', registeredName: 'Lea Schmidt' } };
    default:
      return { requestedAt, answeredAt: undefined, answer: undefined };
  }
}

/** 50 payments: singles and bulks longer than the creditor preview, with and without VoP, some authorised once or twice. */
function bankWith50Payments(): BankContext {
  db = new Database(':memory:');
  migrate(db);
  const repos = createRepositories(db);
  for (let i = 0; i < 50; i++) {
    const transfers = i % 5 === 0 ? 23 : 1;
    const p = payment(i, transfers);
    const transactions = Array.from({ length: transfers }, (_, j) => ({
      creditorName: `Creditor ${i}.${j}`,
      creditorIban: 'DE89370400440532013000',
      amount: '1.00',
      currency: 'EUR',
    }));
    const checks = p.product === 'pain.001-sepa-credit-transfers' ? transactions.map((_, j) => check(i + j)) : undefined;
    repos.payments.insert(p, Buffer.from('<xml/>'), { transactions }, transfers, checks);
    for (let a = 0; a < i % 3; a++) {
      const authorisationId = `${p.paymentId}-A${a}`;
      const at = new Date(p.createdAt.getTime() + (a + 1) * SECOND);
      const attempt = {
        authorisationId,
        paymentId: p.paymentId,
        journeyId: `J-${authorisationId}`,
        psuId: `PSU-${a}`,
        via: 'individual' as const,
        basketId: null,
        status: 'started' as const,
        signatoryGroup: a === 0 ? 'A' : 'B',
        refusal: null,
        createdAt: at,
        finishedAt: null,
      };
      repos.paymentAttempts.insertAttempt(attempt);
      repos.paymentAttempts.finishAttempt(authorisationId, 'finalised', null, at);
    }
    // A refused attempt is no authorisation: it must not be listed.
    if (i % 7 === 0) {
      const attempt = {
        authorisationId: `${p.paymentId}-X`,
        paymentId: p.paymentId,
        journeyId: `J-${p.paymentId}-X`,
        psuId: 'PSU-X',
        via: 'individual' as const,
        basketId: null,
        status: 'started' as const,
        signatoryGroup: 'A',
        refusal: null,
        createdAt: NOW,
        finishedAt: null,
      };
      repos.paymentAttempts.insertAttempt(attempt);
      repos.paymentAttempts.finishAttempt(attempt.authorisationId, 'failed', 'limit', NOW);
    }
  }
  return { db, repos, clock: { now: () => NOW }, dataset: { payees: [] } } as unknown as BankContext;
}

/** How many statements better-sqlite3 runs during `work`. */
function statementsRunBy(database: Db, work: () => void): number {
  const statement = Object.getPrototypeOf(database.prepare('SELECT 1')) as Record<'all' | 'get' | 'run' | 'iterate', (...args: unknown[]) => unknown>;
  let count = 0;
  for (const method of ['all', 'get', 'run', 'iterate'] as const) {
    const original = statement[method];
    vi.spyOn(statement, method).mockImplementation(function (this: unknown, ...args: unknown[]) {
      count++;
      return original.apply(this, args);
    });
  }
  work();
  vi.restoreAllMocks();
  return count;
}

describe('listing payments', () => {
  it('costs three statements for 50 payments, as for one', () => {
    const ctx = bankWith50Payments();
    const vop = new PayeeVerification(ctx);

    expect(statementsRunBy(ctx.db, () => expect(paymentSummaries(ctx, vop, 500)).toHaveLength(50))).toBe(3);
    expect(statementsRunBy(ctx.db, () => expect(paymentSummaries(ctx, vop, 1)).toHaveLength(1))).toBe(3);
  });

  it('lists each payment as reading it alone does: its authorisations and the VoP result of each previewed creditor', () => {
    const ctx = bankWith50Payments();
    const vop = new PayeeVerification(ctx);
    const summaries = paymentSummaries(ctx, vop, 500);

    expect(summaries.map((s) => s.paymentId)).toEqual(Array.from({ length: 50 }, (_, i) => `P-${String(49 - i).padStart(3, '0')}`));
    for (const summary of summaries) {
      const alone = ctx.repos.payments.find(summary.paymentId);
      expect(summary.authorisations).toEqual(alone?.authorisations.map((a) => ({ ...a, at: a.at.toISOString() })));
      const results = vop.results(summary.paymentId, NOW).slice(0, summary.creditors.length);
      expect(summary.creditors.map((c) => c.vop)).toEqual(
        results.map((r) =>
          r === null ? undefined : { outcome: r.state === 'inProgress' ? 'inProgress' : r.outcome, reasonCode: r.reasonCode, additionalInfo: r.additionalInfo },
        ),
      );
    }
    const bulk = summaries.find((s) => s.paymentId === 'P-005');
    expect(bulk?.transactionCount).toBe(23);
    expect(bulk?.creditors).toHaveLength(20);
    expect(new Set(summaries.flatMap((s) => s.creditors.map((c) => c.vop?.reasonCode ?? 'match')))).toEqual(new Set(['match', 'CMTC', 'RECI', 'NOAP']));
    expect(summaries.find((s) => s.paymentId === 'P-002')?.authorisations.map((a) => a.psuId)).toEqual(['PSU-0', 'PSU-1']);
    expect(summaries.find((s) => s.paymentId === 'P-021')?.authorisations).toEqual([]);
  });
});
