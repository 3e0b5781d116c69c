// The sequence diagram as data (STYLE.md "For the new screens"): a run's exchanges become
// lifelines, arrows and notes with coordinates. Pure, so it is tested without a browser; the SVG
// component only draws what this returns, and the exported file is that same drawing.
import type { FlowActor, FlowExchange, FlowPending } from '../../../../../preload/api/workbench-api';

export type LifelineId = 'tpp' | 'bank' | 'psuBrowser' | 'psuApp';

export interface Lifeline {
  id: LifelineId;
  title: string;
  x: number;
}

/** One exchange: the request from its actor to the bank (or the bank's own, for the operator). */
export interface CallArrow {
  seq: number;
  exchangeId: number | null;
  actor: FlowActor;
  fromX: number;
  toX: number;
  y: number;
  /** Drawn beside the arrow: the method and the path shortened. */
  label: string;
  /** The method and the whole URL, for the tooltip. */
  fullLabel: string;
  /** What a screen reader says: "METHOD path → status". */
  ariaLabel: string;
  status: number;
  failed: boolean;
  /** The classes that colour it: failures in the status vocabulary's red (flows.css). */
  className: string;
  /** The operator's requests go from the bank's lifeline to itself. */
  self: boolean;
}

/** The answer to a call, dashed, with the status; a PSU decision's redirect goes to the browser. */
export interface ReturnArrow {
  seq: number;
  /** A redirect's label stands left of the bank's lifeline: it is longer than the gap it spans. */
  labelAside: boolean;
  fromX: number;
  toX: number;
  y: number;
  label: string;
  failed: boolean;
  className: string;
}

export interface Note {
  x: number;
  y: number;
  text: string;
  kind: 'operator' | 'pending';
}

/** The request prepared but not sent yet, dotted. */
export interface PendingArrow {
  fromX: number;
  toX: number;
  y: number;
  label: string;
  fullLabel: string;
}

export interface SequenceLayout {
  width: number;
  height: number;
  headerHeight: number;
  lifelines: Lifeline[];
  calls: CallArrow[];
  returns: ReturnArrow[];
  notes: Note[];
  pending: PendingArrow | null;
}

export const LIFELINES: readonly Omit<Lifeline, 'x'>[] = [
  { id: 'tpp', title: 'TPP' },
  { id: 'bank', title: 'Bank API' },
  { id: 'psuBrowser', title: 'PSU’s browser' },
  { id: 'psuApp', title: 'PSU’s bank app' },
];

// The TPP's calls carry the longest labels, so the gap between the TPP and the bank is the widest.
const X: Record<LifelineId, number> = { tpp: 70, bank: 420, psuBrowser: 610, psuApp: 770 };
const WIDTH = 850;
const HEADER = 48;
const ROW = 52;
const RETURN_DROP = 20;
const FOOT = 24;
/** Characters of the visible label per lifeline the arrow spans from; the tooltip has the whole. */
const LABEL_CHARS: Record<FlowActor, number> = { tpp: 48, psuBrowser: 20, psuApp: 44, operator: 40 };

const FROM: Record<FlowActor, LifelineId> = { tpp: 'tpp', psuBrowser: 'psuBrowser', psuApp: 'psuApp', operator: 'bank' };

/** A failure (4xx/5xx, a refused signature) takes the red of RJCT and failed; the rest the text colour. */
export function arrowClass(kind: 'call' | 'return', failed: boolean): string {
  return `seq-${kind}${failed ? ' seq-failed' : ''}`;
}

const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i;

/** The URL's path without its query, the bank's API base and long identifiers shortened, cut to fit. */
export function shortPath(url: string, maxChars: number): string {
  const path = url.split('?')[0] ?? url;
  const short = path
    .replace(/^\/[a-z]+\/berlingroup\/v1(?=\/)/, '')
    .split('/')
    .map((segment) => (UUID_LIKE.test(segment) ? `${segment.slice(0, 8)}…` : segment))
    .join('/');
  return short.length > maxChars ? `${short.slice(0, maxChars - 1)}…` : short;
}

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

