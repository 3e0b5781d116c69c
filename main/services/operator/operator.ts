import type { SigningBasket } from '../../domain/basket/basket';
import type { Account, ApprovalRules, Dataset, Institution, InstitutionId, Psu } from '../../domain/dataset/types';
import { INSTITUTION_IDS } from '../../domain/dataset/schema';
import { indexDataset, type BankContext } from '../context';
import type { SimulatorMode } from '../../domain/simulator-mode';
import { SANDBOX_OWNER, type ConsentService, type ConsentView } from '../consents/consents';
import { resetBankState } from './reset';
import { readResetOptions } from './reset-options';
import type { ClockControl } from '../clock/clock-control';
import type { PayeeVerification } from '../payments/payee-verification';
import { paymentOverviews, type PaymentOverview } from '../payments/payment-overviews';
import { MAX_PAGE_ROWS, type ListPage, type Paged } from '../list-page';

/** A PSU of no company in the dataset (validation makes that impossible) needs nobody else. */
const SOLE_APPROVAL: ApprovalRules = { authorisationsRequired: 1, creatorMayAuthoriseSecond: false, distinctSignatoryGroups: false };

const FIRST_PAGE: ListPage = { limit: MAX_PAGE_ROWS, offset: 0 };

export interface PsuWithAccounts {
  psu: Psu;
  accounts: { account: Account; permissions: readonly string[] }[];
  /** The approval rules of the PSU's company. */
  approvals: ApprovalRules;
}

/** The dataset's PSUs with their accounts and their company's approval rules, as the operator lists them. */
export function psusWithAccounts(dataset: Dataset, accounts: ReadonlyMap<string, Account> = indexDataset(dataset).accounts): PsuWithAccounts[] {
  return dataset.psus.map((psu) => ({
    psu,
    approvals: dataset.corporates.find((c) => c.id === psu.corporateId)?.approvalRules ?? SOLE_APPROVAL,
    accounts: psu.accounts.flatMap((grant) => {
      const account = accounts.get(grant.resourceId);
      return account ? [{ account, permissions: grant.permissions }] : [];
    }),
  }));
}

/** What the bank's operator sees and does beside the TPP-facing API (the Bank screen, automation). */
export class OperatorService {
  constructor(
    private readonly ctx: BankContext,
    private readonly consentService: ConsentService,
    private readonly vop: PayeeVerification,
    private readonly clock: ClockControl,
  ) {}

  info(): { mode: SimulatorMode; institutions: readonly InstitutionId[]; now: Date } {
    return { mode: this.ctx.mode(), institutions: INSTITUTION_IDS, now: this.ctx.clock.now() };
  }

  institutions(): readonly Institution[] {
    return this.ctx.dataset.institutions;
  }

  psus(): PsuWithAccounts[] {
    return psusWithAccounts(this.ctx.dataset, this.ctx.accounts);
  }

  /** The sandbox's static consents exist only for the sandbox behaviour. */
  consents(page: ListPage = FIRST_PAGE): Paged<ConsentView> {
    const except = this.ctx.mode() === 'sandbox' ? '' : SANDBOX_OWNER;
    return { items: this.consentService.list(page.limit, page.offset, except), total: this.ctx.repos.consents.count(except) };
  }

  /** The stored payments; the sandbox's pre-loaded ones are answered from the dataset, never stored. */
  payments(page: ListPage = FIRST_PAGE): Paged<PaymentOverview> {
    return { items: paymentOverviews(this.ctx, this.vop, page.limit, page.offset), total: this.ctx.repos.paymentListings.count() };
  }

  baskets(page: ListPage = FIRST_PAGE): Paged<SigningBasket> {
    return { items: this.ctx.repos.baskets.list(page.limit, page.offset), total: this.ctx.repos.baskets.count() };
  }

  /**
   * Back to the dataset's initial state; TPP registrations stay. `{}` keeps the traffic log, the kept runs
   * and the clock; "New class" clears the log and the runs and puts the clock back (see readResetOptions).
   */
  reset(body: unknown): void {
    const options = readResetOptions(body);
    const clockTo = options.clock === null ? null : options.clock === 'start' ? this.ctx.clockStart : options.clock;
    this.ctx.transact(() => {
      resetBankState(this.ctx);
      if (options.log) this.ctx.repos.exchanges.clear();
      if (options.runs) this.ctx.repos.flowRuns.clear();
      this.ctx.events.emitEvent({ type: 'reset', log: options.log, runs: options.runs });
    });
    if (clockTo !== null) this.clock.to(clockTo);
  }
}
