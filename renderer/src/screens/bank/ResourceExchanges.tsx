import { Fragment, type KeyboardEvent } from 'react';
import type { Exchange } from '../../../../preload/api/workbench-api';
import { RESOURCE_EXCHANGES_PAGE, useBank, type BankSelection } from '../../state/bank';
import { useInspector } from '../../state/inspector';
import { useShell } from '../../state/shell';
import { shortIdsInPath } from '../../widgets/format';
import { httpStatusClass } from '../../widgets/http-status';

// Every bank path starts with it; dropping it leaves room for what differs between rows.
const BANK_API_BASE = /^\/[a-z]+\/berlingroup\/v1(?=\/)/;

/** The URL as a row shows it, whole in its tooltip: no API base, identifiers shortened, the query folded. */
function rowPath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = shortIdsInPath((queryAt < 0 ? url : url.slice(0, queryAt)).replace(BANK_API_BASE, ''));
  return queryAt < 0 ? path : `${path}?…`;
}

/** A path that wraps after its slashes rather than inside a word. */
function WrappingPath({ path }: { path: string }) {
  return path.split('/').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {part}
    </Fragment>
  ));
}

function openInInspector(exchange: Exchange): void {
  useInspector.getState().show(exchange);
  useShell.getState().setScreen('inspector');
}

/** Arrows move between the rows' buttons; Enter and click open one (a button's own behaviour). */
function onListKey(e: KeyboardEvent<HTMLUListElement>): void {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const item = (e.target as HTMLElement).closest('li');
  const next = e.key === 'ArrowDown' ? item?.nextElementSibling : item?.previousElementSibling;
  const button = next?.querySelector('button');
  if (button) {
    e.preventDefault();
    button.focus();
  }
}

/** The selected resource's traffic, newest first; each exchange opens in the Inspector. */
export function ResourceExchanges({ selection }: { selection: BankSelection }) {
  const exchanges = useBank((s) => s.exchanges);

  return (
    <section className="bank-exchanges" aria-label="Exchanges" data-testid="resource-exchanges">
      <h3>Exchanges {exchanges && exchanges.length > 0 && <span className="bank-exchanges-count">{exchanges.length}</span>}</h3>
      {exchanges === null ? (
        <p className="muted">Loading the {selection.kind}&rsquo;s exchanges&hellip;</p>
      ) : exchanges.length === 0 ? (
        <p className="bank-empty" data-testid="resource-exchanges-empty">
          Nothing in the traffic log concerns this {selection.kind} yet. Send a request about it from your TPP (read its status, start an authorisation) and it
          appears here, ready to open in the Inspector.
        </p>
      ) : (
        <>
          <ul className="bank-exchange-list" onKeyDown={onListKey}>
            {exchanges.map((exchange) => (
              <li key={exchange.id}>
                <button
                  type="button"
                  className="bank-exchange"
                  data-testid="resource-exchange"
                  data-id={exchange.id}
                  title={`${exchange.method} ${exchange.url}\nsimulated ${exchange.simulatedAt}\nOpen in the Inspector`}
                  onClick={() => openInInspector(exchange)}
                >
                  <span className="bank-exchange-method">{exchange.method}</span>
                  <span className="wire-plain">
                    <WrappingPath path={rowPath(exchange.url)} />
                  </span>
                  <span className={httpStatusClass(exchange.response.status)}>{exchange.response.status}</span>
                </button>
              </li>
            ))}
          </ul>
          {exchanges.length >= RESOURCE_EXCHANGES_PAGE && <p className="muted small-text">Only the newest {RESOURCE_EXCHANGES_PAGE} are listed.</p>}
        </>
      )}
    </section>
  );
}
