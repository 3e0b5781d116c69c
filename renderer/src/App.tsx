import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { workbench } from './api';
import { BankScreen } from './screens/bank/BankScreen';
import { FlowsScreen } from './screens/flows/FlowsScreen';
import { InspectorScreen } from './screens/inspector/InspectorScreen';
import { PhoneScreen } from './screens/phone/PhoneScreen';
import { Presentation } from './screens/present/Presentation';
import { CommandPalette } from './shell/CommandPalette';
import { NavBar } from './shell/NavBar';
import { usePaletteShortcut } from './shell/palette-shortcut';
import { TopBar } from './shell/TopBar';
import { useScreenKeys } from './shell/use-screen-keys';
import { forgetWhatResetsCleared } from './state/reset-events';
import { SCREENS, useShell } from './state/shell';

// Monaco is large: the editor screen and everything it imports load on its first visit only.
const EditorScreen = lazy(() => import('./screens/editor/EditorScreen'));

export function App() {
  const { screen, info, error, setScreen } = useShell();

  // Back at the window (another window had the focus, the laptop slept): the clock as the simulator has it.
  useEffect(() => {
    const readClock = (): void => {
      if (document.visibilityState === 'visible') void useShell.getState().readClock();
    };
    window.addEventListener('focus', readClock);
    document.addEventListener('visibilitychange', readClock);
    return () => {
      window.removeEventListener('focus', readClock);
      document.removeEventListener('visibilitychange', readClock);
    };
  }, []);
  useEffect(() => {
    void useShell.getState().load();
    return workbench.subscribe(
      (events) => {
        useShell.getState().onEvents(events);
        forgetWhatResetsCleared(events);
      },
      () => void useShell.getState().load(),
    );
  }, []);
  useScreenKeys(setScreen);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const openPalette = useCallback(() => setPaletteOpen(true), []);
  usePaletteShortcut(openPalette);

  const title = SCREENS.find((s) => s.id === screen)?.label ?? '';

  return (
    <div className="shell">
      <NavBar screen={screen} onChoose={setScreen} />
      <div className="shell-main">
        <TopBar title={title} info={info} onOpenPalette={openPalette} />
        {error && (
          <div className="shell-error" role="alert">
            {error}
            <button type="button" onClick={() => void useShell.getState().load()}>
              Try again
            </button>
          </div>
        )}
        <main className="shell-screen" data-screen={screen}>
          {screen === 'flows' && <FlowsScreen />}
          {screen === 'inspector' && <InspectorScreen />}
          {screen === 'phone' && <PhoneScreen />}
          {screen === 'bank' && <BankScreen />}
          {screen === 'editor' && (
            <Suspense fallback={<p className="shell-loading">Loading the editor…</p>}>
              <EditorScreen />
            </Suspense>
          )}
        </main>
      </div>
      <Presentation />
      {paletteOpen && <CommandPalette onClose={() => setPaletteOpen(false)} />}
    </div>
  );
}
