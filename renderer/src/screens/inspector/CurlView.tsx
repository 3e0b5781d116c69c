import { useEffect } from 'react';
import { useClipboardCopy } from '../../widgets/clipboard-copy';

/**
 * The command in a text area (always readable, also where the clipboard is not allowed), copied as
 * it opens: one click on "Copy as cURL" puts it on the clipboard.
 */
export function CurlView({ command, onClose }: { command: string; onClose(): void }) {
  const { copied, copy } = useClipboardCopy();
  useEffect(() => copy(command), [command, copy]);
  return (
    <div className="curl-view">
      <div className="body-toolbar">
        <strong>cURL</strong>
        <button type="button" className="small" onClick={() => copy(command)}>
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
