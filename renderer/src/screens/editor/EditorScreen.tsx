// The payment editor (docs/architecture.md#the-payment-editor): a pain.001 in Monaco, validated as you type by the
// bank's own validator in a worker, its issues as markers and as a problems list; schema completion,
// hovers and quick fixes; templates filled from the dataset and bulks; submission through the built-in
// TPP with the payment's pain.002 beside the text. Loaded lazily (App.tsx), so Monaco is fetched from
// the bundle only when this screen first opens.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useShell } from '../../state/shell';
import { SplitPane } from '../../widgets/SplitPane';
import { EditorToolbar, MAX_BULK } from './EditorToolbar';
import { choosesPayees, filledTemplate, templateFor, useEditor, type PayeeOutcome } from './editor-state';
import { editorContext, type EditorContext } from './language/context';
import { generateBulk } from './language/generate-bulk';
import type { Diagnostic } from './language/validation';
import { validationClient, type ValidationOutcome } from './language/validation-client';
import { registerPain001Language } from './monaco-providers';
import { followColorScheme, monaco } from './monaco-setup';
import { ProblemsPanel } from './ProblemsPanel';
import { ReportPane } from './ReportPane';
import { useSubmission } from './submission';
import './editor.css';

/** Typing pauses this long before the text is validated. */
export const DEBOUNCE_MS = 250;
const MARKER_OWNER = 'pain001';
const BANK_OWNER = 'bank';

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

function toMarker(d: Diagnostic, source: string): monaco.editor.IMarkerData {
  return {
    severity: monaco.MarkerSeverity.Error,
    message: d.message,
    source,
    code: d.rule,
    startLineNumber: d.range.startLine,
    startColumn: d.range.startColumn,
    endLineNumber: d.range.endLine,
    endColumn: d.range.endColumn,
  };
}

// The providers read the screen's current state through these (registered once per window).
let currentDiagnostics: readonly Diagnostic[] = [];
let currentContext: EditorContext | null = null;
registerPain001Language({
  diagnostics: () => currentDiagnostics,
  fixContext: () => (currentContext ? { institution: currentContext.validation.institution, today: currentContext.validation.today } : null),
});

