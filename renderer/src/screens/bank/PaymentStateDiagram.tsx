import type { PaymentSummary } from '../../../../preload/api/workbench-api';
import { formatInstant } from '../../widgets/format';

type State = PaymentSummary['status'];

// Fixed positions keep the picture the same for every payment, so the lit state is what changes.
const NODES: Record<State, { x: number; y: number; label: string }> = {
  PATC: { x: 20, y: 40, label: 'Partially accepted' },
  PDNG: { x: 200, y: 40, label: 'Pending' },
  ACCP: { x: 380, y: 40, label: 'Accepted' },
  RJCT: { x: 200, y: 150, label: 'Rejected' },
};
const WIDTH = 110;
const HEIGHT = 50;
const EDGES: readonly [State, State][] = [
  ['PATC', 'PDNG'],
  ['PDNG', 'ACCP'],
  ['PATC', 'RJCT'],
  ['PDNG', 'RJCT'],
];

type Props = { payment: Pick<PaymentSummary, 'status' | 'previousStatus' | 'statusChangedAt'> };

/** The payment lifecycle the bank enforces, with the payment's current state and the transition just taken lit. */
export function PaymentStateDiagram({ payment }: Props) {
  const { status, previousStatus } = payment;
  const taken = previousStatus === null ? null : `${previousStatus}-${status}`;
  const takenText = previousStatus === null ? '' : `${previousStatus} → ${status} at ${formatInstant(payment.statusChangedAt)}`;
  return (
    <svg
      className="state-diagram"
      viewBox="0 0 510 220"
      role="img"
      aria-label={`Payment lifecycle, now ${status}${takenText ? `, just moved ${takenText}` : ''}`}
      data-testid="payment-state-diagram"
      data-current={status}
      data-taken={taken ?? undefined}
    >
      <defs>
        <marker id="state-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
        </marker>
      </defs>
      {EDGES.map(([from, to]) => {
        const [x1, y1, x2, y2] = edgeEnds(from, to);
        const id = `${from}-${to}`;
        const active = id === taken;
        // A marker takes its colour from where it is declared, so the taken edge declares its own arrowhead.
        return (
          <g key={id} className={active ? `state-edge-taken status-${to}` : undefined} data-transition={id} data-active={active}>
            {active && (
              <marker id="state-arrow-taken" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="3.5" markerHeight="3.5" orient="auto">
                <path d="M0,0 L10,5 L0,10 z" fill="currentColor" />
              </marker>
            )}
            <line className="state-edge" x1={x1} y1={y1} x2={x2} y2={y2} markerEnd={active ? 'url(#state-arrow-taken)' : 'url(#state-arrow)'}>
              {active && <title>{`Transition just taken: ${takenText}`}</title>}
            </line>
          </g>
        );
      })}
      {(Object.keys(NODES) as State[]).map((state) => {
        const node = NODES[state];
        const lit = state === status;
        return (
          <g
            key={state}
            className={lit ? `state-node state-node-lit status status-${state}` : 'state-node'}
            data-state={state}
            aria-current={lit ? 'step' : undefined}
          >
            <rect x={node.x} y={node.y} width={WIDTH} height={HEIGHT} rx={10} />
            <text x={node.x + WIDTH / 2} y={node.y + 22} textAnchor="middle" className="state-code">
              {state}
            </text>
            <text x={node.x + WIDTH / 2} y={node.y + 39} textAnchor="middle" className="state-label">
              {node.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function edgeEnds(from: State, to: State): [number, number, number, number] {
  const a = NODES[from];
  const b = NODES[to];
  if (a.y === b.y) return [a.x + WIDTH, a.y + HEIGHT / 2, b.x, b.y + HEIGHT / 2];
  // Downward edges leave from the bottom of the source and reach the top of the target.
  return [a.x + WIDTH / 2, a.y + HEIGHT, b.x + (a.x < b.x ? 20 : WIDTH / 2), b.y];
}
