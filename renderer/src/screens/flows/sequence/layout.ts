// The sequence diagram as data (docs/architecture.md#the-flows-screen): a run's exchanges become
// lifelines, arrows and notes with coordinates. Pure, so it is tested without a browser; the SVG
// component only draws what this returns, and the exported file is that same drawing.
import type { FlowActor, FlowExchange, FlowPending, FlowRunState } from '../../../../../preload/api/workbench-api';
import { awaitedDecisionVerb, type PsuName } from '../../../widgets/plain-words';
import { nameCheckAnswerWords, nameChecks, QUESTION_WORDS, type NameCheck, type VopOf } from './name-check';
import { exchangeWords, tokensWords } from './words';

export type LifelineId = 'tpp' | 'bank' | 'payeeBank' | 'psuBrowser' | 'psuApp';

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
  /** In words ("Bank refuses: signature invalid"); a redirect names its address only when HTTP labels are on; may be empty. */
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

/** The name check between the bank and the payee's bank, derived from the payment's exchanges (name-check.ts). */
export interface CheckArrow {
  /** question: the bank asks; answer: the payee's bank answers; none: no answer came in time. */
  kind: 'question' | 'answer' | 'none';
  fromX: number;
  toX: number;
  y: number;
  wordsX: number;
  wordsY: number;
  words: string;
  className: string;
}

/** Setup steps (tokens, the customer's consent) folded into one row, or open with a box around their arrows. */
export interface SetupGroup {
  /** The first step of the group: its key for opening and folding. */
  step: number;
  /** "Setup: tokens and the customer’s consent", with the steps and exchanges it holds. */
  words: string;
  open: boolean;
  x: number;
  width: number;
  /** The clickable row. */
  y: number;
  rowHeight: number;
  /** The bottom of the box around the open group's arrows (y + rowHeight when folded). */
  bottom: number;
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
  checks: CheckArrow[];
  setups: SetupGroup[];
  notes: Note[];
  pending: PendingArrow | null;
}

/** The exchanges of one step of the run, with its number (1-based). */
export interface StepExchanges {
  step: number;
  exchanges: readonly FlowExchange[];
  /** A lesson's setup step (tokens and a consent before what the lesson is about): folded with its neighbours. */
  setup?: boolean;
}

export const SETUP_WORDS = 'Setup: tokens and the customer’s consent';

export const LIFELINES: readonly Omit<Lifeline, 'x'>[] = [
  { id: 'tpp', title: 'TPP' },
  { id: 'bank', title: 'Bank API' },
  { id: 'payeeBank', title: 'Payee’s bank' },
  { id: 'psuBrowser', title: 'PSU’s browser' },
  { id: 'psuApp', title: 'PSU’s bank app' },
];

// The TPP's calls carry the longest labels, so the gap between the TPP and the bank is the widest;
// the browser's gap holds "PSU's browser opens the SCA link".
const X: Record<Exclude<LifelineId, 'payeeBank'>, number> = { tpp: 64, bank: 424, psuBrowser: 724, psuApp: 920 };
const WIDTH = 1000;
/** With a name check, the payee's bank stands beside the bank (its exchange is the bank's own), the PSU's two further right. */
const X_CHECKED: Record<LifelineId, number> = { tpp: 64, bank: 424, payeeBank: 640, psuBrowser: 900, psuApp: 1096 };
const WIDTH_CHECKED = 1176;
const HEADER = 48;
/** A row with the words only, and with the HTTP line under them. */
const ROW = 56;
const ROW_HTTP = 70;
const RETURN_DROP = 20;
/** The folded setup's clickable row. */
const SETUP_ROW = 34;
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

const SETUP_OPERATION = 'psuSession';

/**
 * A run's exchanges by step: the steps run, then the step under way (its number even before its first exchange).
 * A lesson's steps that only let the provider in (a PSU's session: tokens and a consent) are its setup.
 */
