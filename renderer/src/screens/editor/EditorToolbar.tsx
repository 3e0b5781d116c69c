import type { PsuSummary } from '../../../../preload/api/workbench-api';

interface Props {
  institutions: readonly string[];
  institution: string;
  psus: readonly PsuSummary[];
  psuId: string | null;
  products: readonly string[];
  product: string;
  status: string;
  statusKind: 'valid' | 'problems' | 'pending' | 'error';
  canLoadTemplate: boolean;
  onInstitution(institution: string): void;
  onPsu(psuId: string): void;
  onProduct(product: string): void;
  onLoadTemplate(): void;
  onOpenFile(file: File): void;
}

/** What the text is validated against (institution, PSU, product), the templates, and the verdict. */
export function EditorToolbar(props: Props) {
  const psus = props.psus.filter((p) => p.institution === props.institution);
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Payment editor">
      <label>
        Institution
        <select value={props.institution} onChange={(e) => props.onInstitution(e.target.value)} data-testid="editor-institution">
          {props.institutions.map((i) => (
            <option key={i} value={i}>
              {i}
            </option>
          ))}
        </select>
      </label>
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
      <label>
        Product
        <select value={props.product} onChange={(e) => props.onProduct(e.target.value)} data-testid="editor-product">
          {props.products.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
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
      <output className={`editor-status editor-status-${props.statusKind}`} data-testid="editor-status" aria-live="polite">
        {props.status}
      </output>
    </div>
  );
}
