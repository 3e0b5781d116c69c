import type { ReactNode } from 'react';
import { useLessonsPrepared } from '../../state/lessons-prepared';
import { ConfirmRemove } from '../../widgets/ConfirmRemove';
import { payeeAnswerLabel } from './payee-answers';

/** One list of what was prepared, titled, each entry with its Remove button; nothing when it is empty. */
function PreparedList<T>({
  title,
  testId,
  items,
  keyOf,
  removal,
  children,
}: {
  title: string;
  testId: string;
  items: readonly T[];
  keyOf(item: T): string;
  /** What the entry is called in the button's label, what its question says goes and stays, and its removal. */
  removal(item: T): { what: string; question: string; remove(): Promise<boolean> };
  children(item: T): ReactNode;
}) {
  const busy = useLessonsPrepared((s) => s.busy);
  if (items.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <ul className="bank-blocks" data-testid={`prep-${testId}s`}>
        {items.map((item) => {
          const { what, question, remove } = removal(item);
          return (
            <li key={keyOf(item)} data-testid={`prep-${testId}-row`}>
              <span>{children(item)}</span>
              <ConfirmRemove what={what} question={question} busy={busy} onRemove={() => void remove()} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What was prepared, each list with a Remove button per entry that asks first. */
export function PreparedLists() {
  const { payees, psus, lessons } = useLessonsPrepared((s) => s.prepared);
  const { removePayee, removePsu, removeLesson } = useLessonsPrepared();
  if (payees.length + psus.length + lessons.length === 0)
    return (
      <p className="bank-empty" data-testid="prep-empty">
        Nothing prepared yet: add a payee or a customer above, then pick a lesson on the Flows screen and save it with your choices.
      </p>
    );
  return (
    <div className="prep-lists">
      <PreparedList
        title="Payees added"
        testId="payee"
        items={payees}
        keyOf={(p) => `${p.institution}/${p.iban}`}
        removal={(p) => ({
          what: `${p.registeredName} from the VoP registry of ${p.institution}`,
          question: `Take ${p.registeredName} out of ${p.institution}’s VoP registry? The name check of new payments no longer knows this account; payments made already keep their answer.`,
          remove: () => removePayee(p),
        })}
      >
        {(p) => (
          <>
            <b>{p.registeredName}</b> <code>{p.iban}</code> at {p.institution}: {payeeAnswerLabel(p.outcome).toLowerCase()}
            {p.creditorName !== p.registeredName && <> when the payer writes “{p.creditorName}”</>}
          </>
        )}
      </PreparedList>
      <PreparedList
        title="Customers added"
        testId="psu"
        items={psus}
        keyOf={(p) => p.psuId}
        removal={(p) => ({
          what: `the customer ${p.name}`,
          question: `Remove ${p.name} from the bank? They can no longer log in or approve payments. What they did in this class stays until New class.`,
          remove: () => removePsu(p),
        })}
      >
        {(p) => (
          <>
            <b>{p.name}</b> <code>{p.psuId}</code> at {p.institution} for {p.corporateId} — {p.role}
          </>
        )}
      </PreparedList>
      <PreparedList
        title="Saved lessons"
        testId="lesson"
        items={lessons}
        keyOf={(l) => l.name}
        removal={(l) => ({
          what: `the lesson “${l.name}”`,
          question: `Remove the saved lesson “${l.name}”? It leaves the list of flows. The payees and customers it uses stay.`,
          remove: () => removeLesson(l.name),
        })}
      >
        {(l) => (
          <>
            <b>{l.name}</b>{' '}
            <span className="muted">
              ({l.flow} at {l.institution}; start it from the Flows screen)
            </span>
          </>
        )}
      </PreparedList>
    </div>
  );
}
