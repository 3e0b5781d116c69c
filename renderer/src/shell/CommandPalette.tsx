import type { KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Match } from './command-match';
import { matchItems, splitHighlights } from './command-match';
import type { Command } from './commands';
import { isPaletteKey } from './palette-shortcut';
import { useCommands } from './use-commands';
import './command-palette.css';

const LIST_HINTS = [
  { keys: ['↑', '↓'], does: 'move' },
  { keys: ['Enter'], does: 'run' },
  { keys: ['Esc'], does: 'close' },
];
const CONFIRM_HINTS = [
  { keys: ['Enter'], does: 'confirm' },
  { keys: ['Esc'], does: 'back' },
];

/** Every action of the app by name: type to filter, arrows to move, Enter to run. */
export function CommandPalette({ onClose }: { onClose(): void }) {
  // Read during the first render, before the search box takes the focus.
  const [returnFocus] = useState(() => document.activeElement);
  const [query, setQuery] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Command | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const commands = useCommands();

  const matches = useMemo(() => rank(commands, query), [commands, query]);
  const active = matches.find((m) => m.item.id === activeId) ?? matches[0];
  const optionId = (command: Command): string => `${listId}-${command.id}`;

  const activeOptionId = active ? optionId(active.item) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const close = (): void => {
    if (returnFocus instanceof HTMLElement && returnFocus.isConnected) returnFocus.focus();
    onClose();
  };

  const run = (command: Command): void => {
    // Closed first, so a command that moves the focus (to a filter, to the clock) keeps it.
    close();
    void command.run();
  };

  const choose = (command: Command | undefined): void => {
    if (!command || command.disabledReason) return;
    if (command.confirm) setConfirming(command);
    else run(command);
  };

  const move = (step: number): void => {
    if (matches.length === 0) return;
    const at = active ? matches.indexOf(active) : -1;
    const next = matches[(at + step + matches.length) % matches.length];
    if (next) setActiveId(next.item.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    // The palette is modal: its keys must not reach the screens behind it (1, 2, 3 switch them).
    event.stopPropagation();
    if (event.key === 'Escape' || isPaletteKey(event)) {
      event.preventDefault();
      if (confirming && event.key === 'Escape') setConfirming(null);
      else close();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      cycleFocus(dialogRef.current, event.shiftKey ? -1 : 1);
    } else if (!confirming && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (!confirming && event.key === 'Enter') {
      event.preventDefault();
      choose(active?.item);
    }
  };

  return (
    <div
      className="palette-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      {/* Clicks must leave the focus where the palette's keys are handled, not on the page behind. */}
      <div
        ref={dialogRef}
        className="palette"
        role="dialog"
        aria-modal="true"
        aria-label="Command palette"
        data-testid="command-palette"
        onKeyDown={onKeyDown}
        onMouseDown={(event) => {
          if (!(event.target instanceof HTMLInputElement || event.target instanceof HTMLButtonElement)) event.preventDefault();
        }}
      >
        {confirming?.confirm ? (
          <div className="palette-confirm" data-testid="palette-confirm">
            <p className="palette-confirm-question">{confirming.confirm.question}</p>
            <p className="muted">{confirming.confirm.detail}</p>
            <div className="palette-confirm-actions">
              <button type="button" onClick={() => setConfirming(null)}>
                Back
              </button>
              <button type="button" className="palette-danger" autoFocus onClick={() => run(confirming)}>
                {confirming.confirm.action}
              </button>
            </div>
          </div>
        ) : (
          <>
            <div className="palette-search">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="palette-search-icon">
                <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4" />
              </svg>
              <input
                role="combobox"
                aria-label="Command"
                aria-expanded="true"
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={activeOptionId}
                placeholder="Type a command: clock, reset, phone, cURL…"
                autoFocus
                spellCheck={false}
                value={query}
                onChange={(event) => {
                  setQuery(event.target.value);
                  setActiveId(null);
                }}
              />
            </div>
            <ul id={listId} role="listbox" aria-label="Commands" className="palette-list">
              {matches.map((match) => (
                <CommandOption
                  key={match.item.id}
                  id={optionId(match.item)}
                  match={match}
                  selected={match === active}
                  onPoint={() => setActiveId(match.item.id)}
                  onChoose={() => choose(match.item)}
                />
              ))}
            </ul>
            {matches.length === 0 && <p className="palette-empty">No command matches “{query}”.</p>}
          </>
        )}
        <footer className="palette-footer muted">
          {(confirming ? CONFIRM_HINTS : LIST_HINTS).map(({ keys, does }) => (
            <span key={does} className="palette-hint">
              {keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}{' '}
              {does}
            </span>
          ))}
        </footer>
      </div>
    </div>
  );
}

interface OptionProps {
  id: string;
  match: Match<Command>;
  selected: boolean;
  onPoint(): void;
  onChoose(): void;
}

function CommandOption({ id, match, selected, onPoint, onChoose }: OptionProps) {
  const { item, highlights } = match;
  return (
    <li
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={item.disabledReason ? true : undefined}
      className={`palette-option${selected ? ' palette-option-selected' : ''}`}
      data-command={item.id}
      onMouseMove={selected ? undefined : onPoint}
      onClick={onChoose}
    >
      <span className="palette-group">{item.group}</span>
      <span className="palette-title">
        {splitHighlights(item.title, highlights).map((part, i) => (part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
      </span>
      {item.disabledReason && <span className="palette-reason">{item.disabledReason}</span>}
      {item.shortcut && !item.disabledReason && <kbd className="palette-shortcut">{item.shortcut}</kbd>}
    </li>
  );
}

/**
 * Before anything is typed, the commands that can run now come first. Once something is,
 * the best match comes first whether it can run or not: its row says why it cannot, and
 * Enter does nothing rather than run a worse match.
 */
function rank(commands: readonly Command[], query: string): Match<Command>[] {
  const matches = matchItems(
    commands.map((command) => ({ ...command, keywords: `${command.group} ${command.keywords ?? ''}` })),
    query,
  );
  if (query.trim()) return matches;
  return [...matches.filter((m) => !m.item.disabledReason), ...matches.filter((m) => m.item.disabledReason)];
}

function cycleFocus(container: HTMLElement | null, step: number): void {
  if (!container) return;
  const focusable = [...container.querySelectorAll<HTMLElement>('input, button:not(:disabled)')];
  if (focusable.length === 0) return;
  const at = focusable.indexOf(document.activeElement as HTMLElement);
  focusable[(at + step + focusable.length) % focusable.length]?.focus();
}
