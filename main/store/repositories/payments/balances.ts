import type { Db } from '../../database';

/** Each account's available balance once processed payments changed it (account_balances); absent, the dataset's. */
export class BalanceRepository {
  private readonly balanceStmt;
  private readonly setBalanceStmt;

  constructor(db: Db) {
    this.balanceStmt = db.prepare<[string], { available: string }>('SELECT available FROM account_balances WHERE resource_id = ?');
    this.setBalanceStmt = db.prepare(
      'INSERT INTO account_balances (resource_id, available) VALUES (?, ?) ON CONFLICT (resource_id) DO UPDATE SET available = excluded.available',
    );
  }

  balance(resourceId: string): string | undefined {
    return this.balanceStmt.get(resourceId)?.available;
  }

  setBalance(resourceId: string, available: string): void {
    this.setBalanceStmt.run(resourceId, available);
  }
}
