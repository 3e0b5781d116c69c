/**
 * The bank's refusal of a submitted pain.001 as markers: each tppMessage placed at the element its
 * `path` names (when the bank gives one), else at the validator path or "(line N)" its text names
 * (the bank's validator writes "Document/…/IBAN (line 42): … [rule]"), else at line 1. The text is
 * the exact bytes sent, so the lines are the editor's. Pure.
 */
import { locatePaths } from './positions';
import type { Diagnostic } from './validation';

export interface TppMessage {
  category?: string;
  code?: string;
  text?: string;
  path?: string;
}

const VALIDATOR_PATH = /\bDocument(?:\/[A-Za-z0-9]+(?:\[\d+\])?)+(?:\/@[A-Za-z]+)?/;
const LINE = /\(line (\d+)\)/;

/** The tppMessages of an error body, or [] when the body is not one. */
export function tppMessagesOf(body: string): TppMessage[] {
  try {
    const parsed = JSON.parse(body) as { tppMessages?: unknown };
    return Array.isArray(parsed.tppMessages) ? (parsed.tppMessages.filter((m) => m !== null && typeof m === 'object') as TppMessage[]) : [];
  } catch {
    return [];
  }
}

export function bankDiagnostics(text: string, messages: readonly TppMessage[], status: number): Diagnostic[] {
  const paths = messages.map((m) => m.path ?? VALIDATOR_PATH.exec(m.text ?? '')?.[0] ?? null);
  const located = locatePaths(
    text,
    paths.filter((p): p is string => p !== null),
  );
  const lines = text.split('\n');
  return messages.map((m, i): Diagnostic => {
    const path = paths[i] ?? null;
    const at = path === null ? undefined : located.get(path);
    const line = Math.min(Number(LINE.exec(m.text ?? '')?.[1] ?? 1), lines.length) || 1;
    const range = at?.range ?? { startLine: line, startColumn: 1, endLine: line, endColumn: (lines[line - 1]?.length ?? 0) + 1 };
    return {
      path: path ?? 'Document',
      rule: m.code ?? `HTTP ${status}`,
      message: `The bank answered ${status}: ${m.text ?? m.code ?? 'no text'}`,
      kind: 'business',
      range,
    };
  });
}
