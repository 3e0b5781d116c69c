// Monaco's side of schema-aware editing: completion, hover and quick fixes for the XML language,
// each a thin adapter over the pure functions of language/ (offsets in, offsets out). Registered
// once per window; what they need of the screen (its diagnostics, BIC, today) comes from a getter.
import { completionsAt } from './language/completion';
import { hoverAt } from './language/hover';
import { quickFixesFor, type FixContext } from './language/quick-fixes';
import type { Diagnostic } from './language/validation';
import { monaco } from './monaco-setup';

export interface ProviderContext {
  /** The markers' diagnostics, so a marker's quick fix knows the validator's path. */
  diagnostics(): readonly Diagnostic[];
  fixContext(): FixContext | null;
}

let registered = false;

const rangeOf = (model: monaco.editor.ITextModel, start: number, end: number): monaco.IRange => {
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(end);
  return { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column };
};

/** The text up to the end of the position's line: all completion and hover read (a 10,000-transaction bulk is megabytes). */
const textThroughLine = (model: monaco.editor.ITextModel, position: monaco.Position): string =>
  model.getValueInRange({ startLineNumber: 1, startColumn: 1, endLineNumber: position.lineNumber, endColumn: model.getLineMaxColumn(position.lineNumber) });

export function registerPain001Language(context: ProviderContext): void {
  if (registered) return;
  registered = true;

  monaco.languages.registerCompletionItemProvider('xml', {
    triggerCharacters: ['<'],
    provideCompletionItems(model, position) {
      const offset = model.getOffsetAt(position);
      const answer = completionsAt(textThroughLine(model, position), offset);
      const range = rangeOf(model, answer.replaceFrom, offset);
      return {
        suggestions: answer.items.map((item) => ({
          label: { label: item.name, description: item.detail },
          kind: monaco.languages.CompletionItemKind.Property,
          detail: item.detail,
          documentation: item.required ? 'Required here' : 'Optional here',
          insertText: item.snippet,
          insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
          filterText: item.filterText,
          sortText: item.sortText,
          range,
        })),
      };
    },
  });

  monaco.languages.registerHoverProvider('xml', {
    provideHover(model, position) {
      const info = hoverAt(textThroughLine(model, position), model.getOffsetAt(position));
      if (!info) return null;
      const lines = [`**${info.title}**`, info.cardinality ? `${info.cardinality} · ${info.type ?? ''}` : 'Not in pain.001.001.03 here'];
      if (info.rule) lines.push(`Bank rule: ${info.rule}`);
      return { range: rangeOf(model, info.start, info.end), contents: lines.map((value) => ({ value })) };
    },
  });

  monaco.languages.registerCodeActionProvider(
    'xml',
    {
      provideCodeActions(model, _range, codeActions) {
        const fix = context.fixContext();
        if (!fix || codeActions.markers.length === 0) return { actions: [], dispose: () => undefined };
        const text = model.getValue();
        const diagnostics = context.diagnostics();
        const actions: monaco.languages.CodeAction[] = [];
        const titles = new Set<string>();
        for (const marker of codeActions.markers) {
          const d = diagnostics.find((x) => x.range.startLine === marker.startLineNumber && x.message === marker.message);
          if (!d) continue;
          for (const q of quickFixesFor(text, d, fix)) {
            if (titles.has(q.title)) continue;
            titles.add(q.title);
            actions.push({
              title: q.title,
              kind: 'quickfix',
              diagnostics: [marker],
              isPreferred: true,
              edit: {
                edits: q.edits.map((e) => ({
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: { range: rangeOf(model, e.start, e.end), text: e.text },
                })),
              },
            });
          }
        }
        return { actions, dispose: () => undefined };
      },
    },
    { providedCodeActionKinds: ['quickfix'] },
  );
}
