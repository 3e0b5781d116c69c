import type { ServiceBlock } from '../../domain/tpp/service-block';
import type { Db } from '../database';

/** Stored for every TPP of the institution. */
const EVERY_TPP = '*';

interface Row {
  institution: string;
  tpp_id: string;
  created_at: number;
}

const toBlock = (r: Row): ServiceBlock => ({ institution: r.institution, tppId: r.tpp_id === EVERY_TPP ? null : r.tpp_id, createdAt: new Date(r.created_at) });

export class ServiceBlockRepository {
  private readonly insertStmt;
  private readonly deleteStmt;
  private readonly listStmt;
  private readonly findStmt;
  private readonly allStmt;
  /**
   * The whole table (a handful of rows), asked on every consent request: read once and kept, dropped by
   * every change made here and by forget() (the reset). Rows read inside a transaction are not kept.
   */
  private cached: Row[] | null = null;

  constructor(private readonly db: Db) {
    this.insertStmt = db.prepare('INSERT INTO service_blocks (institution, tpp_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    this.deleteStmt = db.prepare('DELETE FROM service_blocks WHERE institution = ? AND tpp_id = ?');
    this.listStmt = db.prepare<[], Row>('SELECT * FROM service_blocks ORDER BY created_at, institution, tpp_id');
    this.findStmt = db.prepare<[string, string], Row>('SELECT * FROM service_blocks WHERE institution = ? AND tpp_id = ?');
    this.allStmt = db.prepare<[], Row>('SELECT * FROM service_blocks');
  }

  /** Adds the block; false when it was there already. */
  add(institution: string, tppId: string | null, now: Date): boolean {
    this.cached = null;
    return this.insertStmt.run(institution, tppId ?? EVERY_TPP, now.getTime()).changes === 1;
  }

  /** Lifts the block; false when there was none. */
  remove(institution: string, tppId: string | null): boolean {
    this.cached = null;
    return this.deleteStmt.run(institution, tppId ?? EVERY_TPP).changes === 1;
  }

  find(institution: string, tppId: string | null): ServiceBlock | undefined {
    const row = this.findStmt.get(institution, tppId ?? EVERY_TPP);
    return row && toBlock(row);
  }

  list(): ServiceBlock[] {
    return this.listStmt.all().map(toBlock);
  }

  /** The block that applies to this TPP at the institution: the one for every TPP first, else its own. */
  blocking(institution: string, tppId: string): ServiceBlock | undefined {
    const rows = this.cached ?? this.allStmt.all();
    if (!this.db.inTransaction) this.cached = rows;
    const row =
      rows.find((r) => r.institution === institution && r.tpp_id === EVERY_TPP) ?? rows.find((r) => r.institution === institution && r.tpp_id === tppId);
    return row && toBlock(row);
  }

  /** After the table was changed behind this repository's back (the reset clears every bank-state table). */
  forget(): void {
    this.cached = null;
  }
}
