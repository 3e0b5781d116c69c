import { statusMeaning } from './status-legend';

/** A status in the app's one colour vocabulary, its meaning one hover away. */
export function StatusBadge({ value, label }: { value: string; label?: string }) {
  return (
    <span className={`status status-${value}`} title={statusMeaning(value)} data-status={value}>
      {label ?? value}
    </span>
  );
}