/** Where a PSU's decision sends the browser: the TPP-Redirect-URI the bank answered with, if any. */
function redirectOf(exchange: FlowExchange): string | null {
  if (exchange.actor !== 'psuApp') return null;
  try {
    const body = JSON.parse(exchange.responseBody) as { tppRedirectUri?: unknown };
    return typeof body.tppRedirectUri === 'string' ? body.tppRedirectUri : null;
  } catch {
    return null;
  }
}

/** Who sends a request not sent yet, by where it goes: the SCA page is the browser's, a decision the app's. */
export function actorOfUrl(url: string): FlowActor {
  if (url.startsWith('/sca/') || url.includes('/sandboxauth/')) return 'psuBrowser';
  if (url.startsWith('/simulator/v1/sca/')) return 'psuApp';
  if (url.startsWith('/simulator/')) return 'operator';
  return 'tpp';
}

/** The diagram of a run: its exchanges in order, then what it waits for. */
export function layoutSequence(exchanges: readonly FlowExchange[], pending: FlowPending | null = null): SequenceLayout {
  const lifelines = LIFELINES.map((l) => ({ ...l, x: X[l.id] }));
  const calls: CallArrow[] = [];
  const returns: ReturnArrow[] = [];
  const notes: Note[] = [];
  let y = HEADER + 28;

  for (const exchange of [...exchanges].sort((a, b) => a.seq - b.seq)) {
    const fromX = X[FROM[exchange.actor]];
    const self = exchange.actor === 'operator';
    const path = pathOf(exchange.url);
    const label = `${exchange.method} ${shortPath(exchange.url, LABEL_CHARS[exchange.actor])}`;
    calls.push({
      seq: exchange.seq,
      exchangeId: exchange.exchangeId,
      actor: exchange.actor,
      fromX,
      toX: X.bank,
      y,
      label: self ? `Operator: ${label}` : label,
      fullLabel: `${exchange.method} ${exchange.url} → ${exchange.status}`,
      ariaLabel: `${exchange.method} ${path} → ${exchange.status}`,
      status: exchange.status,
      failed: exchange.failed,
      className: arrowClass('call', exchange.failed),
      self,
    });
    if (self) notes.push({ x: X.bank + 36, y: y - 14, text: 'Operator', kind: 'operator' });
    const redirect = redirectOf(exchange);
    returns.push({
      seq: exchange.seq,
      fromX: X.bank,
      toX: self ? X.bank : fromX,
      labelAside: false,
      y: y + RETURN_DROP,
      label: String(exchange.status),
      failed: exchange.failed,
      className: arrowClass('return', exchange.failed),
    });
    if (redirect !== null) {
      y += RETURN_DROP;
      returns.push({ seq: exchange.seq, labelAside: true, fromX: X.bank, toX: X.psuBrowser, y: y + RETURN_DROP, label: `redirect to ${shortPath(redirect, 28)}`, failed: false, className: arrowClass('return', false) });
    }
    y += ROW;
  }

  let pendingArrow: PendingArrow | null = null;
  if (pending?.kind === 'request') {
    const { method, url } = pending.request;
    const actor = actorOfUrl(url);
    pendingArrow = { fromX: X[FROM[actor]], toX: X.bank, y, label: `${method} ${shortPath(url, LABEL_CHARS[actor])} (not sent)`, fullLabel: `${method} ${url}` };
    y += ROW;
  } else if (pending?.kind === 'psu') {
    notes.push({ x: X.psuApp, y: y - 14, text: `Waiting for ${pending.psuId} to ${pending.expected}`, kind: 'pending' });
    y += ROW;
  }

  return { width: WIDTH, height: y - 28 + FOOT, headerHeight: HEADER, lifelines, calls, returns, notes, pending: pendingArrow };
}
