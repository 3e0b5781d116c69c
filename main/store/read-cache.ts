import type { Db } from './database';

/**
 * Rows a repository keeps in memory once read, so the requests asked most (status of a consent or a
 * payment under a token) cost no statement. Coherent because this process is the database's only
 * writer and every write goes through the repository that owns the cache, which drops what it
 * changes; a reset drops everything (forget). Values read inside a transaction are never kept: the
 * transaction could still roll back what they show. Bounded: past `capacity` (counted by `weight`)
 * the oldest entries go first.
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly db: Db,
    private readonly capacity: number,
    private readonly weight: (value: V) => number = () => 1,
  ) {}

  /** The kept value, else `load()`'s, kept when read outside a transaction. */
  read(key: string, load: () => V | undefined): V | undefined {
    const kept = this.entries.get(key);
    if (kept) return kept.value;
    const value = load();
    if (value !== undefined && !this.db.inTransaction) this.keep(key, value);
    return value;
  }

  /** Call before or after every write that could change what `key` reads. */
  drop(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.total -= kept.weight;
  }

  dropWhere(stale: (value: V) => boolean): void {
    for (const [key, { value }] of this.entries) if (stale(value)) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, value: V): void {
    const weight = this.weight(value);
    if (weight > this.capacity) return;
    this.drop(key);
    for (const oldest of this.entries.keys()) {
      if (this.total + weight <= this.capacity) break;
      this.drop(oldest);
    }
    this.entries.set(key, { value, weight });
    this.total += weight;
  }
}
