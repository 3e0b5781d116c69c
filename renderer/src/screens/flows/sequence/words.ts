// What an exchange of a run does, in the words a trainer says in front of a class: "TPP asks for a
// consent", "PSU approves in the bank's app", "Bank refuses: the name check is still running". Derived from
// the exchange alone (who sent it, the method, the path's pattern, the body sent, the status, the bank's
// error code or signature verdict), so the diagram, its exports and the tests read the same words; the
// statuses, results and refusals in words come from the one vocabulary (widgets/plain-words.ts).
import type { FlowActor, FlowExchange, JourneyOutcome } from '../../../../../preload/api/workbench-api';
import { readAnswer } from '../../../lib/wire-answer';
import { answerWords, codeWords, httpStatusWords, refusalReasonWords, vopOutcomeOfReason, vopWords } from '../../../widgets/plain-words';
import { outcomeWords, type OutcomeWords } from '../../phone/outcome-words';

export { codeWords };

/** What the words are made from: a sent exchange, or a request not sent yet (no answer). */
export type WordsInput = Pick<FlowExchange, 'actor' | 'method' | 'url' | 'requestBody'> & Partial<Pick<FlowExchange, 'status' | 'responseBody' | 'signature'>>;

export interface ExchangeWords {
  /** What the sender does: "TPP asks for a consent". */
  action: string;
  /** What the bank answered, when worth saying: "Bank refuses: signature invalid", "Payee’s bank says: close match". */
  answer: string | null;
  /** A token request: several of one step are drawn as one arrow ("TPP gets tokens ×3"). */
  token: boolean;
  /** The bank answered, but refused what was asked (a PSU's approval against the customer's rules): drawn red like a failure. */
  refused: boolean;
}

const API = /^\/[a-z]+\/berlingroup\/v1\//;
const OAUTH = /^\/[a-z]+\/oauth\/v1\/(token|register)$/;

function pathOf(url: string): string {
  return url.split('?')[0] ?? url;
}

