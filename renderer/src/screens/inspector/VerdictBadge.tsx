import type { SignatureVerdict as Verdict } from '../../../../preload/api/workbench-api';
import { StatusBadge } from '../../widgets/StatusBadge';

/** The bank's verdict as one badge: valid, or the error code it answered with. */
export function VerdictBadge({ verdict: v }: { verdict: Verdict }) {
  if (v.valid) return <StatusBadge value="valid" label="signature valid" />;
  return (
    <span className="status status-rejected" title={`${v.code}: ${v.text}`} data-status="rejected">
      {v.code}
    </span>
  );
}
