import type { ScreenId } from '../state/shell';
import { SCREENS } from '../state/shell';

const ICONS: Record<ScreenId, string> = {
  // Inline SVG paths: no icon font or network needed.
  flows: 'M5 3v18M19 3v18M5 7h14M19 12H5M5 17h14',
  inspector: 'M4 5h16M4 12h16M4 19h10',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  bank: 'M3 10l9-6 9 6M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18',
  editor: 'M8 6l-6 6 6 6M16 6l6 6-6 6M14 4l-4 16',
};

export function NavBar({ screen, onChoose }: { screen: ScreenId; onChoose: (screen: ScreenId) => void }) {
  return (
    <nav className="nav" aria-label="Screens">
      <div className="nav-brand">PSD2 Workbench</div>
      {SCREENS.map((s) => (
        <button
          key={s.id}
          type="button"
          className={`nav-item${s.id === screen ? ' nav-item-active' : ''}`}
          aria-current={s.id === screen ? 'page' : undefined}
          onClick={() => onChoose(s.id)}
          title={`${s.label} (${s.key})`}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="nav-icon">
            <path d={ICONS[s.id]} />
          </svg>
          <span>{s.label}</span>
          <kbd>{s.key}</kbd>
        </button>
      ))}
    </nav>
  );
}