function json(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

const UNITS: [RegExp, string, string][] = [
  [/(\d+(?:\.\d+)?)Y/, 'year', 'years'],
  [/(\d+(?:\.\d+)?)M/, 'month', 'months'],
  [/(\d+(?:\.\d+)?)W/, 'week', 'weeks'],
  [/(\d+(?:\.\d+)?)D/, 'day', 'days'],
];
const TIME_UNITS: [RegExp, string][] = [
  [/(\d+(?:\.\d+)?)H/, 'h'],
  [/(\d+(?:\.\d+)?)M/, 'min'],
  [/(\d+(?:\.\d+)?)S/, 's'],
];

/** An ISO-8601 duration as a person says it: "PT6S" → "6 s", "P90D" → "90 days", "PT1H30M" → "1 h 30 min". */
export function durationWords(duration: string): string {
  const match = /^P([^T]*)(?:T(.*))?$/.exec(duration);
  if (!match) return duration;
  const [, date = '', time = ''] = match;
  const parts: string[] = [];
  for (const [pattern, one, many] of UNITS) {
    const found = pattern.exec(date);
    if (found?.[1]) parts.push(`${found[1]} ${found[1] === '1' ? one : many}`);
  }
  for (const [pattern, unit] of TIME_UNITS) {
    const found = pattern.exec(time);
    if (found?.[1]) parts.push(`${found[1]} ${unit}`);
  }
  return parts.length > 0 ? parts.join(' ') : duration;
}

/** An instant as the operator typed it, shortened to the minute: "2026-03-29 00:30 UTC". */
function instantWords(instant: string): string {
  const found = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(instant);
  return found ? `${found[1]} ${found[2]} UTC` : instant;
}

/** The number of transfers in a pain.001 (its CdtTrfTxInf blocks). */
function transfers(body: string | null): number {
  return body?.match(/<(?:\w+:)?CdtTrfTxInf>/g)?.length ?? 0;
}

/** The TPP's requests to the bank's Berlin Group API, by path pattern (the API base taken off). */
function apiAction(method: string, rest: string, body: string | null): string | null {
  const s = rest.split('/');
  const [area, id, sub, subId] = s;
  const at = `${method} ${area}${s.length > 1 ? '/{id}' : ''}${sub ? `/${sub}` : ''}${subId ? '/{id}' : ''}`;
  switch (area) {
    case 'consents': {
      const consents: Record<string, string> = {
        'POST consents': 'TPP asks for a consent',
        'GET consents/{id}': 'TPP reads the consent',
        'DELETE consents/{id}': 'TPP deletes the consent',
        'GET consents/{id}/status': 'TPP checks the consent’s status',
        'POST consents/{id}/authorisations': 'TPP starts an authorisation of the consent',
        'GET consents/{id}/authorisations': 'TPP lists the consent’s authorisations',
        'GET consents/{id}/authorisations/{id}': 'TPP checks the authorisation',
      };
      return consents[at] ?? null;
    }
    case 'accounts': {
      const accounts: Record<string, string> = {
        'GET accounts': 'TPP reads the PSU’s accounts',
        'GET accounts/{id}': 'TPP reads an account’s details',
        'GET accounts/{id}/balances': 'TPP reads the balances',
        'GET accounts/{id}/transactions': 'TPP reads the transactions',
      };
      return accounts[at] ?? null;
    }
    case 'payments':
    case 'bulk-payments':
    case 'periodic-payments': {
      // payments/{product}/{paymentId}/…: the product takes the place of the id in the pattern.
      const pattern = `${method} payments${s.length > 2 ? '/{id}' : ''}${s[3] ? `/${s[3]}` : ''}${s[4] ? '/{id}' : ''}`;
      if (pattern === 'POST payments') {
        const count = transfers(body);
        return area === 'bulk-payments' || count > 1
          ? `TPP initiates a bulk payment${count > 1 ? ` (${count} transfers)` : ''}`
          : area === 'periodic-payments'
            ? 'TPP initiates a standing order'
            : 'TPP initiates a payment';
      }
      const payments: Record<string, string> = {
        'GET payments/{id}': 'TPP reads the payment',
        'DELETE payments/{id}': 'TPP cancels the payment',
        'GET payments/{id}/status': 'TPP checks the payment’s status',
        'POST payments/{id}/authorisations': 'TPP starts an authorisation of the payment',
        'GET payments/{id}/authorisations': 'TPP lists the payment’s authorisations',
        'GET payments/{id}/authorisations/{id}': 'TPP checks the authorisation',
        'POST payments/{id}/cancellation-authorisations': 'TPP starts an authorisation of the cancellation',
      };
      return payments[pattern] ?? null;
    }
    case 'signing-baskets': {
      const baskets: Record<string, string> = {
        'POST signing-baskets': 'TPP asks for a signing basket',
        'GET signing-baskets/{id}': 'TPP reads the signing basket',
        'DELETE signing-baskets/{id}': 'TPP deletes the signing basket',
        'GET signing-baskets/{id}/status': 'TPP checks the basket’s status',
        'POST signing-baskets/{id}/authorisations': 'TPP starts an authorisation of the basket',
        'GET signing-baskets/{id}/authorisations/{id}': 'TPP checks the authorisation',
      };
      return baskets[at] ?? null;
    }
    case 'funds-confirmations':
      return method === 'POST' && id === undefined ? 'TPP asks whether the funds are there' : null;
    default:
      return null;
  }
}

/** The control API, as the operator, the PSU's app or the bank's back office uses it. */
function controlAction(method: string, rest: string, body: string | null): string | null {
  const sent = json(body) ?? {};
  const [area, id, sub] = rest.split('/');
  if (method === 'GET' && area?.startsWith('sca')) return 'PSU’s bank app shows the approval';
  if (method !== 'POST' && method !== 'DELETE') return null;
  if (area === 'sca' && id) return sent.action === 'reject' ? 'PSU rejects' : 'PSU approves in the bank’s app';
  if (area === 'clock') {
    const advance = text(sent.advance);
    const set = text(sent.set);
    if (advance) return `Operator moves the clock ${durationWords(advance)} on`;
    if (set) return `Operator sets the clock to ${instantWords(set)}`;
    if (sent.paused === true) return 'Operator pauses the clock';
    if (sent.paused === false) return 'Operator lets the clock run';
    return null;
  }
  if (area === 'payments' && sub === 'processing') {
    const outcome = text(sent.outcome);
    const reason = text(sent.reason);
    if (outcome === 'RJCT') return `Bank’s back office rejects the payment${reason ? ` (${reason})` : ''}`;
    return `Bank’s back office accepts the payment${outcome && outcome !== 'ACCP' ? ` (${outcome})` : ''}`;
  }
  if (area === 'consents' && sub === 'revoke') return 'PSU revokes the consent in the bank’s app';
  if (area === 'reset') return 'Operator resets the bank';
  if (area === 'rate-limit') return 'Operator sets the rate limit';
  if (area === 'service-blocks') return method === 'DELETE' ? 'Operator unblocks the consent service' : 'Operator blocks the consent service';
  if (area === 'faults')
    return method === 'DELETE' ? (id ? `Operator removes fault rule ${id}` : 'Operator removes every fault rule') : faultWords(sent.action);
  return null;
}

/** A fault rule as the diagram names it: what the bank is made to do. */
function faultWords(action: unknown): string {
  const given = typeof action === 'object' && action !== null ? (action as Record<string, unknown>) : {};
  if (typeof given.status === 'number') return `Operator sets a fault: ${httpStatusWords(given.status)}`;
  if ('drop' in given) return 'Operator sets a fault: dropped connection';
  if ('dribbleMs' in given) return 'Operator sets a fault: dribbled answer';
  if ('delayMs' in given || 'delay' in given) return 'Operator sets a fault: delay';
  return 'Operator sets a fault';
}

function oauthAction(endpoint: string, body: string | null): string {
  if (endpoint === 'register') return 'TPP registers as a client';
  const grant = new URLSearchParams(body ?? '').get('grant_type');
  if (grant === 'authorization_code') return 'TPP swaps the code for a token';
  if (grant === 'refresh_token') return 'TPP refreshes its token';
  return 'TPP gets a token';
}

const SENDERS: Record<FlowActor, string> = { tpp: 'TPP', psuBrowser: 'PSU’s browser', psuApp: 'PSU’s bank app', operator: 'Operator' };

function action(input: WordsInput): string {
  const path = pathOf(input.url);
  if (API.test(path)) {
    const found = apiAction(input.method, path.replace(API, ''), input.requestBody);
    if (found) return found;
  }
  const oauth = OAUTH.exec(path);
  if (oauth?.[1]) return oauthAction(oauth[1], input.requestBody);
  if (/^\/[a-z]+\/sandboxauth\/v1\/authorize$/.test(path)) return 'PSU’s browser gets a code for the TPP';
  if (/^\/sca\/[^/]+$/.test(path)) return 'PSU’s browser opens the SCA link';
  const signature = /^\/[a-z]+\/sandbox\/v1\/signature(\/validation)?$/.exec(path);
  if (signature) return signature[1] ? 'TPP asks the bank to check a signature' : 'TPP asks the bank to sign a sample';
  if (path.startsWith('/simulator/v1/')) {
    const found = controlAction(input.method, path.slice('/simulator/v1/'.length), input.requestBody);
    if (found) return found;
  }
  return `${SENDERS[input.actor]} sends ${input.method} ${path}`;
}

/** Why the bank refused: the signature verdict, the Berlin Group or OAuth error (its cause in words), or the status. */
function refusal(input: WordsInput, status: number): string {
  const verdict = input.signature?.verdict;
  if (verdict && !verdict.valid) return `Bank refuses: ${codeWords(verdict.code)}`;
  const { error } = readAnswer(input.responseBody);
  if (error) return `Bank refuses: ${refusalReasonWords(error.code, error.text)}`;
  if (status === 0) return 'Bank does not answer';
  return status >= 500 ? `Bank cannot answer: ${httpStatusWords(status)}` : `Bank refuses: ${httpStatusWords(status)}`;
}

/** What a successful answer says, in words: the payee's bank's answer of a status report, or the status it carries. */
function answerSaid(body: string | undefined): string | null {
  const answer = readAnswer(body);
  if (answer.fundsAvailable !== null) return `Bank answers: ${answer.fundsAvailable ? 'funds available' : 'no funds'}`;
  const checked = [...new Set(answer.reasons.map((r) => vopOutcomeOfReason(r.code, r.info)).filter((o) => o !== null))];
  const [only] = checked;
  if (checked.length === 1 && only === 'inProgress') return 'Payee’s bank has not answered yet';
  if (checked.length === 1 && only) return `Payee’s bank says: ${vopWords(only).short}`;
  if (checked.length > 1) return `Payee’s banks say: ${checked.map((o) => vopWords(o).short).join(', ')}`;
  const said = answer.transactionStatus
    ? answerWords('transaction', answer.transactionStatus)
    : answer.consentStatus
      ? answerWords('consent', answer.consentStatus)
      : answer.scaStatus
        ? answerWords('sca', answer.scaStatus)
        : null;
  return said && `Bank answers: ${said}`;
}

const DECISION = /^\/simulator\/v1\/sca\/[^/]+$/;

/**
 * A PSU's decision the bank refused though it answered 200: the journey failed for the customer's rules
 * or a time limit ("Refused: you created this payment" on the phone), not because the PSU rejected.
 */
function refusedDecision(input: WordsInput): string | null {
  if (input.actor !== 'psuApp' || input.method !== 'POST' || !DECISION.test(pathOf(input.url))) return null;
  const body = json(input.responseBody);
  if (body?.status !== 'failed' || body.outcome === 'rejected') return null;
  const outcome = text(body.outcome) as JourneyOutcome | null;
  // An outcome this renderer does not know yet says "not approved" rather than nothing.
  const said = (outcomeWords({ status: 'failed', outcome, outcomeReason: text(body.outcomeReason) }) as OutcomeWords | undefined)?.title ?? 'Not approved';
  return `Bank refuses: ${said.replace(/^Refused: /, '').replace(/^\w/, (c) => c.toLowerCase())}`;
}

/** What an exchange does and what the bank answered, in words. */
export function exchangeWords(input: WordsInput): ExchangeWords {
  const path = pathOf(input.url);
  const token = OAUTH.exec(path)?.[1] === 'token';
  const status = input.status;
  const failed = status !== undefined && (status === 0 || status >= 400 || input.signature?.verdict.valid === false);
  const decision = status === undefined || failed ? null : refusedDecision(input);
  let answer: string | null = null;
  if (status !== undefined) {
    answer = failed ? refusal(input, status) : (decision ?? answerSaid(input.responseBody));
  }
  return { action: action(input), answer, token, refused: decision !== null };
}

/** Several token requests of one step as one arrow: "TPP gets tokens ×3". */
export function tokensWords(count: number): string {
  return count === 1 ? 'TPP gets a token' : `TPP gets tokens ×${count}`;
}
