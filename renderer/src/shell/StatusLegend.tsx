import { StatusBadge } from '../widgets/StatusBadge';
import { STATUS_LEGEND } from '../widgets/status-legend';

/** Every status colour with its meaning, shown while the pointer or focus is on it. */
export function StatusLegend() {
  return (
    <div className="legend" tabIndex={0} aria-label="Status colours">
      <span className="legend-trigger">Legend</span>
      <div className="legend-popover" role="tooltip">
        {STATUS_LEGEND.map((s) => (
          <div key={s.value} className="legend-row">
            <StatusBadge value={s.value} />
            <span>{s.meaning}</span>
          </div>
        ))}
      </div>
    </div>
  );
}
