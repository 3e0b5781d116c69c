import { useEffect } from 'react';
import { workbench } from './api';
import { BankScreen } from './screens/bank/BankScreen';
import { InspectorScreen } from './screens/inspector/InspectorScreen';
import { PhoneScreen } from './screens/phone/PhoneScreen';
import { NavBar } from './shell/NavBar';
import { TopBar } from './shell/TopBar';
import { useScreenKeys } from './shell/use-screen-keys';
import { SCREENS, useShell } from './state/shell';

export function App() {
  const { screen, info, error, setScreen } = useShell();

  useEffect(() => {
    void useShell.getState().load();
    return workbench.subscribe((events) => useShell.getState().onEvents(events));
  }, []);
  useScreenKeys(setScreen);

  const title = SCREENS.find((s) => s.id === screen)?.label ?? '';

  return (
    <div className="shell">
      <NavBar screen={screen} onChoose={setScreen} />
      <div className="shell-main">
        <TopBar title={title} info={info} />
        {error && (
          <div className="shell-error" role="alert">
            The simulator did not answer: {error}
            <button type="button" onClick={() => void useShell.getState().load()}>
              Try again
            </button>
          </div>
        )}
        <main className="shell-screen" data-screen={screen}>
          {screen === 'inspector' && <InspectorScreen />}
          {screen === 'phone' && <PhoneScreen />}
          {screen === 'bank' && <BankScreen />}
        </main>
      </div>
    </div>
  );
}
