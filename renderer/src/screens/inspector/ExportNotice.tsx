import { useExportNotice } from '../../state/inspector-export';

/** What the last export saved (or why it failed), where its button is: under the search for the whole log's, in the detail for one exchange's. */
export function ExportNotice({ scope, testId }: { scope: 'log' | 'exchange'; testId: string }) {
  const notice = useExportNotice((s) => (s.scope === scope ? s.notice : null));
  if (notice === null) return null;
  return (
    <p className="note export-notice" role="status" data-testid={testId}>
      {notice}{' '}
      <button type="button" className="small" onClick={useExportNotice.getState().clear}>
        OK
      </button>
    </p>
  );
}
