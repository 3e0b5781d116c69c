import { useEffect, useState } from 'react';
import { workbench } from '../../api';
import type { FlowSummary, SavedLessonInput } from '../../../../preload/api/workbench-api';
import { payeeChoiceValue, readPayeeChoice } from '../../../../shared/payee-choice';
import { useFlowRun } from '../../state/flow-run';
import { useLessonsPrepared } from '../../state/lessons-prepared';
import { ConfirmRemove } from '../../widgets/ConfirmRemove';
import type { AddedPayeeChoice } from './ParameterForm';
import './saved-lessons.css';

const sameEntries = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** Picks the lesson's flow with its saved options in the form, ready for Start. */
function pickSaved(flow: FlowSummary, lesson: SavedLessonInput): void {
  useFlowRun.getState().pick(flow);
  useFlowRun.setState((s) => ({ setup: { ...s.setup, institution: lesson.institution, psus: { ...lesson.psus }, params: { ...lesson.params } } }));
}

/**
 * The lessons saved with their options (docs/teaching.md, "Lessons prepared ahead"), above the library: each an
 * entry of its own, tagged Lesson, that picks its flow with those options; lit while the form holds them.
 */
export function SavedLessonList({ flows }: { flows: readonly FlowSummary[] }) {
  const lessons = useLessonsPrepared((s) => s.prepared.lessons);
  const { busy, error, removeLesson } = useLessonsPrepared();
  // The store's error is shared with "Save as lesson": shown here only when a removal from this list failed.
  const [removalFailed, setRemovalFailed] = useState(false);
  const picked = useFlowRun((s) => (s.run === null ? s.picked : null));
  const setup = useFlowRun((s) => s.setup);

  useEffect(() => {
    void useLessonsPrepared.getState().load();
    return workbench.subscribe(
      (events) => useLessonsPrepared.getState().onEvents(events),
      () => void useLessonsPrepared.getState().load(),
    );
  }, []);

  const usable = lessons.flatMap((lesson) => {
    const flow = flows.find((f) => f.name === lesson.flow);
    return flow === undefined ? [] : [{ lesson, flow }];
  });
  if (usable.length === 0) return null;
  return (
    <section className="flow-picker saved-lessons" aria-label="Saved lessons">
      <section className="flow-group">
        <h3>Saved lessons</h3>
        <ul>
          {usable.map(({ lesson, flow }) => {
            const lit =
              picked?.name === flow.name &&
              setup.institution === lesson.institution &&
              sameEntries(setup.psus, lesson.psus ?? {}) &&
              sameEntries(setup.params, lesson.params ?? {});
            return (
              <li key={lesson.name} className="saved-lesson-entry" data-testid="saved-lesson-entry">
                <button
                  type="button"
                  className={`flow-item${lit ? ' flow-item-picked' : ''}`}
                  aria-current={lit ? 'true' : undefined}
                  data-testid="saved-lesson"
                  data-lesson={lesson.name}
                  title={`${flow.title} at ${lesson.institution}, with the options it was saved with`}
                  onClick={() => pickSaved(flow, lesson)}
                >
                  <span className="flow-item-title saved-lesson-title">
                    <span className="flow-tag">Lesson</span>
                    {lesson.name}
                  </span>
                  <span className="flow-item-description">
                    {flow.title} · {lesson.institution}
                  </span>
                </button>
                <ConfirmRemove
                  what={`the lesson “${lesson.name}”`}
                  question={`Remove the saved lesson “${lesson.name}”? Its flow stays in the list, and so do the payees and customers it uses.`}
                  busy={busy}
                  onRemove={() => void removeLesson(lesson.name).then((ok) => setRemovalFailed(!ok))}
                />
              </li>
            );
          })}
        </ul>
        {removalFailed && error && (
          <p className="save-lesson-error" role="alert" data-testid="saved-lessons-error">
            {error}
          </p>
        )}
      </section>
    </section>
  );
}

/** What the payee's bank answers, in the few words a payee's choice adds to its name. */
const ANSWER_WORDS: Record<string, string> = {
  match: 'match',
  closeMatch: 'close match',
  noMatch: 'no match',
  timeout: 'no answer',
  serviceUnavailable: 'unavailable',
  notApplicable: 'cannot be checked',
};

/** The payees added to the institution's registry, as a payee parameter offers them. */
export function useAddedPayeeChoices(institution: string): AddedPayeeChoice[] {
  const payees = useLessonsPrepared((s) => s.prepared.payees);
  return payees
    .filter((p) => p.institution === institution)
    .map((p) => ({
      value: payeeChoiceValue(p.outcome, p.iban),
      outcome: p.outcome,
      label: `${p.registeredName}: ${ANSWER_WORDS[p.outcome] ?? p.outcome} (added)`,
    }));
}

/** The lesson as the form holds it now: its flow, institution, customers by role and every parameter's value. */
interface LessonDraft {
  flow: FlowSummary;
  institution: string;
  psus: Record<string, string>;
  params: Record<string, string>;
}

/** A name for the lesson before it is typed: the flow's title, and the payee and amount chosen. */
function suggestedName(draft: LessonDraft, payees: readonly AddedPayeeChoice[]): string {
  const parts = [draft.flow.title];
  for (const parameter of draft.flow.parameters) {
    const value = draft.params[parameter.name];
    if (value === undefined) continue;
    if (parameter.kind === 'payee' && readPayeeChoice(value).iban !== undefined)
      parts.push(payees.find((p) => p.value === value)?.label.split(':')[0] ?? value);
    if (parameter.kind === 'amount') parts.push(`€${value}`);
  }
  return parts.join(', ');
}

/** "Save as lesson": the form's choices kept under a name, listed with the flows from then on. */
export function SaveLesson({ draft, disabled }: { draft: LessonDraft; disabled: boolean }) {
  const { busy, error, saveLesson } = useLessonsPrepared();
  const payees = useAddedPayeeChoices(draft.institution);
  const [name, setName] = useState<string | null>(null);

  if (name === null)
    return (
      <button type="button" disabled={disabled} onClick={() => setName(suggestedName(draft, payees))} data-testid="save-lesson">
        Save as lesson…
      </button>
    );
  return (
    <form
      className="save-lesson"
      aria-label="Save as lesson"
      onSubmit={(e) => {
        e.preventDefault();
        void saveLesson({ name: name.trim(), flow: draft.flow.name, institution: draft.institution, psus: draft.psus, params: draft.params }).then((saved) => {
          if (saved !== null) setName(null);
        });
      }}
    >
      <label>
        Lesson name
        <input value={name} maxLength={140} autoFocus onChange={(e) => setName(e.target.value)} data-testid="save-lesson-name" />
      </label>
      <button type="submit" className="primary" disabled={busy || name.trim() === ''} data-testid="save-lesson-confirm">
        Save
      </button>
      <button type="button" onClick={() => setName(null)}>
        Cancel
      </button>
      {error && (
        <span className="save-lesson-error" role="alert" data-testid="save-lesson-error">
          {error}
        </span>
      )}
    </form>
  );
}
