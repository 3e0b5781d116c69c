// The payment editor (DESIGN.md "Screens" 2): a pain.001 in Monaco, validated as you type by the
// bank's own validator in a worker, its issues as markers and as a problems list. Loaded lazily
// (App.tsx), so Monaco is fetched from the bundle only when this screen first opens.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShell } from '../../state/shell';
import { EditorToolbar } from './EditorToolbar';
import { templateFor, useEditor } from './editor-state';
import { editorContext, offeredProducts, type EditorContext } from './language/context';
import type { Diagnostic } from './language/validation';
import { validationClient, type ValidationOutcome } from './language/validation-client';
import { followColorScheme, monaco } from './monaco-setup';
import { ProblemsPanel } from './ProblemsPanel';
import './editor.css';

/** Typing pauses this long before the text is validated. */
export const DEBOUNCE_MS = 250;
const MARKER_OWNER = 'pain001';

/** One model for the window's lifetime: the text survives a visit to another screen. */
let sharedModel: monaco.editor.ITextModel | null = null;
const editorModel = (): monaco.editor.ITextModel => (sharedModel ??= monaco.editor.createModel('', 'xml'));

type Status = { kind: 'valid' | 'problems' | 'pending' | 'error'; text: string };

function statusOf(outcome: ValidationOutcome): Status {
  if (outcome.error !== null || outcome.diagnosis === null) return { kind: 'error', text: `Not validated: ${outcome.error ?? 'no answer'}` };
  const n = outcome.diagnosis.diagnostics.length;
  if (n > 0) return { kind: 'problems', text: `${n} problem${n === 1 ? '' : 's'}` };
  const t = outcome.diagnosis.transactions ?? 0;
  return { kind: 'valid', text: `Valid pain.001 (${t} transaction${t === 1 ? '' : 's'})` };
}

function toMarker(d: Diagnostic): monaco.editor.IMarkerData {
  return {
    severity: monaco.MarkerSeverity.Error,
    message: d.message,
    source: d.kind === 'schema' ? 'ISO 20022 schema' : 'bank rule',
    code: d.rule,
    startLineNumber: d.range.startLine,
    startColumn: d.range.startColumn,
    endLineNumber: d.range.endLine,
    endColumn: d.range.endColumn,
  };
}

export default function EditorScreen() {
  const info = useShell((s) => s.info);
  const editorState = useEditor();
  const { institution, psus, psuId, product, templates, templatesOf } = editorState;
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'pending', text: 'Load a template, open a file or type a pain.001' });
  const [problemsOpen, setProblemsOpen] = useState(true);

  const institutions = useMemo(() => info?.institutions ?? [], [info]);
  useEffect(() => {
    if (institutions.length > 0) void useEditor.getState().load(institutions);
  }, [institutions]);

  const context = useMemo<EditorContext | null>(() => {
    if (!info || templatesOf !== institution || product === '') return null;
    return editorContext({ institution, product: product as EditorContext['validation']['product'], templates, psus, psuId, now: info.now });
  }, [info, institution, product, templates, templatesOf, psus, psuId]);
  const contextRef = useRef(context);
  contextRef.current = context;

  // The worker, and the debounced request of a validation.
  const client = useRef<ReturnType<typeof validationClient> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = useCallback((delay: number) => {
    clearTimeout(timer.current);
    const model = editorModel();
    if (model.getValueLength() === 0) {
      monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
      setDiagnostics([]);
      setStatus({ kind: 'pending', text: 'Load a template, open a file or type a pain.001' });
      return;
    }
    setStatus({ kind: 'pending', text: 'Validating…' });
    timer.current = setTimeout(() => {
      const ctx = contextRef.current;
      if (ctx && client.current) client.current.validate(model.getValue(), ctx);
    }, delay);
  }, []);

  useEffect(() => {
    const c = validationClient((outcome) => {
      const model = editorModel();
      const found = outcome.diagnosis?.diagnostics ?? [];
      monaco.editor.setModelMarkers(model, MARKER_OWNER, found.map(toMarker));
      setDiagnostics(found);
      setStatus(statusOf(outcome));
    });
    client.current = c;
    return () => {
      clearTimeout(timer.current);
      c.dispose();
      client.current = null;
    };
  }, []);

  // Monaco, mounted once per visit of the screen; the model outlives it.
  useEffect(() => {
    if (!host.current) return;
    followColorScheme();
    const e = monaco.editor.create(host.current, {
      model: editorModel(),
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      tabSize: 2,
      renderValidationDecorations: 'on',
      ariaLabel: 'pain.001 editor',
    });
    editor.current = e;
    const sub = e.onDidChangeModelContent(() => schedule(DEBOUNCE_MS));
    schedule(0);
    return () => {
      sub.dispose();
      e.dispose();
      editor.current = null;
    };
  }, [schedule]);

  // A new institution, PSU, product or simulated day is a new verdict on the same text.
  useEffect(() => {
    if (context) schedule(0);
  }, [context, schedule]);

  const setText = (text: string): void => {
    const e = editor.current;
    const model = editorModel();
    if (e) {
      // An edit, not setValue: Ctrl+Z brings the previous text back.
      e.pushUndoStop();
      e.executeEdits('load', [{ range: model.getFullModelRange(), text }]);
      e.pushUndoStop();
      e.setPosition({ lineNumber: 1, column: 1 });
      e.revealLine(1);
    } else model.setValue(text);
  };

  const template = templateFor(templates, product);
  const reveal = (d: Diagnostic): void => {
    const e = editor.current;
    if (!e) return;
    e.setSelection({ startLineNumber: d.range.startLine, startColumn: d.range.startColumn, endLineNumber: d.range.endLine, endColumn: d.range.endColumn });
    e.revealRangeInCenter({ startLineNumber: d.range.startLine, startColumn: d.range.startColumn, endLineNumber: d.range.endLine, endColumn: d.range.endColumn });
    e.focus();
  };

  return (
    <div className="editor-screen" data-testid="editor-screen">
      <EditorToolbar
        institutions={institutions}
        institution={institution}
        psus={psus}
        psuId={psuId}
        products={templatesOf === institution ? offeredProducts(templates) : []}
        product={product}
        status={editorState.error ? `The host did not answer: ${editorState.error}` : status.text}
        statusKind={editorState.error ? 'error' : status.kind}
        canLoadTemplate={template !== undefined}
        onInstitution={(i) => void useEditor.getState().setInstitution(i)}
        onPsu={(p) => useEditor.getState().setPsu(p)}
        onProduct={(p) => useEditor.getState().setProduct(p)}
        onLoadTemplate={() => template && setText(template.pain001)}
        onOpenFile={(file) => void file.text().then(setText)}
      />
      <div className="editor-host" ref={host} data-testid="editor-host" />
      <ProblemsPanel diagnostics={diagnostics} open={problemsOpen} onToggle={() => setProblemsOpen((o) => !o)} onReveal={reveal} />
    </div>
  );
}
