import { useEffect, useState } from 'react';
import type { FlowParameterSummary, FlowRunState, FlowSummary } from '../../../../preload/api/workbench-api';

interface Props {
  flow: FlowSummary;
  run: FlowRunState | null;
  /** The values the user chose before the start. */
  chosen: Record<string, string>;
  /** Once something was sent the run keeps its values. */
  disabled: boolean;
  onChange(name: string, value: string): void;
}

/** A lesson's choices before Start, in the trainer's words, each preselected with its default; a psu parameter is the role's PSU select (RunHeader). */
export function ParameterForm({ flow, run, chosen, disabled, onChange }: Props) {
  const shown = flow.parameters.filter((p) => p.kind !== 'psu');
  if (shown.length === 0) return null;
  return (
    <div role="group" className="run-parameters" aria-label="Choices for this lesson" data-testid="run-parameters">
      {shown.map((parameter) => {
        const value = run?.params[parameter.name] ?? chosen[parameter.name] ?? parameter.default ?? '';
        return parameter.kind === 'amount' ? (
          <AmountField key={parameter.name} parameter={parameter} value={value} disabled={disabled} onChange={onChange} />
        ) : (
          <label key={parameter.name}>
            {parameter.title}
            <select value={value} disabled={disabled} onChange={(e) => onChange(parameter.name, e.target.value)} data-testid={`run-param-${parameter.name}`}>
              {(parameter.choices ?? []).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
    </div>
  );
}

/** Taken when the field is left or Enter is pressed, so the run does not start again at each key. */
function AmountField({
  parameter,
  value,
  disabled,
  onChange,
}: {
  parameter: FlowParameterSummary;
  value: string;
  disabled: boolean;
  onChange(name: string, value: string): void;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const commit = (): void => {
    if (text !== value) onChange(parameter.name, text.trim());
  };
  return (
    <label>
      {parameter.title}
      <input
        type="text"
        inputMode="decimal"
        className="run-amount"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
        data-testid={`run-param-${parameter.name}`}
      />
    </label>
  );
}
