import { useCallback, useEffect, useState } from 'react';
import type { SimulatorInfo } from './api';
import { workbench } from './api';

type Load =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; info: SimulatorInfo; url: string };

// The institution the README's walk-through uses; any other is shown if it is missing.
const PREFERRED_INSTITUTION = 'frankfurt';

export function App() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const refresh = useCallback(async (isCurrent: () => boolean = () => true) => {
    try {
      const [info, url] = await Promise.all([workbench.getInfo(), workbench.simulatorUrl()]);
      if (isCurrent()) setLoad({ state: 'ready', info, url });
    } catch (err) {
      if (isCurrent()) setLoad({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  }, []);

  useEffect(() => {
    let current = true;
    void refresh(() => current);
    return () => {
      current = false;
    };
  }, [refresh]);

  return (
    <div className="app">
      <header className="app-header">
        <h1>PSD2 Workbench</h1>
        <p className="subtitle">An offline simulator of a bank&rsquo;s Berlin Group PSD2 interface</p>
      </header>
      <main className="app-main">
        {load.state === 'loading' && <p className="muted">Connecting to the simulator&hellip;</p>}
        {load.state === 'failed' && (
          <section className="card card-error" role="alert">
            <h2>The simulator did not answer</h2>
            <p>{load.message}</p>
            <button type="button" onClick={() => void refresh()}>
              Try again
            </button>
          </section>
        )}
        {load.state === 'ready' && <Ready info={load.info} url={load.url} />}
      </main>
    </div>
  );
}

function Ready({ info, url }: { info: SimulatorInfo; url: string }) {
  const institution = info.institutions.includes(PREFERRED_INSTITUTION)
    ? PREFERRED_INSTITUTION
    : (info.institutions[0] ?? PREFERRED_INSTITUTION);
  const baseUrl = `${url}/${institution}/berlingroup/v1`;

  return (
    <>
      <section className="card">
        <h2>Simulator</h2>
        <dl className="facts">
          <dt>Version</dt>
          <dd>{info.version}</dd>
          <dt>Behaviour</dt>
          <dd>
            <span className={`badge badge-${info.mode}`}>{info.mode}</span>
          </dd>
          <dt>Institutions</dt>
          <dd>{info.institutions.join(', ')}</dd>
          <dt>Simulated time</dt>
          <dd title={info.now}>{formatInstant(info.now)}</dd>
          <dt>TPP base URL</dt>
          <dd>
            <code className="wire">{baseUrl}</code>
          </dd>
        </dl>
      </section>
      <section className="empty-state">
        <p>
          No traffic yet. Point your TPP at <code className="wire">{baseUrl}</code>; every request it sends will
          show up here.
        </p>
      </section>
    </>
  );
}

function formatInstant(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium', timeZone: 'UTC' }).format(
    date,
  );
  return `${text} UTC`;
}
