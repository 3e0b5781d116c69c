import type { Db } from '../database';

/** One prepared entry as stored: its JSON, which the service writes and reads. */
export interface PreparedRows {
  payees: string[];
  psus: string[];
  lessons: string[];
}

/** What a trainer prepared ahead of lessons (migration 22), each list in the order it was added; a reset keeps it. */
export class LessonsPreparedRepository {
  private readonly addPayeeStmt;
  private readonly addPsuStmt;
  private readonly addLessonStmt;
  private readonly removePayeeStmt;
  private readonly removePsuStmt;
  private readonly removeLessonStmt;
  private readonly payeesStmt;
  private readonly psusStmt;
  private readonly lessonsStmt;

  constructor(db: Db) {
    this.addPayeeStmt = db.prepare('INSERT INTO prepared_payees (institution, iban, record) VALUES (?, ?, ?)');
    this.addPsuStmt = db.prepare('INSERT INTO prepared_psus (psu_id, record) VALUES (?, ?)');
    this.addLessonStmt = db.prepare('INSERT INTO saved_lessons (name, record) VALUES (?, ?)');
    this.removePayeeStmt = db.prepare('DELETE FROM prepared_payees WHERE institution = ? AND iban = ?');
    this.removePsuStmt = db.prepare('DELETE FROM prepared_psus WHERE psu_id = ?');
    this.removeLessonStmt = db.prepare('DELETE FROM saved_lessons WHERE name = ?');
    this.payeesStmt = db.prepare<[], string>('SELECT record FROM prepared_payees ORDER BY seq').pluck();
    this.psusStmt = db.prepare<[], string>('SELECT record FROM prepared_psus ORDER BY seq').pluck();
    this.lessonsStmt = db.prepare<[], string>('SELECT record FROM saved_lessons ORDER BY seq').pluck();
  }

  addPayee(institution: string, iban: string, record: string): void {
    this.addPayeeStmt.run(institution, iban, record);
  }

  addPsu(psuId: string, record: string): void {
    this.addPsuStmt.run(psuId, record);
  }

  addLesson(name: string, record: string): void {
    this.addLessonStmt.run(name, record);
  }

  removePayee(institution: string, iban: string): void {
    this.removePayeeStmt.run(institution, iban);
  }

  removePsu(psuId: string): void {
    this.removePsuStmt.run(psuId);
  }

  removeLesson(name: string): void {
    this.removeLessonStmt.run(name);
  }

  all(): PreparedRows {
    return { payees: this.payeesStmt.all(), psus: this.psusStmt.all(), lessons: this.lessonsStmt.all() };
  }
}
