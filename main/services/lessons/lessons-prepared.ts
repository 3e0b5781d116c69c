// What a trainer prepares ahead of a lesson (docs/teaching.md, "Lessons prepared ahead"): payees added to an
// institution's VoP registry, customers added to the dataset, lessons saved with their options under a name,
// and the one file that takes them all to another trainer's workbench. Kept in the data folder (migration
// 22) over New class; the added customers join the dataset every service reads (ctx.dataset, ctx.psus).
import { checkAddedPayee, checkAddedPsu, withPsus } from '../../domain/dataset/additions';
import { DatasetError } from '../../domain/dataset/dataset-error';
import type { Dataset, Psu } from '../../domain/dataset/types';
import { BankError, formatError } from '../../domain/errors';
import type { PreparedPayee } from '../../domain/vop/prepared-payees';
import { LessonsPreparedRepository } from '../../store/repositories/lessons-prepared';
import { indexDataset, type BankContext } from '../context';

/** A lesson saved with its options: the flow, where it runs, its customers by role and its parameters' values. */
export interface PreparedLesson {
  name: string;
  flow: string;
  institution: string;
  psus: Record<string, string>;
  params: Record<string, string>;
}

/** Everything prepared, as one file another trainer imports. */
export interface PreparedFile {
  format: typeof PREPARED_FORMAT;
  version: 1;
  payees: PreparedPayee[];
  psus: Psu[];
  lessons: PreparedLesson[];
}

export const PREPARED_FORMAT = 'psd2-workbench-lessons';

/** The bank a lesson would run against: the dataset with the customers added, and each institution's added payees. */
export interface PreparedBank {
  dataset: Dataset;
  payees(institution: string): readonly PreparedPayee[];
}

/** The flow library's checks of a lesson's choices against that bank (the route brings them: the library is outside the services). */
export type LessonCheck = (lesson: PreparedLesson, bank: PreparedBank) => void;

/** How many entries an import added, and how many it found there already. */
export interface ImportCounts {
  added: { payees: number; psus: number; lessons: number };
  alreadyThere: number;
}

const MAX_LESSON_NAME = 140;

const sameIban = (a: string, b: string): boolean => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();
/** JSON with each object's fields in name order: the same entry, however a file orders its fields. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** A dataset check's problem as the control API says it: 400 FORMAT_ERROR with the field (`payees[2].iban: …`). */
function checked<T>(where: string, work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (!(err instanceof DatasetError)) throw err;
    const path = [where, err.path].filter((part) => part !== '').join(err.path.startsWith('[') ? '' : '.');
    throw formatError(path === '' ? err.problem : `${path}: ${err.problem}`);
  }
}

/** The prepared entries in memory, and what adding some would make of them (checked, not yet kept). */
class Prepared {
  constructor(
    readonly base: Dataset,
    readonly payees: readonly PreparedPayee[] = [],
    readonly psus: readonly Psu[] = [],
    readonly lessons: readonly PreparedLesson[] = [],
  ) {}

  get dataset(): Dataset {
    return withPsus(this.base, this.psus);
  }

  payeesAt(institution: string): PreparedPayee[] {
    return this.payees.filter((p) => p.institution === institution);
  }

  get bank(): PreparedBank {
    return { dataset: this.dataset, payees: (institution) => this.payeesAt(institution) };
  }

  withPayee(input: unknown, where = ''): { next: Prepared; payee: PreparedPayee } {
    const institution = (input as { institution?: unknown } | null)?.institution;
    const payee = checked(where, () => checkAddedPayee(this.dataset, typeof institution === 'string' ? this.payeesAt(institution) : [], input));
    return { next: new Prepared(this.base, [...this.payees, payee], this.psus, this.lessons), payee };
  }

  withPsu(input: unknown, where = ''): { next: Prepared; psu: Psu } {
    const psu = checked(where, () => checkAddedPsu(this.dataset, input));
    return { next: new Prepared(this.base, this.payees, [...this.psus, psu], this.lessons), psu };
  }

  withLesson(lesson: PreparedLesson, check: LessonCheck, where = ''): Prepared {
    const field = (name: string): string => [where, name].filter((part) => part !== '').join('.');
    const name = lesson.name.trim();
    if (name === '') throw formatError(`${field('name')}: is empty: name the lesson as the class will know it`);
    if (name.length > MAX_LESSON_NAME) throw formatError(`${field('name')}: is ${name.length} characters long: at most ${MAX_LESSON_NAME}`);
    if (this.lessons.some((l) => l.name === name)) throw formatError(`${field('name')}: a lesson named "${name}" is saved already: choose another name`);
    const named = { ...lesson, name };
    try {
      check(named, this.bank);
    } catch (err) {
      throw where === '' ? err : formatError(`${where}: ${(err as Error).message}`);
    }
    return new Prepared(this.base, this.payees, this.psus, [...this.lessons, named]);
  }

