import type { Exchange } from '../../../../preload/api/workbench-api';
import { useInspector } from '../../state/inspector';
import { useResends } from '../../state/resends';
import { httpStatusClass, statusInWords } from '../../widgets/http-status';
import { VerdictBadge } from './VerdictBadge';

/** An exchange's status and verdict in one line, as the list shows them. */
function Outcome({ exchange }: { exchange: Exchange }) {
  return (
    <>
      <span className={httpStatusClass(exchange.response.status)}>{statusInWords(exchange.response.status)}</span>
      {exchange.signature && <VerdictBadge verdict={exchange.signature.verdict} />}
    </>
  );
}

/**
 * Beside an exchange sent again with Edit and resend, the other side: the original's answer on the new
 * exchange, each new answer on the original, each with a way to open it and to compare the two.
 */
export function ResendLinks({ exchange }: { exchange: Exchange }) {
  const resends = useResends((s) => s.resends);
  const from = resends.find((r) => r.sent.id === exchange.id);
  const again = resends.filter((r) => r.original.id === exchange.id);
  if (from === undefined && again.length === 0) return null;
  const { select, compareThese } = useInspector.getState();
  return (
    <div className="resend-links" data-testid="resend-links">
      {from && (
        <p className="resend-link" data-testid="resent-from">
          Sent again from #{from.original.id}, which was answered <Outcome exchange={from.original} />
          <button type="button" className="small" onClick={() => select(from.original.id)}>
            Open #{from.original.id}
          </button>
          <button type="button" className="small" onClick={() => void compareThese(from.original.id, exchange.id)}>
            Compare the two
          </button>
        </p>
      )}
      {again.map(({ sent }) => (
        <p key={sent.id} className="resend-link" data-testid="sent-again">
          Sent again as #{sent.id}, answered <Outcome exchange={sent} />
          <button type="button" className="small" onClick={() => select(sent.id)}>
            Open #{sent.id}
          </button>
          <button type="button" className="small" onClick={() => void compareThese(exchange.id, sent.id)}>
            Compare the two
          </button>
        </p>
      ))}
    </div>
  );
}
