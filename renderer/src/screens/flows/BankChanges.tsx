import type { BankChange } from '../../../../preload/api/workbench-api';
import { StatusBadge } from '../../widgets/StatusBadge';
import { shortId } from '../../widgets/format';

/** What a step changed in the bank: each resource's status before and after. */
export function BankChanges({ changes }: { changes: readonly BankChange[] }) {
  if (changes.length === 0) return <p className="muted small-text">Nothing changed in the bank.</p>;
  return (
    <table className="bank-changes" data-testid="bank-changes">
      <tbody>
        {changes.map((c) => (
          <tr key={`${c.kind}-${c.id}`}>
            <th>{c.kind}</th>
            <td className="wire-plain" title={c.id}>
              {shortId(c.id)}
            </td>
            <td>
              {c.before === null ? <span className="muted">new</span> : <StatusBadge value={c.before} />} → <StatusBadge value={c.after} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
