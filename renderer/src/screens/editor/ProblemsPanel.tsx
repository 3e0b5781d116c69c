import type { Diagnostic } from './language/validation';

interface Props {
  diagnostics: readonly Diagnostic[];
  open: boolean;
  onToggle(): void;
  onReveal(diagnostic: Diagnostic): void;
}

/** The markers as a list under the editor: line, message, the rule broken; Enter or a click goes there. */
export function ProblemsPanel({ diagnostics, open, onToggle, onReveal }: Props) {
  return (
    <section className="editor-problems" aria-label="Problems">
      <button type="button" className="editor-problems-toggle" aria-expanded={open} onClick={onToggle}>
        Problems <span className="editor-problems-count">{diagnostics.length}</span>
      </button>
      {open && (
        <ol className="editor-problems-list" data-testid="editor-problems">
          {diagnostics.length === 0 && <li className="editor-problems-empty">No problems: the bank would accept this pain.001.</li>}
          {diagnostics.map((d, i) => (
            <li key={`${i}-${d.path}`} data-line={d.range.startLine} data-rule={d.rule}>
              <button type="button" onClick={() => onReveal(d)} title={d.path}>
                <span className="editor-problem-where">
                  Ln {d.range.startLine}, Col {d.range.startColumn}
                </span>
                <span className="editor-problem-message">{d.message}</span>
                <span className={`editor-problem-rule editor-problem-${d.kind}`}>
                  {d.kind === 'schema' ? 'schema' : 'rule'}: {d.rule}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
