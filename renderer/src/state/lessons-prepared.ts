// What a trainer prepared ahead of lessons (docs/teaching.md, "Lessons prepared ahead"): the payees added to a
// VoP registry, the customers added to an institution and the lessons saved with their options, read as the
// one file they are exported as. The Bank screen adds them, the Flows screen lists and saves the lessons.
import { create } from 'zustand';
import { workbench } from '../api';
import type { LessonsFile, PsuInput, SavedLesson, SavedLessonInput, VopRegistryPayeeInput, WorkbenchEvent } from '../../../preload/api/workbench-api';
import { downloadText } from '../lib/download';
import { errorText } from './host-events';
import type { CommandState } from './operator-command';
import { usePhone } from './phone';

export const LESSONS_FILE_NAME = 'workbench-lessons.json';

const EMPTY: LessonsFile = { format: 'psd2-workbench-lessons', version: 1, payees: [], psus: [], lessons: [] };

interface LessonsPreparedState extends CommandState {
  prepared: LessonsFile;
  /** What the last command did, in words. */
  notice: string | null;
  load(): Promise<void>;
  addPayee(payee: VopRegistryPayeeInput): Promise<boolean>;
  addPsu(psu: PsuInput): Promise<boolean>;
  saveLesson(lesson: SavedLessonInput): Promise<SavedLesson | null>;
  removePayee(payee: VopRegistryPayeeInput): Promise<boolean>;
  removePsu(psu: PsuInput): Promise<boolean>;
  removeLesson(name: string): Promise<boolean>;
  exportFile(): Promise<boolean>;
  importFile(text: string): Promise<boolean>;
  onEvents(events: readonly WorkbenchEvent[]): void;
}

/** The customers the phones and the Flows screen's forms offer, read again: an added one is among them, a removed one is not. */
async function refreshPsus(): Promise<void> {
  const psus = await workbench.listPsus();
  usePhone.setState((s) => ({ psus, psuId: psus.some((p) => p.psuId === s.psuId) ? s.psuId : (psus[0]?.psuId ?? null) }));
}

let loadSeq = 0;

/** A refusal as the trainer reads it: what the bank said is wrong, without the request and its code. */
function refusalText(err: unknown, refused: string): string {
  const text = errorText(err);
  const code = /\b(?:FORMAT_ERROR|STATUS_INVALID|RESOURCE_UNKNOWN): /.exec(text);
  return code === null ? text : `${refused}: ${text.slice(code.index + code[0].length)}`;
}

export const useLessonsPrepared = create<LessonsPreparedState>()((set, get) => {
  /** Runs a command; true when it went through (its failure is shown as the panel's error). */
  const done = async (work: () => Promise<void>, refused = 'Not saved'): Promise<boolean> => {
    set({ busy: true, error: null, notice: null });
    try {
      await work();
      return true;
    } catch (err) {
      set({ error: refusalText(err, refused) });
      return false;
    } finally {
      set({ busy: false });
    }
  };
  return {
    prepared: EMPTY,
    busy: false,
    error: null,
    notice: null,
    async load() {
      const seq = ++loadSeq;
      try {
        const prepared = await workbench.exportLessons();
        if (seq === loadSeq) set({ prepared });
      } catch (err) {
        if (seq === loadSeq) set({ error: errorText(err) });
      }
    },
    addPayee: (payee) =>
      done(async () => {
        const added = await workbench.addVopRegistryPayee(payee);
        set({ notice: `${added.registeredName} is in the VoP registry of ${payee.institution}.` });
        await get().load();
      }),
    addPsu: (psu) =>
      done(async () => {
        const added = await workbench.addPsu(psu);
        set({ notice: `${added.name} (${added.psuId}) is a customer of ${added.institution}.` });
        await Promise.all([get().load(), refreshPsus()]);
      }),
    async saveLesson(lesson) {
      let saved: SavedLesson | null = null;
      await done(async () => {
        saved = await workbench.saveLesson(lesson);
        set({ notice: `Saved “${lesson.name}”: it is in the list of flows.` });
        await get().load();
      });
      return saved;
    },
    removePayee: (payee) =>
      done(async () => {
        await workbench.removeVopRegistryPayee(payee.institution, payee.iban);
        set({ notice: `${payee.registeredName} is no longer in the VoP registry of ${payee.institution}.` });
        await get().load();
      }, 'Not removed'),
    removePsu: (psu) =>
      done(async () => {
        await workbench.removePsu(psu.psuId);
        set({ notice: `${psu.name} (${psu.psuId}) is no longer a customer of ${psu.institution}.` });
        await Promise.all([get().load(), refreshPsus()]);
      }, 'Not removed'),
    removeLesson: (name) =>
      done(async () => {
        await workbench.removeLesson(name);
        set({ notice: `Removed the lesson “${name}”.` });
        await get().load();
      }, 'Not removed'),
    exportFile: () =>
      done(async () => {
        const file = await workbench.exportLessons();
        downloadText(LESSONS_FILE_NAME, `${JSON.stringify(file, null, 2)}\n`, 'application/json');
        set({ notice: `Saved ${LESSONS_FILE_NAME} to your downloads: another trainer imports it on the Bank screen.` });
      }),
    importFile: (text) =>
      done(async () => {
        let file: LessonsFile;
        try {
          file = JSON.parse(text) as LessonsFile;
        } catch {
          throw new Error('This file is not a lessons file exported by the workbench (it is not JSON).');
        }
        const { added, alreadyThere } = await workbench.importLessons(file);
        const parts = [
          `${added.lessons} lesson${added.lessons === 1 ? '' : 's'}`,
          `${added.payees} payee${added.payees === 1 ? '' : 's'}`,
          `${added.psus} customer${added.psus === 1 ? '' : 's'}`,
        ];
        set({ notice: `Imported ${parts.join(', ')}${alreadyThere > 0 ? ` (${alreadyThere} already here)` : ''}.` });
        await Promise.all([get().load(), refreshPsus()]);
      }),
    onEvents(events) {
      // Another window may have added something: the operator's settings changed.
      if (events.some((e) => e.type === 'operator-settings')) void get().load();
    },
  };
});
