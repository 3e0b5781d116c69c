import type { SimulatorInfo } from '../../../preload/api/workbench-api';
import { PALETTE_KEYS } from './palette-shortcut';
import { StatusLegend } from './StatusLegend';
import { TimeControls } from './TimeControls';
import { TextSizeControl } from './TextSizeControl';

export function TopBar({ title, info, onOpenPalette }: { title: string; info: SimulatorInfo | null; onOpenPalette(): void }) {
  return (
    <header className="topbar">
      <h1 className="topbar-title">{title}</h1>
      <div className="topbar-facts">
        <button
          type="button"
          className="topbar-palette"
          aria-label="Commands"
          onClick={onOpenPalette}
          aria-keyshortcuts="Control+K Meta+K"
          title="Every action of the app by name"
        >
          <span className="topbar-palette-label">Commands</span>
          <span aria-hidden="true">
            {PALETTE_KEYS.map((key) => (
              <kbd key={key}>{key}</kbd>
            ))}
          </span>
        </button>
        {info && (
          <>
            <TimeControls fallbackNow={info.now} />
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
