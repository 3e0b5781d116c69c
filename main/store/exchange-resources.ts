import type { Db } from './database';

/**
 * Which logged exchanges concern each consent, payment or basket, oldest first: kept here rather than in
 * an SQLite index on (resource_id, id). Resource ids are random, so that index took each logged request to
 * a random page, written again at every batch and again when pruned: profiled at a third of the log's cost
 * per request. The log keeps at most its bound of exchanges, so this stays small; it is read from the table
 * on first use and kept in step by the repository, the table's only writer.
 */
export class ExchangeResources {
  private readonly byResource = new Map<string, number[]>();

  static load(db: Db): ExchangeResources {
    const index = new ExchangeResources();
    const rows = db.prepare<[], { id: number; resource_id: string }>('SELECT id, resource_id FROM exchanges WHERE resource_id IS NOT NULL ORDER BY id').all();
    for (const row of rows) index.add(row.id, row.resource_id);
    return index;
  }

  /** Ids are added in increasing order (the repository gives them so). */
  add(id: number, resourceId: string): void {
    const list = this.byResource.get(resourceId);
    if (list === undefined) this.byResource.set(resourceId, [id]);
    else list.push(id);
  }

  /** The newest `limit` ids of the resource's exchanges, newest first. */
  newest(resourceId: string, limit: number): number[] {
    const list = this.byResource.get(resourceId) ?? [];
    return list.slice(Math.max(0, list.length - limit)).reverse();
  }

  /**
   * Forgets the exchanges a prune deleted, given as [id, resource]. Not always the oldest: failures and
   * pinned exchanges outlive newer ones (services/logs/exchange-log.ts), so each is taken out by its id.
   */
  forget(deleted: Iterable<readonly [number, string]>): void {
    const byResource = new Map<string, Set<number>>();
    for (const [id, resource] of deleted) {
      const ids = byResource.get(resource);
      if (ids === undefined) byResource.set(resource, new Set([id]));
      else ids.add(id);
    }
    for (const [resource, ids] of byResource) {
      const list = this.byResource.get(resource);
      if (list === undefined) continue;
      const left = list.filter((id) => !ids.has(id));
      if (left.length === 0) this.byResource.delete(resource);
      else this.byResource.set(resource, left);
    }
  }
}
