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
  private readonly matchStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare('INSERT INTO service_blocks (institution, tpp_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
    this.deleteStmt = db.prepare('DELETE FROM service_blocks WHERE institution = ? AND tpp_id = ?');
    this.listStmt = db.prepare<[], Row>('SELECT * FROM service_blocks ORDER BY created_at, institution, tpp_id');
    this.findStmt = db.prepare<[string, string], Row>('SELECT * FROM service_blocks WHERE institution = ? AND tpp_id = ?');
    this.matchStmt = db.prepare<[string, string], Row>(`SELECT * FROM service_blocks WHERE institution = ? AND tpp_id IN (?, '${EVERY_TPP}') LIMIT 1`);
  }

  /** Adds the block; false when it was there already. */
  add(institution: string, tppId: string | null, now: Date): boolean {
    return this.insertStmt.run(institution, tppId ?? EVERY_TPP, now.getTime()).changes === 1;
  }

  /** Lifts the block; false when there was none. */
  remove(institution: string, tppId: string | null): boolean {
    return this.deleteStmt.run(institution, tppId ?? EVERY_TPP).changes === 1;
  }

  find(institution: string, tppId: string | null): ServiceBlock | undefined {
    const row = this.findStmt.get(institution, tppId ?? EVERY_TPP);
    return row && toBlock(row);
  }

  list(): ServiceBlock[] {
    return this.listStmt.all().map(toBlock);
  }

  /** The block that applies to this TPP at the institution, its own or the one for every TPP. */
  blocking(institution: string, tppId: string): ServiceBlock | undefined {
    const row = this.matchStmt.get(institution, tppId);
    return row && toBlock(row);
  }
}
