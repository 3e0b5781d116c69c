import { useState } from 'react';
import type { PsuSummary } from '../../../../preload/api/workbench-api';
import type { PayeeOutcome, TemplateKind } from './editor-state';

/** The largest bulk "Generate a bulk" makes. */
export const MAX_BULK = 10_000;

const OUTCOME_LABELS: Record<PayeeOutcome, string> = {
  template: 'as in the template',
  match: 'match',
  closeMatch: 'close match (CMTC)',
  noMatch: 'no match (NMTC)',
  notApplicable: 'not possible (NOAP)',
  serviceUnavailable: 'PSP down (NOAP)',
  timeout: 'timeout (RECI → NOAP)',
  inProgress: 'in progress (RECI)',
};

interface Props {
  institutions: readonly string[];
  institution: string;
  psus: readonly PsuSummary[];
  psuId: string | null;
  products: readonly string[];
  product: string;
  kinds: readonly TemplateKind[];
  kind: TemplateKind;
  /** The VoP outcomes the registry's payees demonstrate; empty where VoP does not apply. */
  outcomes: readonly PayeeOutcome[];
  outcome: PayeeOutcome;
  status: string;
  statusKind: 'valid' | 'problems' | 'pending' | 'error';
  canLoadTemplate: boolean;
  /** Transactions generated so far, while a bulk is being generated. */
  generating: { done: number; of: number } | null;
  canSubmit: boolean;
  sending: boolean;
  onInstitution(institution: string): void;
  onPsu(psuId: string): void;
  onProduct(product: string): void;
  onKind(kind: TemplateKind): void;
  onOutcome(outcome: PayeeOutcome): void;
  onLoadTemplate(): void;
  onOpenFile(file: File): void;
  onGenerate(count: number): void;
  onSubmit(): void;
}

/** A labelled choice among plain values. */
function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  testId: string;
  onChange(value: T): void;
  name?(value: T): string;
  title?: string;
}) {
  return (
    <label title={props.title}>
      {props.label}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)} data-testid={props.testId}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.name ? props.name(o) : o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What the text is validated against (institution, PSU, product), the templates, generation, submission and the verdict. */
export function EditorToolbar(props: Props) {
  const psus = props.psus.filter((p) => p.institution === props.institution);
  const [count, setCount] = useState(100);
  const validCount = Number.isInteger(count) && count >= 1 && count <= MAX_BULK;
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Payment editor">
      <div className="editor-toolbar-row">
        <Choice label="Institution" value={props.institution} options={props.institutions} testId="editor-institution" onChange={props.onInstitution} />
        <label title="The debtor account must be one this PSU may create payments from">
          PSU
          <select value={props.psuId ?? ''} onChange={(e) => props.onPsu(e.target.value)} data-testid="editor-psu">
            {psus.length === 0 && <option value="">No PSUs</option>}
            {psus.map((p) => (
              <option key={p.psuId} value={p.psuId}>
                {p.name} ({p.psuId})
              </option>
            ))}
          </select>
        </label>
        <Choice
          label="Product"
          value={props.product}
          options={props.products}
          testId="editor-product"
          onChange={props.onProduct}
          name={(p) => p.replace(/^pain\.001-/, '')}
          title="The payment product (pain.001-…)"
        />
        <output className={`editor-status editor-status-${props.statusKind}`} data-testid="editor-status" aria-live="polite">
          {props.status}
        </output>
      </div>
      <div className="editor-toolbar-row">
        <Choice label="Template" value={props.kind} options={props.kinds} testId="editor-kind" onChange={props.onKind} />
        {props.outcomes.length > 0 && (
          <Choice
            label="Payees"
            title="Payees of the VoP registry whose names give this Verification of Payee outcome"
            value={props.outcome}
            options={['template', ...props.outcomes] as PayeeOutcome[]}
            testId="editor-outcome"
            name={(o) => OUTCOME_LABELS[o]}
            onChange={props.onOutcome}
          />
        )}
        <button type="button" onClick={props.onLoadTemplate} disabled={!props.canLoadTemplate}>
          Load template
        </button>
        <label className="editor-open-file">
          Open file…
          <input
            type="file"
            accept=".xml,application/xml,text/xml"
            data-testid="editor-open-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) props.onOpenFile(file);
              e.target.value = '';
            }}
          />
        </label>
        <span className="editor-toolbar-gap" aria-hidden="true" />
        <label title={`A bulk of up to ${MAX_BULK.toLocaleString('en')} credit transfers made from the template`}>
          Bulk of
          <input
            type="number"
            min={1}
            max={MAX_BULK}
            value={Number.isNaN(count) ? '' : count}
            onChange={(e) => setCount(e.target.valueAsNumber)}
            className="editor-bulk-count"
            data-testid="editor-bulk-count"
            aria-invalid={!validCount}
          />
        </label>
        <button type="button" onClick={() => props.onGenerate(count)} disabled={!props.canLoadTemplate || !validCount || props.generating !== null}>
          Generate bulk
        </button>
        {props.generating && (
          <span className="editor-progress">
            <progress max={props.generating.of} value={props.generating.done} data-testid="editor-bulk-progress" aria-label="Bulk generation" />
            {props.generating.done.toLocaleString('en')} of {props.generating.of.toLocaleString('en')}
          </span>
        )}
        <button
          type="button"
          className="primary"
          onClick={props.onSubmit}
          disabled={!props.canSubmit || props.sending}
          data-testid="editor-submit"
          title="Send as the chosen PSU through the built-in TPP"
        >
          {props.sending ? 'Submitting…' : 'Submit'}
        </button>
      </div>
    </div>
  );
}
