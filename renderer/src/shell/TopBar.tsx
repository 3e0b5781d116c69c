import { formatInstant } from '../screens/common/format';
import type { SimulatorInfo } from '../../../preload/api/workbench-api';
import { StatusLegend } from './StatusLegend';

export function TopBar({ title, info }: { title: string; info: SimulatorInfo | null }) {
  return (
    <header className="topbar">
      <h1 className="topbar-title">{title}</h1>
      <div className="topbar-facts">
        {info && (
          <>
            <span className="topbar-clock" title="The simulated clock (UTC); the Bank screen moves it" data-testid="clock">
              {formatInstant(info.now)}
            </span>
            <span className={`badge badge-${info.mode}`} title="The simulator's behaviour" data-testid="mode">
              {info.mode}
            </span>
          </>
        )}
        <StatusLegend />
      </div>
    </header>
  );
}
