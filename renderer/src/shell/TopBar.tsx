import { useSimulatedNow } from '../state/sim-clock';
import { formatInstant } from '../widgets/format';
import type { SimulatorInfo } from '../../../preload/api/workbench-api';
import { PALETTE_KEYS } from './palette-shortcut';
import { StatusLegend } from './StatusLegend';
import { TextSizeControl } from './TextSizeControl';

export function TopBar({ title, info, onOpenPalette }: { title: string; info: SimulatorInfo | null; onOpenPalette(): void }) {
  const now = useSimulatedNow();
  return (
    <header className="topbar">
      <h1 className="topbar-title">{title}</h1>
      <div className="topbar-facts">
        <button type="button" className="topbar-palette" onClick={onOpenPalette} aria-keyshortcuts="Control+K Meta+K" title="Every action of the app by name">
          Commands
          <span aria-hidden="true">
            {PALETTE_KEYS.map((key) => (
              <kbd key={key}>{key}</kbd>
            ))}
          </span>
        </button>
        {info && (
          <>
            <time
              className="topbar-clock"
              title="The simulated clock (UTC): it runs with real time; the Bank screen moves it"
              data-testid="clock"
              dateTime={new Date(now ?? info.now).toISOString()}
            >
              {formatInstant(now ?? info.now, { seconds: true })}
            </time>
            <span className={`badge badge-${info.mode}`} title="The simulator's behaviour" data-testid="mode">
              {info.mode}
            </span>
          </>
        )}
        <TextSizeControl />
        <StatusLegend />
      </div>
    </header>
  );
}
