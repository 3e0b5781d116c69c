import type { FlowSummary } from '../../../../preload/api/workbench-api';
import { groupFlows } from '../../state/flow-groups';

interface Props {
  flows: readonly FlowSummary[];
  picked: string | null;
  onPick(flow: FlowSummary): void;
}

/** The flow library, grouped by what a person comes for, the lessons first; each flow with its title and one line, a lesson tagged. */
export function FlowPicker({ flows, picked, onPick }: Props) {
  return (
    <section className="flow-picker" aria-label="Flow library">
      {groupFlows(flows).map(({ group, flows: inGroup }) => (
        <section key={group} className="flow-group">
          <h3>{group}</h3>
          <ul>
            {inGroup.map((flow) => (
              <li key={flow.name}>
                <button
                  type="button"
                  className={`flow-item${flow.name === picked ? ' flow-item-picked' : ''}`}
                  aria-current={flow.name === picked ? 'true' : undefined}
                  data-testid="flow-item"
                  data-flow={flow.name}
                  title={flow.description}
                  onClick={() => onPick(flow)}
                >
                  <span className="flow-item-title">
                    {flow.lesson && (
                      <span className="flow-tag" data-testid="lesson-tag">
                        Lesson
                      </span>
                    )}
                    {flow.title}
                  </span>
                  <span className="flow-item-description">{flow.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