  without(entry: { payee?: PreparedPayee; psu?: Psu; lesson?: PreparedLesson }): Prepared {
    return new Prepared(
      this.base,
      this.payees.filter((p) => p !== entry.payee),
      this.psus.filter((p) => p !== entry.psu),
      this.lessons.filter((l) => l !== entry.lesson),
    );
  }

  /** Whether the lesson's options would pass a run's start on this bank. */
  fits(lesson: PreparedLesson, check: LessonCheck): boolean {
    try {
      check(lesson, this.bank);
      return true;
    } catch {
      return false;
    }
  }
}

/** The saved lessons the removal would break: those that would start before it and not after. */
function brokenBy(before: Prepared, after: Prepared, check: LessonCheck | null): PreparedLesson[] {
  if (check === null) return [];
  return before.lessons.filter((lesson) => before.fits(lesson, check) && !after.fits(lesson, check));
}

/** Why an entry stays, in a trainer's words: the lessons that use it, and what to do first. */
function usedBy(what: string, lessons: readonly PreparedLesson[], entry: string): BankError {
  const names = lessons.map((l) => `“${l.name}”`).join(', ');
  const one = lessons.length === 1;
  return BankError.of(
    'STATUS_INVALID',
    `${what} the saved lesson${one ? '' : 's'} ${names}: remove ${one ? 'the lesson' : 'those lessons'} first, then the ${entry}`,
  );
}

export class LessonsPrepared {
  private readonly repo: LessonsPreparedRepository;
  private prepared: Prepared;

  constructor(private readonly ctx: BankContext) {
    this.repo = new LessonsPreparedRepository(ctx.db);
    this.prepared = this.load(ctx.dataset);
    this.apply();
  }

  /** The payees added to the institution's registry, in the order they were added. */
  payeesAt(institution: string): PreparedPayee[] {
    return this.prepared.payeesAt(institution);
  }

  /** The payee added to the institution's registry under this IBAN, which its payments' VoP checks answer by. */
  payeeAt(institution: string, iban: string): PreparedPayee | undefined {
    return this.prepared.payees.find((p) => p.institution === institution && sameIban(p.iban, iban));
  }

  lessons(): PreparedLesson[] {
    return [...this.prepared.lessons];
  }

  addPayee(input: unknown): PreparedPayee {
    const { next, payee } = this.prepared.withPayee(input);
    this.keep(next, () => this.repo.addPayee(payee.institution, payee.iban, JSON.stringify(payee)));
    return payee;
  }

  addPsu(input: unknown): Psu {
    const { next, psu } = this.prepared.withPsu(input);
    this.keep(next, () => this.repo.addPsu(psu.psuId, JSON.stringify(psu)));
    return psu;
  }

  saveLesson(lesson: PreparedLesson, check: LessonCheck): PreparedLesson {
    const next = this.prepared.withLesson(lesson, check);
    const saved = next.lessons[next.lessons.length - 1] as PreparedLesson;
    this.keep(next, () => this.repo.addLesson(saved.name, JSON.stringify(saved)));
    return saved;
  }

  /**
   * Takes an added payee out of the institution's registry: its payments' name checks no longer find it. The
   * dataset's own payees stay; a saved lesson that pays the payee keeps it until the lesson goes (`check`: the
   * flow library's, as for saving; null where no lessons are hosted).
   */
  removePayee(institution: string, iban: string, check: LessonCheck | null): void {
    const payee = this.payeeAt(institution, iban);
    if (payee === undefined) {
      if (this.ctx.dataset.payees.some((p) => sameIban(p.iban, iban)))
        throw BankError.of('STATUS_INVALID', `${iban} is one of the bank's own payees, which stay: only a payee added for a lesson can be removed`);
      throw BankError.of('RESOURCE_UNKNOWN', `no payee ${iban} was added to the VoP registry of ${institution}`);
    }
    const next = this.prepared.without({ payee });
    const broken = brokenBy(this.prepared, next, check);
    if (broken.length > 0) throw usedBy(`${payee.registeredName} (${payee.iban}) is the payee of`, broken, 'payee');
    this.keep(next, () => this.repo.removePayee(payee.institution, payee.iban));
  }

