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
  /** Every entry in id order, for pruning from the oldest: ids and resources side by side, read from `head`. */
  private ids: number[] = [];
  private resources: string[] = [];
  private head = 0;

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
    this.ids.push(id);
    this.resources.push(resourceId);
  }

  /** The newest `limit` ids of the resource's exchanges, newest first. */
  newest(resourceId: string, limit: number): number[] {
    const list = this.byResource.get(resourceId) ?? [];
    return list.slice(Math.max(0, list.length - limit)).reverse();
  }

  /** Forgets every exchange with an id up to `lastPruned`, as the table's prune deletes them. */
  dropUpTo(lastPruned: number): void {
    const dropped = new Map<string, number>();
    while (this.head < this.ids.length && (this.ids[this.head] ?? Infinity) <= lastPruned) {
      const resource = this.resources[this.head] ?? '';
      dropped.set(resource, (dropped.get(resource) ?? 0) + 1);
      this.head++;
    }
    for (const [resource, count] of dropped) {
      const list = this.byResource.get(resource);
      if (list === undefined || list.length <= count) this.byResource.delete(resource);
      else list.splice(0, count);
    }
    // The consumed front is cut off once it is half of the queue, so the queue stays as long as what it holds.
    if (this.head > 1024 && this.head * 2 > this.ids.length) {
      this.ids = this.ids.slice(this.head);
      this.resources = this.resources.slice(this.head);
      this.head = 0;
    }
  }
}
