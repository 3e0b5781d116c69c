import { useState } from 'react';

/** The command in a text area (always readable, also where the clipboard is not allowed), copied when possible. */
export function CurlView({ command, onClose }: { command: string; onClose(): void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = (): void => {
    navigator.clipboard.writeText(command).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  return (
    <div className="curl-view">
      <div className="body-toolbar">
        <strong>cURL</strong>
        <button type="button" className="small" onClick={copy}>
          Copy
        </button>
        {copied === 'yes' && <span className="muted">Copied.</span>}
        {copied === 'no' && <span className="muted">The clipboard is not available here; select the text instead.</span>}
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      <textarea className="wire-block curl-text" readOnly value={command} data-testid="curl-command" rows={Math.min(14, command.split('\n').length + 1)} />
    </div>
  );
}
