import { useState } from 'react';
import type { FlowStepRun } from '../../../../preload/api/workbench-api';
import { httpStatusClass } from '../../widgets/http-status';
import { BankChanges } from './BankChanges';
import { ExchangeView } from './ExchangeView';
import { MetBadge } from './MetBadge';

/**
 * A step as run: one line with its status and whether it met its expectation; the rest on a click.
 * The latest step is open until another one is run after it, unless the user opened or closed it.
 */
export function StepRunCard({ step, latest }: { step: FlowStepRun; latest: boolean }) {
  const [chosen, setExpanded] = useState<boolean | null>(null);
  const expanded = chosen ?? latest;
  const last = step.exchanges.length - 1;
  return (
    <li className={`step-card${expanded ? ' step-card-expanded' : ''}`} data-testid="step-done" data-step={step.step.id} data-met={step.met ? 'true' : 'false'}>
      <button type="button" className="step-line" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
        <span className="step-number">{step.number}</span>
        <span className="step-title">
          {step.step.title}
          {!step.fromFlow && <span className="muted"> · free request</span>}
        </span>
        {step.status !== null && (
          <span className={httpStatusClass(step.status)} data-testid="step-status">
            {step.status}
          </span>
        )}
        <MetBadge met={step.met} />
      </button>
      {expanded && (
        <div className="step-body">
          <p className="step-explanation">{step.step.explanation}</p>
          {step.step.spec && <p className="muted small-text">Spec: {step.step.spec}</p>}
          {step.error && (
            <p className="note" role="alert">
              {step.error}
            </p>
          )}
          {step.unmet.length > 0 && (
            <ul className="unmet" aria-label="Unmet expectations">
              {step.unmet.map((u) => (
                <li key={u.path}>
                  <code className="wire-plain">{u.path}</code>: expected {u.expected}, got {u.actual}
                </li>
              ))}
            </ul>
          )}
          {step.exchanges.map((exchange, i) => (
            <ExchangeView key={exchange.seq} exchange={exchange} open={i === last} />
          ))}
          <h3>What changed in the bank</h3>
          <BankChanges changes={step.changes} />
        </div>
      )}
    </li>
  );
}
