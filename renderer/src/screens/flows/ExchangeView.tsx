import { useState } from 'react';
import type { FlowExchange } from '../../../../preload/api/workbench-api';
import { openExchangeInInspector } from '../../state/open-exchange';
import { formatDuration, httpStatusClass } from '../../widgets/http-status';
import { MessageView } from '../inspector/MessageView';
import { SignatureView } from '../inspector/SignatureView';
import { VerdictLine } from '../inspector/VerdictLine';
import '../inspector/inspector.css';

const ACTORS: Record<FlowExchange['actor'], string> = { tpp: 'TPP', psuBrowser: 'PSU’s browser', psuApp: 'PSU’s bank app', operator: 'Operator' };

const message = (headers: Record<string, string>, body: string | null) => ({
  headers,
  body,
  bodySize: body === null ? 0 : new TextEncoder().encode(body).length,
  truncated: false,
});

/** One exchange of a step: the response first (what the step is about), the request and the full diagnosis a click away. */
export function ExchangeView({ exchange, open: initiallyOpen }: { exchange: FlowExchange; open: boolean }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <details className="flow-exchange" open={initiallyOpen} data-testid="flow-exchange" data-failed={exchange.failed ? 'true' : 'false'}>
      <summary>
        <span className="muted">{ACTORS[exchange.actor]}</span>
        <span className="exchange-method">{exchange.method}</span>
        <span className="wire-plain flow-exchange-url">{exchange.url}</span>
        <span className={httpStatusClass(exchange.status)} data-testid="flow-exchange-status">
          {exchange.status}
        </span>
        <span className="muted small-text">{formatDuration(exchange.durationMs)}</span>
      </summary>
      {exchange.signature && <VerdictLine signature={exchange.signature} />}
      <div className="flow-exchange-actions">
        {exchange.exchangeId !== null && (
          <button type="button" className="small" onClick={() => void openExchangeInInspector(exchange.exchangeId ?? 0).then(setError)}>
            Open in Inspector
          </button>
        )}
        {error && <span className="note">{error}</span>}
      </div>
      <h3>Response</h3>
      <MessageView message={message(exchange.responseHeaders, exchange.responseBody)} firstLine={`HTTP/1.1 ${exchange.status}`} />
      <details className="flow-subsection">
        <summary>Request as sent</summary>
        <MessageView message={message(exchange.requestHeaders, exchange.requestBody)} firstLine={`${exchange.method} ${exchange.url} HTTP/1.1`} />
      </details>
      {exchange.signature && (
        <details className="flow-subsection">
          <summary>The bank’s full signature diagnosis</summary>
          <SignatureView signature={exchange.signature} />
        </details>
      )}
    </details>
  );
}
