/** Whether a step or run met its expectation, in the status vocabulary's green and red. */
export function MetBadge({ met }: { met: boolean | null }) {
  if (met === null)
    return (
      <span className="status status-started" title="Steps remain">
        running
      </span>
    );
  return (
    <span
      className={`status ${met ? 'status-valid' : 'status-failed'}`}
      data-testid="met"
      data-met={met ? 'true' : 'false'}
      title={met ? 'Met its expectation' : 'Did not meet its expectation'}
    >
      {met ? 'met' : 'unmet'}
    </span>
  );
}
