import { useLayoutEffect, useRef } from 'react';
import type { Exchange } from '../../../../preload/api/workbench-api';
import { exchangeCurl } from '../../lib/curl';
import { useCurlView } from '../../state/curl-view';
import { useInspector, type DetailTab } from '../../state/inspector';
import { exportExchangeAsHar } from '../../state/inspector-export';
import { ExportNotice } from './ExportNotice';
import { CurlView } from './CurlView';
import { KeepButton } from './KeepButton';
import { FAULT_MARK_HEADER, formatDuration, httpStatusClass, responseHeaderValue, statusInWords } from '../../widgets/http-status';
import { MessageView } from './MessageView';
import { ParserRefusalNote } from './ParserRefusalNote';
import { ResendPanel } from './ResendPanel';
import { ResendLinks } from './ResendLinks';
import { tppInWords } from './exchange-tpp';
import { VerdictBadge } from './VerdictBadge';
import { SignatureView, UnsignedOperationNote, signatureHeadersSent } from './SignatureView';

interface Props {
  exchange: Exchange;
  tab: DetailTab;
  simulatorUrl: string;
  onTab(tab: DetailTab): void;
}

export function ExchangeDetail({ exchange, tab, simulatorUrl, onTab }: Props) {
  const curlShown = useCurlView((s) => s.exchangeId === exchange.id);
  const showCurl = useCurlView((s) => s.show);
  const hideCurl = useCurlView((s) => s.hide);
  // An operation the bank does not sign still gets the tab when signature headers came with it, to say they were not checked.
  const signatureTab = exchange.signature !== null || signatureHeadersSent(exchange.request.headers);
  const tabs: { id: DetailTab; label: string }[] = [
    { id: 'request', label: 'Request' },
    { id: 'response', label: 'Response' },
    ...(signatureTab ? [{ id: 'signature' as const, label: 'Signature' }] : []),
    { id: 'resend', label: 'Edit and resend' },
  ];
  const shown = tab === 'signature' && !signatureTab ? 'request' : tab;
  // A failing signed exchange opens on its Signature tab, where the reason is; a tab picked afterwards stays.
  const opened = useRef<number | null>(null);
  const failing = exchange.signature !== null && !exchange.signature.verdict.valid;
  useLayoutEffect(() => {
    if (opened.current === exchange.id) return;
    opened.current = exchange.id;
    if (failing && tab !== 'signature' && tab !== 'resend') onTab('signature');
  }, [exchange.id, failing, tab, onTab]);
  const fault = responseHeaderValue(exchange.response.headers, FAULT_MARK_HEADER);
  const faultRule = Number(/^rule (\d+):/.exec(fault ?? '')?.[1] ?? 0);
  const listingRule = useInspector((s) => s.fault === faultRule);

  return (
    <section className="exchange-detail" aria-label="Exchange" data-testid="exchange-detail">
      <header className="detail-header">
        <div className="detail-title">
          <span className="exchange-method">{exchange.method}</span>
          <span className="wire-plain detail-path">{exchange.url}</span>
          <span className={httpStatusClass(exchange.response.status)}>{statusInWords(exchange.response.status)}</span>
          {exchange.signature && <VerdictBadge verdict={exchange.signature.verdict} />}
        </div>
        {exchange.refusal && <ParserRefusalNote exchange={exchange} refusal={exchange.refusal} />}
        {fault !== undefined && (
          <p className="note fault-note" data-testid="fault-note">
            Injected on purpose by {fault}. Faults are set on the Bank screen (key 4) or with <code>/simulator/v1/faults</code>.
            {faultRule > 0 && !listingRule && (
              <>
                {' '}
                <button type="button" className="small" onClick={() => useInspector.getState().setFault(faultRule)} data-testid="fault-note-list">
                  List rule {faultRule}’s answers
                </button>
              </>
            )}
          </p>
        )}
        {typeof exchange.comparedWith === 'number' && (
          <p className="note" data-testid="compared-with">
            The last success of this operation by this TPP before it is #{exchange.comparedWith}, kept beside it.{' '}
            <button
              type="button"
              className="small"
              onClick={() => void useInspector.getState().compareThese(exchange.comparedWith as number, exchange.id)}
              data-testid="compare-with-success"
            >
              Compare with #{exchange.comparedWith}
            </button>
          </p>
        )}
        <ResendLinks exchange={exchange} />
        <div className="detail-meta muted">
          {formatDuration(exchange.durationMs)} · {exchange.institution ?? 'no institution'} · {tppInWords(exchange)} · simulated {exchange.simulatedAt}
        </div>
        <div className="detail-actions">
          <KeepButton exchange={exchange} />
          <button type="button" onClick={() => showCurl(exchange.id)}>
            Copy as cURL
          </button>
          <button type="button" onClick={() => exportExchangeAsHar(exchange)}>
            Export as HAR
          </button>
        </div>
        <ExportNotice scope="exchange" testId="export-notice" />
      </header>
      {curlShown && <CurlView command={exchangeCurl(exchange, simulatorUrl)} onClose={hideCurl} />}
      <div className="tabs" role="tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={shown === t.id}
            className={`tab${shown === t.id ? ' tab-active' : ''}`}
            onClick={() => onTab(t.id)}
          >
            {t.label}
            {t.id === 'signature' && exchange.signature && !exchange.signature.verdict.valid && (
              <span className="tab-alert" aria-label="failed">
                {' '}
                ●
              </span>
            )}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel">
        {shown === 'request' && <MessageView message={exchange.request} firstLine={`${exchange.method} ${exchange.url} HTTP/1.1`} />}
        {shown === 'response' && (
          <MessageView
            message={exchange.response}
            firstLine={exchange.response.status === 0 ? '(no answer went out: the connection was closed)' : `HTTP/1.1 ${exchange.response.status}`}
          />
        )}
        {shown === 'signature' && (exchange.signature ? <SignatureView signature={exchange.signature} /> : <UnsignedOperationNote exchange={exchange} />)}
        {shown === 'resend' && <ResendPanel key={exchange.id} exchange={exchange} />}
      </div>
    </section>
  );
}
