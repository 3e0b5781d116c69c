// The sequence diagram as data (docs/architecture.md#the-flows-screen): a run's exchanges become
// lifelines, arrows and notes with coordinates. Pure, so it is tested without a browser; the SVG
// component only draws what this returns, and the exported file is that same drawing.
import type { FlowActor, FlowExchange, FlowPending, FlowRunState } from '../../../../../preload/api/workbench-api';
import { awaitedDecisionWords } from '../../../widgets/plain-words';
import { exchangeWords, tokensWords } from './words';

export type LifelineId = 'tpp' | 'bank' | 'psuBrowser' | 'psuApp';

export interface Lifeline {
  id: LifelineId;
  title: string;
  x: number;
}

/** One exchange (or a step's token requests together): the request from its actor to the bank (or the bank's own, for the operator). */
export interface CallArrow {
  seq: number;
  /** Every exchange the arrow stands for: one, or a step's token requests. */
  seqs: number[];
  exchangeId: number | null;
  actor: FlowActor;
  fromX: number;
  toX: number;
  y: number;
  /** The step's number, with the arrow's place in it when the step has several: "3", "3.2". */
  number: string;
  /** What happens, in words, numbered: "3. TPP asks for a consent", "2.1 TPP gets a token". */
  words: string;
  /** The second, smaller line: the method, the path shortened, the status. */
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
  /** The y of the words line and of the HTTP line (the HTTP line only with HTTP labels on). */
  wordsY: number;
  httpY: number;
}

/** The answer to a call, dashed, with what the bank said; a PSU decision's redirect goes to the browser. */
export interface ReturnArrow {
  seq: number;
  /** A redirect's label stands left of the bank's lifeline: it is longer than the gap it spans. */
  labelAside: boolean;
  fromX: number;
  toX: number;
  y: number;
  /** In words ("Bank refuses: signature invalid"), with the status first when HTTP labels are on; may be empty. */
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
  /** "4. TPP asks for a consent (not sent yet)". */
  words: string;
  label: string;
  fullLabel: string;
  wordsY: number;
  httpY: number;
}

export interface SequenceLayout {
  width: number;
  height: number;
  headerHeight: number;
  /** Whether the HTTP line is drawn under the words. */
  http: boolean;
  lifelines: Lifeline[];
  calls: CallArrow[];
  returns: ReturnArrow[];
  notes: Note[];
  pending: PendingArrow | null;
}

/** The exchanges of one step of the run, with its number (1-based). */
export interface StepExchanges {
  step: number;
  exchanges: readonly FlowExchange[];
}

export const LIFELINES: readonly Omit<Lifeline, 'x'>[] = [
  { id: 'tpp', title: 'TPP' },
  { id: 'bank', title: 'Bank API' },
  { id: 'psuBrowser', title: 'PSU’s browser' },
  { id: 'psuApp', title: 'PSU’s bank app' },
];

// The TPP's calls carry the longest labels, so the gap between the TPP and the bank is the widest;
// the browser's gap holds "PSU's browser opens the SCA link".
const X: Record<LifelineId, number> = { tpp: 64, bank: 424, psuBrowser: 724, psuApp: 920 };
const WIDTH = 1000;
const HEADER = 48;
/** A row with the words only, and with the HTTP line under them. */
const ROW = 56;
const ROW_HTTP = 70;
const RETURN_DROP = 20;
const FOOT = 24;
/** Above the arrow: the words, and the HTTP line between them and the arrow. */
const LINE_GAP = 6;
const HTTP_LINE = 14;
/** Characters of the visible label per lifeline the arrow spans from; the tooltip has the whole. */
const LABEL_CHARS: Record<FlowActor, number> = { tpp: 44, psuBrowser: 26, psuApp: 30, operator: 40 };

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

/** A run's exchanges by step: the steps run, then the step under way (its number even before its first exchange). */
export function runStepExchanges(run: FlowRunState): StepExchanges[] {
  const done = run.steps.map((s, i) => ({ step: i + 1, exchanges: s.exchanges }));
  return run.phase === 'finished' && run.current.length === 0 ? done : [...done, { step: run.steps.length + 1, exchanges: run.current }];
}

/** A call's number in its step: the step's, and its place when the step has several arrows. */
function numberOf(step: number, index: number, count: number): string {
  return count > 1 ? `${step}.${index + 1}` : String(step);
}

const TOKEN_PATH = /^\/[a-z]+\/oauth\/v1\/token$/;
const isToken = (exchange: FlowExchange): boolean => TOKEN_PATH.test(pathOf(exchange.url));