  /**
   * Takes an added customer out of the dataset: they can no longer log in or approve (their consents, payments
   * and approvals stay in the bank's state until a reset). The dataset's own customers stay; a saved lesson
   * that casts the customer keeps them until the lesson goes.
   */
  removePsu(psuId: string, check: LessonCheck | null): void {
    const psu = this.prepared.psus.find((p) => p.psuId === psuId);
    if (psu === undefined) {
      if (this.prepared.base.psus.some((p) => p.psuId === psuId))
        throw BankError.of('STATUS_INVALID', `${psuId} is one of the bank's own customers, who stay: only a customer added for a lesson can be removed`);
      throw BankError.of('RESOURCE_UNKNOWN', `no customer ${psuId} was added`);
    }
    const next = this.prepared.without({ psu });
    const broken = brokenBy(this.prepared, next, check);
    if (broken.length > 0) throw usedBy(`${psu.name} (${psu.psuId}) plays a part in`, broken, 'customer');
    this.keep(next, () => this.repo.removePsu(psu.psuId));
  }

  /** Takes a saved lesson off the Flows list; the payees and customers it used stay. */
  removeLesson(name: string): void {
    const lesson = this.prepared.lessons.find((l) => l.name === name);
    if (lesson === undefined) throw BankError.of('RESOURCE_UNKNOWN', `no lesson named “${name}” is saved`);
    this.keep(this.prepared.without({ lesson }), () => this.repo.removeLesson(lesson.name));
  }

  exportFile(): PreparedFile {
    const { payees, psus, lessons } = this.prepared;
    return { format: PREPARED_FORMAT, version: 1, payees: [...payees], psus: [...psus], lessons: [...lessons] };
  }

  /**
   * Adds what the file holds, all or nothing: each entry checked as if added by hand, in the file's order
   * (payees, customers, then the lessons that may use them); an entry that is here already, the same, is
   * skipped, so a file imported twice adds nothing the second time.
   */
  importFile(file: { payees: readonly unknown[]; psus: readonly unknown[]; lessons: readonly PreparedLesson[] }, check: LessonCheck): ImportCounts {
    let next = this.prepared;
    const added = { payees: [] as PreparedPayee[], psus: [] as Psu[], lessons: [] as PreparedLesson[] };
    let alreadyThere = 0;
    file.payees.forEach((input, i) => {
      if (next.payees.some((p) => same(p, input))) return void alreadyThere++;
      const step = next.withPayee(input, `payees[${i}]`);
      next = step.next;
      added.payees.push(step.payee);
    });
    file.psus.forEach((input, i) => {
      if (next.psus.some((p) => same(p, input))) return void alreadyThere++;
      const step = next.withPsu(input, `psus[${i}]`);
      next = step.next;
      added.psus.push(step.psu);
    });
    file.lessons.forEach((lesson, i) => {
      if (next.lessons.some((l) => same(l, lesson))) return void alreadyThere++;
      next = next.withLesson(lesson, check, `lessons[${i}]`);
      added.lessons.push(next.lessons[next.lessons.length - 1] as PreparedLesson);
    });
    this.keep(next, () => {
      for (const payee of added.payees) this.repo.addPayee(payee.institution, payee.iban, JSON.stringify(payee));
      for (const psu of added.psus) this.repo.addPsu(psu.psuId, JSON.stringify(psu));
      for (const lesson of added.lessons) this.repo.addLesson(lesson.name, JSON.stringify(lesson));
    });
    return { added: { payees: added.payees.length, psus: added.psus.length, lessons: added.lessons.length }, alreadyThere };
  }

  /** Written in one transaction; in memory (and in the dataset the services read) once it has committed. */
  private keep(next: Prepared, write: () => void): void {
    this.ctx.transact(() => {
      write();
      this.ctx.events.emitEvent({ type: 'operator-settings' });
    });
    this.prepared = next;
    this.apply();
  }

  /** The added customers join the dataset every service reads. */
  private apply(): void {
    const dataset = this.prepared.dataset;
    this.ctx.dataset = dataset;
    Object.assign(this.ctx, indexDataset(dataset));
  }

  /**
   * What the data folder holds, each entry checked again against this start's dataset: one that no longer fits
   * (another `--dataset` without its institution's VoP or its customer's company) stays in the folder, unused.
   */
  private load(base: Dataset): Prepared {
    const rows = this.repo.all();
    let prepared = new Prepared(base);
    for (const row of rows.psus) prepared = fitting(prepared, () => prepared.withPsu(JSON.parse(row)).next);
    for (const row of rows.payees) prepared = fitting(prepared, () => prepared.withPayee(JSON.parse(row)).next);
    const lessons = rows.lessons.map((row) => JSON.parse(row) as PreparedLesson);
    return new Prepared(base, prepared.payees, prepared.psus, lessons);
  }
}

function fitting(prepared: Prepared, add: () => Prepared): Prepared {
  try {
    return add();
  } catch {
    return prepared;
  }
}
