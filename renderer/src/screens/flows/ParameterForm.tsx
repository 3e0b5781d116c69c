import { useEffect, useId, useState, type ReactNode } from 'react';
import type { FlowParameterSummary, FlowRunState, FlowSummary } from '../../../../preload/api/workbench-api';

interface Props {
  flow: FlowSummary;
  run: FlowRunState | null;
  /** The values the user chose before the start. */
  chosen: Record<string, string>;
  /** Once something was sent the run keeps its values. */
  disabled: boolean;
  onChange(name: string, value: string): void;
  /** Payees a trainer added to the institution's registry, offered by a payee parameter whose choices have their outcome. */
  addedPayees?: readonly AddedPayeeChoice[];
}

/** A payee added for a lesson as a payee parameter offers it: `outcome:IBAN` (shared/payee-choice.ts). */
export interface AddedPayeeChoice {
  value: string;
  outcome: string;
  label: string;
}

/** A lesson's choices before Start, labelled and explained in the flow file's words, each preselected with its default; a psu parameter is the role's PSU select (RunHeader). */
export function ParameterForm({ flow, run, chosen, disabled, onChange, addedPayees = [] }: Props) {
  const shown = flow.parameters.filter((p) => p.kind !== 'psu');
  if (shown.length === 0) return null;
  return (
    <div role="group" className="run-parameters" aria-label="Choices for this lesson" data-testid="run-parameters">
      {shown.map((parameter) => {
        const value = run?.params[parameter.name] ?? chosen[parameter.name] ?? parameter.default ?? '';
        return parameter.kind === 'amount' ? (
          <AmountField key={parameter.name} parameter={parameter} value={value} disabled={disabled} onChange={onChange} />
        ) : (
          <RunField key={parameter.name} parameter={parameter}>
            {(described) => (
              <select
                value={value}
                disabled={disabled}
                onChange={(e) => onChange(parameter.name, e.target.value)}
                aria-describedby={described}
                data-testid={`run-param-${parameter.name}`}
              >
                {(parameter.choices ?? []).map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
                {parameter.kind === 'payee' &&
                  addedPayees
                    .filter((payee) => (parameter.choices ?? []).some((choice) => choice.value === payee.outcome))
                    .map((payee) => (
                      <option key={payee.value} value={payee.value}>
                        {payee.label}
                      </option>
                    ))}
              </select>
            )}
          </RunField>
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
    <RunField parameter={parameter}>
      {(described) => (
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
          aria-describedby={described}
          data-testid={`run-param-${parameter.name}`}
        />
      )}
    </RunField>
  );
}

/**
 * One choice of the form: the flow file's label over the control, and its help sentence beneath (what the
 * choice changes, or who can be chosen and why), which the control is described by.
 */
export function RunField({
  parameter,
  label,
  children,
}: {
  parameter: FlowParameterSummary | undefined;
  label?: string;
  children(described?: string): ReactNode;
}) {
  const helpId = useId();
  const help = parameter?.help;
  return (
    <div className="run-field">
      <label>
        {parameter?.label ?? label}
        {children(help === undefined ? undefined : helpId)}
      </label>
      {help !== undefined && (
        <small id={helpId} className="run-help" data-testid={`run-help-${parameter?.name ?? ''}`}>
          {help}
        </small>
      )}
    </div>
  );
}