/** A step's exchanges as arrows: each on its own, but token requests one after another (alike in failing or not) together. */
export function arrowGroups(exchanges: readonly FlowExchange[]): FlowExchange[][] {
  const groups: FlowExchange[][] = [];
  for (const exchange of [...exchanges].sort((a, b) => a.seq - b.seq)) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    if (last && previous && isToken(exchange) && isToken(previous) && exchange.failed === previous.failed) last.push(exchange);
    else groups.push([exchange]);
  }
  return groups;
}

/** The diagram of a run: its steps' exchanges in order, numbered by step, then what it waits for. */
export function layoutSequence(
  steps: readonly StepExchanges[],
  pending: FlowPending | null = null,
  options: { http: boolean } = { http: true },
): SequenceLayout {
  const { http } = options;
  const row = http ? ROW_HTTP : ROW;
  const wordsAbove = LINE_GAP + (http ? HTTP_LINE : 0);
  const lifelines = LIFELINES.map((l) => ({ ...l, x: X[l.id] }));
  const calls: CallArrow[] = [];
  const returns: ReturnArrow[] = [];
  const notes: Note[] = [];
  let y = HEADER + row - 24;
  const lastStep = steps.reduce((n, s) => Math.max(n, s.step), 0);

  for (const { step, exchanges } of [...steps].sort((a, b) => a.step - b.step)) {
    const groups = arrowGroups(exchanges);
    groups.forEach((group, index) => {
      const exchange = group[0] as FlowExchange;
      const fromX = X[FROM[exchange.actor]];
      const self = exchange.actor === 'operator';
      const path = pathOf(exchange.url);
      const said = exchangeWords(exchange);
      const number = numberOf(step, index, groups.length);
      const action = group.length > 1 ? tokensWords(group.length) : said.action;
      const statuses = [...new Set(group.map((e) => e.status))].join(', ');
      const times = group.length > 1 ? ` ×${group.length}` : '';
      calls.push({
        seq: exchange.seq,
        seqs: group.map((e) => e.seq),
        exchangeId: exchange.exchangeId,
        actor: exchange.actor,
        fromX,
        toX: X.bank,
        y,
        number,
        words: `${number}${groups.length > 1 ? '' : '.'} ${action}`,
        label: `${exchange.method} ${shortPath(exchange.url, LABEL_CHARS[exchange.actor])} → ${statuses}${times}`,
        fullLabel: `${action}\n${exchange.method} ${exchange.url} → ${statuses}${times}`,
        ariaLabel: `${exchange.method} ${path} → ${exchange.status}`,
        status: exchange.status,
        failed: exchange.failed,
        className: arrowClass('call', exchange.failed),
        self,
        wordsY: y - wordsAbove,
        httpY: y - LINE_GAP,
      });
      if (self) notes.push({ x: X.bank + 36, y: y - wordsAbove - 14, text: 'Operator', kind: 'operator' });
      const answers = [...new Set(group.map((e) => exchangeWords(e).answer).filter((a) => a !== null))];
      const redirect = redirectOf(exchange);
      returns.push({
        seq: exchange.seq,
        fromX: X.bank,
        toX: self ? X.bank : fromX,
        labelAside: false,
        y: y + RETURN_DROP,
        label: answers.join(' / '),
        failed: exchange.failed,
        className: arrowClass('return', exchange.failed),
      });
      if (redirect !== null) {
        y += RETURN_DROP;
        returns.push({
          seq: exchange.seq,
          labelAside: true,
          fromX: X.bank,
          toX: X.psuBrowser,
          y: y + RETURN_DROP,
          label: `redirect to ${shortPath(redirect, 28)}`,
          failed: false,
          className: arrowClass('return', false),
        });
      }
      y += row;
    });
  }

  let pendingArrow: PendingArrow | null = null;
  if (pending?.kind === 'request') {
    const { method, url, body } = pending.request;
    const actor = actorOfUrl(url);
    const action = exchangeWords({ actor, method, url, requestBody: body }).action;
    const step = Math.max(lastStep, 1);
    pendingArrow = {
      fromX: X[FROM[actor]],
      toX: X.bank,
      y,
      words: `${step}. ${action} (not sent yet)`,
      label: `${method} ${shortPath(url, LABEL_CHARS[actor])}`,
      fullLabel: `${method} ${url}`,
      wordsY: y - wordsAbove,
      httpY: y - LINE_GAP,
    };
    y += row;
  } else if (pending?.kind === 'psu') {
    notes.push({ x: X.psuApp, y: y - 14, text: `Waiting for ${pending.psuId} to ${awaitedDecisionWords(pending)}`, kind: 'pending' });
    y += row;
  }

  return { width: WIDTH, height: y - row + 24 + FOOT, headerHeight: HEADER, http, lifelines, calls, returns, notes, pending: pendingArrow };
}
