import './conduct.css';
import { useConduct } from '../../state/conduct';

/** The list pane's two views of the log: its exchanges, or the TPPs' conduct checked over them. */
export function InspectorViews() {
  const conduct = useConduct((s) => s.shown);
  const { show } = useConduct.getState();
  const tab = (label: string, on: boolean, select: () => void, testId: string) => (
    <button type="button" role="tab" aria-selected={on} className={`tab${on ? ' tab-active' : ''}`} onClick={select} data-testid={testId}>
      {label}
    </button>
  );
  return (
    <div className="tabs inspector-views" role="tablist" aria-label="What the list shows">
      {tab('Exchanges', !conduct, () => show(false), 'inspector-exchanges-tab')}
      {tab('Conduct', conduct, () => show(true), 'inspector-conduct-tab')}
    </div>
  );
}