export default function EditorScreen() {
  const info = useShell((s) => s.info);
  const editorState = useEditor();
  const { institutions: known, institution, psus, psuId, product, kind, outcome, templates, templatesOf, vop, viewing, load } = editorState;
  const submission = useSubmission();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [status, setStatus] = useState<Status>({ kind: 'pending', text: 'Load a template, open a file or type a pain.001' });
  const [problemsOpen, setProblemsOpen] = useState(true);
  const [generating, setGenerating] = useState<{ done: number; of: number } | null>(null);

  const institutions = useMemo(() => info?.institutions ?? [], [info]);
  useEffect(() => {
    if (institutions.length > 0) void useEditor.getState().loadHost(institutions);
  }, [institutions]);

  const context = useMemo<EditorContext | null>(() => {
    const chosen = known.find((i) => i.id === institution);
    if (!info || !chosen || templatesOf !== institution || product === '') return null;
    return editorContext({ institution: chosen, product: product as EditorContext['validation']['product'], psus, psuId, now: info.now });
  }, [info, known, institution, product, templatesOf, psus, psuId]);
  const contextRef = useRef(context);
  // Declared before the effects that validate, so they run after the context they read is in place.
  useEffect(() => {
    contextRef.current = context;
    currentContext = context;
  }, [context]);

  const last = submission.last;
  const bankProblems = useMemo(() => last?.problems ?? [], [last]);
  const allProblems = useMemo(() => [...diagnostics, ...bankProblems], [diagnostics, bankProblems]);
  useEffect(() => {
    currentDiagnostics = allProblems;
  }, [allProblems]);

  // The bank's refusal, marked on the text it was given until that text changes.
  useEffect(() => {
    monaco.editor.setModelMarkers(
      editorModel(),
      BANK_OWNER,
      bankProblems.map((d) => toMarker(d, 'the bank')),
    );
  }, [bankProblems]);

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
    const c = validationClient((result) => {
      const model = editorModel();
      const found = result.diagnosis?.diagnostics ?? [];
      monaco.editor.setModelMarkers(
        model,
        MARKER_OWNER,
        found.map((d) => toMarker(d, d.kind === 'schema' ? 'ISO 20022 schema' : 'bank rule')),
      );
      setDiagnostics(found);
      setStatus(statusOf(result));
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
      readOnly: useEditor.getState().viewing !== null,
      readOnlyMessage: { value: 'This is the payment’s original as the TPP sent it. Use “Edit a copy” to change it.' },
      lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.OnCode },
      ariaLabel: 'pain.001 editor',
    });
    editor.current = e;
    const sub = e.onDidChangeModelContent(() => {
      useSubmission.getState().clearProblems();
      schedule(DEBOUNCE_MS);
    });
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

  useEffect(() => {
    editor.current?.updateOptions({ readOnly: viewing !== null });
  }, [viewing]);

  const setText = useCallback((text: string): void => {
    const e = editor.current;
    const model = editorModel();
    if (e) {
      // An edit, not setValue: Ctrl+Z brings the previous text back (a read-only editor takes none).
      if (e.getOption(monaco.editor.EditorOption.readOnly)) {
        model.setValue(text);
      } else {
        e.pushUndoStop();
        e.executeEdits('load', [{ range: model.getFullModelRange(), text }]);
        e.pushUndoStop();
      }
      e.setPosition({ lineNumber: 1, column: 1 });
      e.revealLine(1);
    } else model.setValue(text);
  }, []);

  // Text handed over by the store (a payment's original opened from the Bank screen).
  const loadedSeq = useRef(0);
  useEffect(() => {
    if (!load || load.seq === loadedSeq.current) return;
    loadedSeq.current = load.seq;
    editor.current?.updateOptions({ readOnly: useEditor.getState().viewing !== null });
    setText(load.text);
    if (viewing) {
      useSubmission.setState({ last: null });
      useSubmission.getState().show(viewing.paymentId);
    }
  }, [load, setText, viewing]);

  const reveal = (d: Diagnostic): void => {
    const e = editor.current;
    if (!e) return;
    e.setSelection({ startLineNumber: d.range.startLine, startColumn: d.range.startColumn, endLineNumber: d.range.endLine, endColumn: d.range.endColumn });
    e.revealRangeInCenter({
      startLineNumber: d.range.startLine,
      startColumn: d.range.startColumn,
      endLineNumber: d.range.endLine,
      endColumn: d.range.endColumn,
    });
    e.focus();
  };

  const editable = viewing === null;
  const template = templateFor(templates, product, kind);
  const kinds = [...new Set(templates.filter((t) => t.product === product).map((t) => t.kind))];
  const outcomes = choosesPayees(product, vop) ? ([...new Set(vop?.payees.map((p) => p.outcome))] as PayeeOutcome[]) : [];
  const fill = (): string | null => filledTemplate(useEditor.getState());

  const generate = async (count: number): Promise<void> => {
    const base = fill();
    if (base === null || count < 1 || count > MAX_BULK) return;
    useEditor.getState().editCopy();
    setGenerating({ done: 0, of: count });
    try {
      setText(await generateBulk(base, count, (done) => setGenerating({ done, of: count })));
    } finally {
      setGenerating(null);
    }
  };

  const submit = (): void => {
    if (psuId === null || product === '') return;
    void useSubmission.getState().submit({ text: editorModel().getValue(), institution, psuId, product });
  };

  return (
    <div className="editor-screen" data-testid="editor-screen">
      <EditorToolbar
        institutions={institutions}
        institution={institution}
        psus={psus}
        psuId={psuId}
        products={templatesOf === institution ? (known.find((i) => i.id === institution)?.products ?? []) : []}
        product={product}
        kinds={kinds}
        kind={kind}
        outcomes={outcomes}
        outcome={outcome}
        status={editorState.error ? `The host did not answer: ${editorState.error}` : status.text}
        statusKind={editorState.error ? 'error' : status.kind}
        canLoadTemplate={template !== undefined}
        generating={generating}
        canSubmit={editable && psuId !== null && status.kind !== 'pending' && editorModel().getValueLength() > 0}
        sending={submission.sending}
        onInstitution={(i) => void useEditor.getState().setInstitution(i)}
        onPsu={(p) => useEditor.getState().setPsu(p)}
        onProduct={(p) => useEditor.getState().setProduct(p)}
        onKind={(k) => useEditor.getState().setKind(k)}
        onOutcome={(o) => useEditor.getState().setOutcome(o)}
        onLoadTemplate={() => {
          const text = fill();
          if (text === null) return;
          useEditor.getState().editCopy();
          editor.current?.updateOptions({ readOnly: false });
          setText(text);
        }}
        onOpenFile={(file) =>
          void file.text().then((text) => {
            useEditor.getState().editCopy();
            editor.current?.updateOptions({ readOnly: false });
            setText(text);
          })
        }
        onGenerate={(count) => void generate(count)}
        onSubmit={submit}
      />
      <SplitPane persistAs="editor" label="Editor and status report" defaultPercent={62} minStartPx={420} minEndPx={300} className="editor-split">
        <div className="editor-main">
          {viewing && (
            <div className="editor-readonly note" data-testid="editor-readonly">
              <span>
                The original pain.001 of payment <span className="wire">{viewing.paymentId.slice(0, 8)}</span>, exactly as the TPP sent it: read-only.
              </span>
              <button
                type="button"
                onClick={() => {
                  useEditor.getState().editCopy();
                  editor.current?.updateOptions({ readOnly: false });
                  editor.current?.focus();
                }}
              >
                Edit a copy
              </button>
            </div>
          )}
          <div className="editor-host" ref={host} data-testid="editor-host" />
          <ProblemsPanel diagnostics={allProblems} open={problemsOpen} onToggle={() => setProblemsOpen((o) => !o)} onReveal={reveal} />
        </div>
        <ReportPane />
      </SplitPane>
    </div>
  );
}
