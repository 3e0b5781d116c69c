/**
 * Monaco from the bundle, never from a CDN or a loader script: the editor API, the XML language
 * (tokens only, no other language is bundled), the few contributions the screen uses, and the editor worker that Vite builds into the
 * app's assets. Imported only by the lazily loaded editor screen, so the other screens start
 * without it. Two themes made of the app's own CSS variables, following the app's theme (state/theme.ts).
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/xml/register';
// editor.api is the bare editor; these are the contributions the payment editor uses: the hover
// that shows a marker's message, F8 to the next problem, find in a 10,000-transaction bulk, folding.
// Schema completion inserts snippets (suggest, snippet); quick fixes are code actions on markers;
// a read-only original says so when typed into.
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
import 'monaco-editor/editor/contrib/readOnlyMessage/browser/contribution';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import { isDark, onSchemeChange } from '../../state/theme';

// The only worker Monaco asks for here is its own editor worker (XML has no language worker).
self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

const LIGHT = 'workbench-light';
const DARK = 'workbench-dark';

/** A colour variable of styles.css, where each is light-dark(light, dark): the one of the scheme shown. */
function cssVar(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const pair = /^light-dark\(\s*(#[0-9a-f]{6})\s*,\s*(#[0-9a-f]{6})\s*\)$/i.exec(value);
  const picked = pair ? pair[isDark() ? 2 : 1] : value;
  return picked && /^#[0-9a-f]{6}$/i.test(picked) ? picked : fallback;
}

/** (Re)defines the theme of the current scheme from the CSS variables and applies it. */
function applyTheme(): void {
  const dark = isDark();
  const name = dark ? DARK : LIGHT;
  const surface = cssVar('--surface', dark ? '#1e2228' : '#ffffff');
  const text = cssVar('--text', dark ? '#e6e9ee' : '#1b1f24');
  const muted = cssVar('--muted', dark ? '#9aa4b2' : '#5b6573');
  const accent = cssVar('--accent', dark ? '#7aa2f7' : '#2358c4');
  const accentSoft = cssVar('--accent-soft', dark ? '#263450' : '#e5ecfa');
  const border = cssVar('--border', dark ? '#353c47' : '#d9dee5');
  const surface2 = cssVar('--surface-2', dark ? '#262b33' : '#eef0f3');
  const error = cssVar('--error', dark ? '#ef5350' : '#c62828');
  const strip = (hex: string): string => hex.slice(1);
  monaco.editor.defineTheme(name, {
    base: dark ? 'vs-dark' : 'vs',
    inherit: true,
    rules: [
      { token: 'tag', foreground: strip(accent) },
      { token: 'attribute.name', foreground: strip(muted) },
      { token: 'comment', foreground: strip(muted), fontStyle: 'italic' },
    ],
    colors: {
      'editor.background': surface,
      'editor.foreground': text,
      'editorLineNumber.foreground': muted,
      'editorLineNumber.activeForeground': text,
      'editor.lineHighlightBackground': surface2,
      'editor.selectionBackground': accentSoft,
      'editorCursor.foreground': accent,
      'editorWidget.background': surface,
      'editorWidget.border': border,
      'editorHoverWidget.background': surface,
      'editorHoverWidget.border': border,
      'editorError.foreground': error,
    },
  });
  monaco.editor.setTheme(name);
}

let themed = false;

/** Applies the theme now and whenever the app's scheme changes (once per window). */
export function followColorScheme(): void {
  applyTheme();
  if (themed) return;
  themed = true;
  onSchemeChange(applyTheme);
}

export { monaco };
