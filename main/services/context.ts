import type { Account, Dataset, Psu } from '../domain/dataset/types';
import type { Db } from '../store/database';
import { ConsentRepository } from '../store/repositories/consents';
import { ExchangeRepository } from '../store/repositories/exchanges';
import { OAuthRepository } from '../store/repositories/oauth';
import { ScaJourneyRepository } from '../store/repositories/sca-journeys';
import { SettingsRepository } from '../store/repositories/settings';
import { PaymentRepository } from '../store/repositories/payments/payments';
import { PaymentReadCaches } from '../store/repositories/payments/payment-caches';
import { PaymentAttemptRepository } from '../store/repositories/payments/attempts';
import { PaymentScheduleRepository } from '../store/repositories/payments/schedule';
import { PaymentListingRepository } from '../store/repositories/payments/listings';
import { AccountPostingRepository } from '../store/repositories/payments/postings';
import { BalanceRepository } from '../store/repositories/payments/balances';
import { SigningBasketRepository } from '../store/repositories/signing-baskets';
import { ServiceBlockRepository } from '../store/repositories/service-blocks';
import { FlowRunRepository } from '../store/repositories/flow-runs';
import type { SimulatedClock } from './clock/clock';
import type { SimulatorEvents } from './events';
import type { SimulatorMode } from '../domain/simulator-mode';

/** Stored log bodies are cut here (docs/architecture.md#traffic-log: bodies over 1 MB kept truncated in the log). */
export const LOG_BODY_LIMIT = 1024 * 1024;
/** The log's bounds by default (`--log-limit`, `--failure-log-limit`): the newest exchanges, and the newest failures beside them. */
export const LOG_MAX_EXCHANGES = 10_000;
export const LOG_MAX_FAILURES = 10_000;
/** `--signature-failure-limit`: signature failures in a budget of their own, each kept with the success it is compared with. */
export const LOG_MAX_SIGNATURE_FAILURES = 10_000;

/** What every service works over: the store, the one clock, the dataset, the event bus. */
export interface BankContext {
  db: Db;
  /** One state change: a SQLite transaction whose events are published after it commits. */
  transact<T>(work: () => T): T;
  clock: SimulatedClock;
  /** Where "New class" puts the clock back: `--now`, or where the data folder's clock stood when it was made. */
  clockStart: Date;
  events: SimulatorEvents;
  dataset: Dataset;
  psus: ReadonlyMap<string, Psu>;
  accounts: ReadonlyMap<string, Account>;
  mode: () => SimulatorMode;
  /** The behaviour switch of the Bank screen: simulation or the documented sandbox. */
  setMode: (mode: SimulatorMode) => void;
  /**
   * Absolute origin of the bank's PSU-facing pages, where every scaRedirect points, known once it
   * listens: the simulator's own (http://127.0.0.1:4646), or under --tls the second origin that asks
   * the PSU's browser for no client certificate; `--public-url` (`--psu-public-url` under --tls) when given.
   */
  origin: () => string;
  /** Absolute origin of the bank's API for the `Location` headers: the simulator's own, or `--public-url`. */
  apiOrigin: () => string;
  repos: {
    settings: SettingsRepository;
    consents: ConsentRepository;
    journeys: ScaJourneyRepository;
    oauth: OAuthRepository;
    exchanges: ExchangeRepository;
    payments: PaymentRepository;
    paymentAttempts: PaymentAttemptRepository;
    paymentSchedule: PaymentScheduleRepository;
    paymentListings: PaymentListingRepository;
    accountPostings: AccountPostingRepository;
    balances: BalanceRepository;
    baskets: SigningBasketRepository;
    serviceBlocks: ServiceBlockRepository;
    flowRuns: FlowRunRepository;
  };
}

export function createRepositories(db: Db): BankContext['repos'] {
  // One set of caches for the payments' repositories: an attempt's end changes what a payment's status request reads.
  const paymentCaches = new PaymentReadCaches(db);
  const paymentAttempts = new PaymentAttemptRepository(db, paymentCaches);
  return {
    settings: new SettingsRepository(db),
    consents: new ConsentRepository(db),
    journeys: new ScaJourneyRepository(db),
    oauth: new OAuthRepository(db),
    exchanges: new ExchangeRepository(db, LOG_BODY_LIMIT),
    payments: new PaymentRepository(db, paymentCaches, paymentAttempts),
    paymentAttempts,
    paymentSchedule: new PaymentScheduleRepository(db, paymentAttempts),
    paymentListings: new PaymentListingRepository(db, paymentAttempts),
    accountPostings: new AccountPostingRepository(db),
    balances: new BalanceRepository(db),
    baskets: new SigningBasketRepository(db),
    serviceBlocks: new ServiceBlockRepository(db),
    flowRuns: new FlowRunRepository(db),
  };
}

export function transactor(db: Db, events: SimulatorEvents): BankContext['transact'] {
  // Made once: better-sqlite3 builds four wrapper functions for every transaction function it makes.
  const run = db.transaction((work: () => unknown) => work());
  // BEGIN IMMEDIATE: the write lock is taken first, so a checkpoint's WAL rewind on the other connection
  // is waited for (busy_timeout). A deferred transaction that read before a rewind could not write after
  // it (SQLITE_BUSY_SNAPSHOT, never retried): the bench saw 72 of 3,000 authorisations answer 500.
  return <T>(work: () => T): T => events.inTransaction((w) => run.immediate(w) as T, work);
}

export function indexDataset(dataset: Dataset): Pick<BankContext, 'psus' | 'accounts'> {
  return {
    psus: new Map(dataset.psus.map((p) => [p.psuId, p])),
    accounts: new Map(dataset.accounts.map((a) => [a.resourceId, a])),
  };
}