export function runStepExchanges(run: FlowRunState): StepExchanges[] {
  const done = run.steps.map((s, i) => ({ step: i + 1, exchanges: s.exchanges, setup: run.flow.lesson && s.step.operation === SETUP_OPERATION }));
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

/** Consecutive setup steps, each with the steps around it left as they are. */
function segments(steps: readonly StepExchanges[]): StepExchanges[][] {
  const out: StepExchanges[][] = [];
  for (const step of steps) {
    const last = out.at(-1);
    if (last && step.setup === true && last[0]?.setup === true) last.push(step);
    else out.push([step]);
  }
  return out;
}

export interface LayoutOptions {
  http: boolean;
  name?: PsuName;
  /** A payment's VoP state now, for the name check the wire does not carry (a match). */
  vopOf?: VopOf;
  /** The setup groups opened (by their first step); the others are folded. */
  openSetups?: ReadonlySet<number>;
}

/** The diagram of a run: its steps' exchanges in order, numbered by step, then what it waits for. */
export function layoutSequence(steps: readonly StepExchanges[], pending: FlowPending | null = null, options: LayoutOptions = { http: true }): SequenceLayout {
  const { http, name = (psuId: string) => psuId, vopOf, openSetups = new Set<number>() } = options;
  const row = http ? ROW_HTTP : ROW;
  const wordsAbove = LINE_GAP + (http ? HTTP_LINE : 0);
  const ordered = [...steps].sort((a, b) => a.step - b.step);
  const checks = nameChecks(
    ordered.flatMap((s) => s.exchanges),
    vopOf,
  );
  const checked = checks.size > 0;
  const at: Record<LifelineId, number> = checked ? X_CHECKED : { ...X, payeeBank: X.bank };
  const width = checked ? WIDTH_CHECKED : WIDTH;
  const lifelines = LIFELINES.filter((l) => checked || l.id !== 'payeeBank').map((l) => ({ ...l, x: at[l.id] }));
  const calls: CallArrow[] = [];
  const returns: ReturnArrow[] = [];
  const checkArrows: CheckArrow[] = [];
  const setups: SetupGroup[] = [];
  const notes: Note[] = [];
  let y = HEADER + row - 24;
  const lastStep = steps.reduce((n, s) => Math.max(n, s.step), 0);

  const drawCheck = (kind: CheckArrow['kind'], words: string): void => {
    const answer = kind !== 'question';
    checkArrows.push({
      kind,
      fromX: answer ? at.payeeBank : at.bank,
      toX: answer ? at.bank : at.payeeBank,
      y,
      wordsX: at.bank + 6,
      wordsY: y - LINE_GAP,
      words,
      className: `seq-check seq-check-${kind}`,
    });
    y += wordsAbove + 30;
  };
  const answerOf = (check: NameCheck): void => {
    const said = nameCheckAnswerWords(check.outcomes);
    drawCheck(said.answered ? 'answer' : 'none', said.words);
  };
  const answersAt = (where: 'before' | 'after', seq: number): void => {
    for (const check of checks.values()) {
      const placed = check.answerAt;
      if (placed && where in placed && (placed as Record<string, number>)[where] === seq) answerOf(check);
    }
  };

  const drawStep = ({ step, exchanges }: StepExchanges): void => {
    const groups = arrowGroups(exchanges);
    groups.forEach((group, index) => {
      const exchange = group[0] as FlowExchange;
      for (const e of group) answersAt('before', e.seq);
      const fromX = at[FROM[exchange.actor]];
      const self = exchange.actor === 'operator';
      const path = pathOf(exchange.url);
      const said = exchangeWords(exchange);
      const failed = exchange.failed || group.some((e) => exchangeWords(e).refused);
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
        toX: at.bank,
        y,
        number,
        words: `${number}${groups.length > 1 ? '' : '.'} ${action}`,
        label: `${exchange.method} ${shortPath(exchange.url, LABEL_CHARS[exchange.actor])} → ${statuses}${times}`,
        fullLabel: `${action}\n${exchange.method} ${exchange.url} → ${statuses}${times}`,
        ariaLabel: `${exchange.method} ${path} → ${exchange.status}`,
        status: exchange.status,
        failed,
        className: arrowClass('call', failed),
        self,
        wordsY: y - wordsAbove,
        httpY: y - LINE_GAP,
      });
      if (self) notes.push({ x: at.bank + 36, y: y - wordsAbove - 14, text: 'Operator', kind: 'operator' });
      const answers = [...new Set(group.map((e) => exchangeWords(e).answer).filter((a) => a !== null))];
      const redirect = redirectOf(exchange);
      returns.push({
        seq: exchange.seq,
        fromX: at.bank,
        toX: self ? at.bank : fromX,
        labelAside: false,
        y: y + RETURN_DROP,
        label: answers.join(' / '),
        failed,
        className: arrowClass('return', failed),
      });
      if (redirect !== null) {
        y += RETURN_DROP;
        returns.push({
          seq: exchange.seq,
          labelAside: true,
          fromX: at.bank,
          toX: at.psuBrowser,
          y: y + RETURN_DROP,
          label: http ? `redirect to ${shortPath(redirect, 28)}` : 'browser sent back to the TPP',
          failed: false,
          className: arrowClass('return', false),
        });
      }
      y += row;
      for (const e of group) {
        // The question follows the payment's answer closely: its words stand right of the bank, clear of the answer's.
        if (checks.has(e.seq)) {
          y += RETURN_DROP + 24 - row;
          drawCheck('question', QUESTION_WORDS);
        }
        answersAt('after', e.seq);
      }
    });
  };

  for (const segment of segments(ordered)) {
    const [first] = segment;
    const last = segment.at(-1);
    if (!first || !last) continue;
    if (first.setup !== true) {
      segment.forEach(drawStep);
      continue;
    }
    const open = openSetups.has(first.step);
    const count = segment.reduce((n, s) => n + s.exchanges.length, 0);
    const numbers = first.step === last.step ? `${first.step}.` : `${first.step}–${last.step}.`;
    const group: SetupGroup = {
      step: first.step,
      words: `${open ? '▾' : '▸'} ${numbers} ${SETUP_WORDS} (${count} exchange${count === 1 ? '' : 's'})`,
      open,
      x: 16,
      width: width - 32,
      y: y - 26,
      rowHeight: SETUP_ROW,
      bottom: y - 26 + SETUP_ROW,
    };
    setups.push(group);
    y += SETUP_ROW + wordsAbove + 4;
    if (open) {
      segment.forEach(drawStep);
      group.bottom = y - row + RETURN_DROP + 10;
    }
  }

  let pendingArrow: PendingArrow | null = null;
  if (pending?.kind === 'request') {
    const { method, url, body } = pending.request;
    const actor = actorOfUrl(url);
    const action = exchangeWords({ actor, method, url, requestBody: body }).action;
    const step = Math.max(lastStep, 1);
    pendingArrow = {
      fromX: at[FROM[actor]],
      toX: at.bank,
      y,
      words: `${step}. ${action} (not sent yet)`,
      label: `${method} ${shortPath(url, LABEL_CHARS[actor])}`,
      fullLabel: `${method} ${url}`,
      wordsY: y - wordsAbove,
      httpY: y - LINE_GAP,
    };
    y += row;
  } else if (pending?.kind === 'psu') {
    notes.push({ x: at.psuApp, y: y - 14, text: `Waiting for ${name(pending.psuId)} to ${awaitedDecisionVerb(pending)}`, kind: 'pending' });
    y += row;
  }

  return {
    width,
    height: y - row + 24 + FOOT,
    headerHeight: HEADER,
    http,
    lifelines,
    calls,
    returns,
    checks: checkArrows,
    setups,
    notes,
    pending: pendingArrow,
  };
}
