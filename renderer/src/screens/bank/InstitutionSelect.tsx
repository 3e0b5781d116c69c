interface Props {
  value: string;
  institutions: readonly string[];
  onChange(institution: string): void;
  testId: string;
  /** The first choice, standing for no one institution (its value ''); absent: an institution must be chosen. */
  anyLabel?: string;
  invalid?: boolean;
}

/** The institutions of the bank to choose from, by their names as the URLs spell them. */
export function InstitutionSelect({ value, institutions, onChange, testId, anyLabel, invalid }: Props) {
  return (
    <select value={value} data-testid={testId} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {institutions.map((i) => (
        <option key={i} value={i}>
          {i}
        </option>
      ))}
    </select>
  );
}
