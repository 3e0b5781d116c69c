import { useEffect, useState } from 'react';

/**
 * The command in a text area (always readable, also where the clipboard is not allowed), copied as
 * it opens: one click on "Copy as cURL" puts it on the clipboard.
 */
export function CurlView({ command, onClose }: { command: string; onClose(): void }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = (): void => {
    // navigator.clipboard is absent outside a secure context (the UI served beyond loopback over http).
    if (!('clipboard' in navigator)) {
      setCopied('no');
      return;
    }
    navigator.clipboard.writeText(command).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );
  };
  useEffect(copy, [command]);
  return (
    <div className="curl-view">
      <div className="body-toolbar">
        <strong>cURL</strong>
        <button type="button" className="small" onClick={copy}>
          Copy
        </button>
        {copied === 'yes' && (
          <span className="muted" role="status">
            Copied to the clipboard.
          </span>
        )}
        {copied === 'no' && <span className="muted">The clipboard is not available here; select the text instead.</span>}
        <button type="button" className="small" onClick={onClose}>
          Close
        </button>
      </div>
      <textarea className="wire-block curl-text" readOnly value={command} data-testid="curl-command" rows={Math.min(14, command.split('\n').length + 1)} />
    </div>
  );
}
