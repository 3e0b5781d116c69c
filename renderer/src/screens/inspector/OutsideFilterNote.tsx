import { useMemo } from 'react';
import { useInspector } from '../../state/inspector';
import { useResends } from '../../state/resends';
import { httpStatusClass, statusInWords } from '../../widgets/http-status';
import { VerdictBadge } from './VerdictBadge';

/**
 * Above the list: the exchanges Edit and resend sent that the current search does not match (a search for
 * SIGNATURE_INVALID, then a re-signed 201), each with its status and verdict and a way to show it, so a
 * resend never leaves sight without a word.
 */
export function OutsideFilterNote() {
  const rows = useInspector((s) => s.rows);
  const selectedId = useInspector((s) => s.selectedId);
  const resends = useResends((s) => s.resends);
  const setAside = useResends((s) => s.setAside);
  const outside = useMemo(() => {
    const listed = new Set(rows.map((r) => r.summary.id));
    return resends.filter((r) => !listed.has(r.sent.id) && !setAside.includes(r.sent.id)).map((r) => r.sent);
  }, [rows, resends, setAside]);
  if (outside.length === 0) return null;
  const { select } = useInspector.getState();
  return (
    <div className="note outside-filter" role="status" data-testid="outside-filter">
      <p className="outside-filter-head">
        <strong>{outside.length === 1 ? '1 new exchange' : `${outside.length} new exchanges`} outside the filter</strong>
        <span className="muted small-text">sent with Edit and resend; the search does not match {outside.length === 1 ? 'it' : 'them'}</span>
        <button type="button" className="small" onClick={() => useResends.getState().setAsideAll(outside.map((e) => e.id))}>
          Dismiss
        </button>
      </p>
      <ul className="outside-filter-list">
        {outside
          .slice(-3)
          .reverse()
          .map((e) => (
            <li key={e.id} data-testid="outside-filter-exchange" data-id={e.id}>
              <span className="wire-plain">#{e.id}</span> <span className="exchange-method">{e.method}</span>{' '}
              <span className={httpStatusClass(e.response.status)}>{statusInWords(e.response.status)}</span>
              {e.signature && <VerdictBadge verdict={e.signature.verdict} />}
              <button type="button" className="small" onClick={() => select(e.id)} disabled={selectedId === e.id} aria-pressed={selectedId === e.id}>
                {selectedId === e.id ? 'Shown' : 'Show it'}
              </button>
            </li>
          ))}
      </ul>
    </div>
  );
}
