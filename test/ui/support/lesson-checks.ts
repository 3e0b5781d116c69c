// What a lesson shows the class, checked at a step: the caption, the waiting line and the diagram's arrows
// in a bank clerk's words, with no wire code (docs/teaching.md: the codes stay in small print or behind
// Show HTTP); and a phone that belongs to the step, never a finished card of an earlier one.
import type { Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import type { FlowExchange, FlowRunState } from '../../../preload/api/workbench-api';
import type { ControlClient } from '../../../shared/control-client';

const WAIT = { timeout: 30_000 };

/** The dataset's PSUs' names by psuId, as `checkLessonStep` takes them. */
export async function psuNames(api: ControlClient): Promise<Map<string, string>> {
  return new Map((await api.listPsus()).map((p) => [p.psuId, p.name]));
}

/** Waits until the presentation view shows the run as it rests: its steps, and the waiting line when it waits for the PSU. */
export async function shown(page: Page, run: FlowRunState): Promise<void> {
  await page.locator(`[data-testid="present"][data-steps-done="${run.steps.length}"]`).waitFor(WAIT);
  const state = run.pending?.kind === 'psu' ? 'underWay' : 'done';
  await page.locator(`[data-testid="present-caption"][data-state="${state}"]`).waitFor(WAIT);
}

/**
 * What of the presentation's caption the class cannot read, or null when every line is in view: a line below
 * the caption's edge (cut, or hidden in its scrolling) or past the window's.
 */
export function captionCut(page: Page): Promise<string | null> {
  return page.getByTestId('present-caption').evaluate((caption) => {
    const edge = caption.getBoundingClientRect();
    const bottom = Math.min(edge.bottom, caption.ownerDocument.defaultView?.innerHeight ?? edge.bottom);
    const lines = [...caption.children].filter((line) => line.getClientRects().length > 0);
    const cut = lines.find((line) => line.getBoundingClientRect().bottom > bottom + 0.5);
    return cut ? `“${cut.textContent ?? ''}” ends ${Math.round(cut.getBoundingClientRect().bottom - bottom)} px below what shows` : null;
  });
}

/** Wire codes and developers' words a lesson's visible words must not carry, each with what it is. */
export const CODE_WORDS: readonly [RegExp, string][] = [
  [/\b(?:RCVD|ACTC|PATC|PDNG|ACCP|ACSC|ACSP|ACWC|RJCT|CANC|PART)\b/, 'a transaction status code'],
  [/\b(?:CMTC|NMTC|NOAP|RECI|MTCH)\b/, 'a Verification of Payee reason code'],
  [/(?<![€\d.,])\b(?:200|201|202|204|301|302|303|307|400|401|403|404|405|406|409|415|429|500|502|503|504)\b(?![.,]\d)/, 'an HTTP status'],
  [/\b[A-Z]{2,}(?:_[A-Z0-9]+)+\b/, 'an error code'],
  [/\b[a-z]+(?:_[a-z0-9]+)+\b/, 'a snake_case name'],
  [/\b[a-z]+[A-Z][A-Za-z]*\b/, 'a camelCase field'],
  [/\b(?:PKCE|S256|SHA-?256|QSEAL|QWAC|JWS|OAuth)\b/i, 'a protocol term'],
  [/\b[A-Z]{3}-[A-Z][A-Z0-9-]*\b/, 'a customer’s code in place of their name'],
  [/\b(?:pain|camt)\.\d{3}\b/, 'an ISO 20022 message name'],
  [/\bapplication\/[\w.+-]+|\b(?:Accept|Content-Type):/, 'an HTTP header'],
  [/\b(?:GET|POST|PUT|PATCH|DELETE)\b/, 'an HTTP method'],
  [/(?:^|\s)\/[a-z{][\w{}./-]*/, 'a path'],
];

/** The code words in a text, each as "what: the word". */
export function codeWordsIn(text: string): string[] {
  return CODE_WORDS.flatMap(([pattern, what]) => {
    const found = pattern.exec(text);
    return found ? [`${what}: “${found[0].trim()}”`] : [];
  });
}

/** What the class reads at this step: the caption without its small print, the waiting line, every arrow's words. */
export async function visibleWords(page: Page): Promise<{ caption: string; arrows: string[] }> {
  const caption = await page.getByTestId('present-caption').evaluate((element) => {
    const copy = element.cloneNode(true) as typeof element;
    for (const small of copy.querySelectorAll('[data-testid="present-codes"]')) small.remove();
    return [...copy.querySelectorAll('p, h2')].map((p) => p.textContent ?? '').join('\n');
  });
  const diagram = page.getByTestId('present-diagram');
  const arrows = [
    ...(await diagram.locator('.seq-words').allTextContents()),
    ...(await diagram.getByTestId('seq-answer').allTextContents()),
    ...(await diagram.locator('.seq-note text').allTextContents()),
  ];
  return { caption, arrows };
}

/** The exchanges of the step the lesson shows: the one under way, else the one just run. */
export function shownExchanges(run: FlowRunState): readonly FlowExchange[] {
  const underWay = run.phase === 'running' || run.pending !== null;
  return underWay || run.steps.length === 0 ? run.current : (run.steps.at(-1)?.exchanges ?? []);
}

const mentions = (exchanges: readonly FlowExchange[], id: string): boolean => exchanges.some((e) => e.url.includes(id) || e.responseBody.includes(id));

/**
 * Why the lesson's phone does not belong to the step, or null when it does: every approval it says has
 * ended is of this step (the step's requests name it, or the step moved the clock past its limit or read
 * the bank's app); every payment it shows is one the lesson made; each approval card waits for a decision.
 */
export async function phoneProblem(page: Page, run: FlowRunState): Promise<string | null> {
  const phones = page.locator('[data-testid="present"] [data-testid="present-phones"]');
  const shown = shownExchanges(run);
  const all = [...run.steps.flatMap((s) => s.exchanges), ...run.current];
  const operation = run.pending !== null || run.phase === 'running' ? run.nextStep?.operation : run.steps.at(-1)?.step.operation;
  for (const id of await phones.getByTestId('outcome').evaluateAll((els) => els.map((e) => e.getAttribute('data-journey-id') ?? ''))) {
    const ofStep = mentions(shown, id) || operation === 'advanceClock' || operation === 'scaJourney';
    if (!ofStep) return `the phone shows how approval ${id} ended, an approval of an earlier step`;
  }
  for (const id of await phones.getByTestId('phone-payment').evaluateAll((els) => els.map((e) => e.getAttribute('data-payment-id') ?? ''))) {
    if (!mentions(all, id)) return `the phone shows payment ${id}, which the lesson did not make`;
  }
  for (const status of await phones.getByTestId('journey').evaluateAll((els) => els.map((e) => e.getAttribute('data-status') ?? ''))) {
    if (status !== 'started' && status !== 'opened') return `the phone shows an approval card that is ${status}, not waiting`;
  }
  return null;
}

/**
 * Checks what the class sees where the lesson rests (`run`, as the view shows it): a phone that belongs to
 * the step, no code word in the caption or on an arrow, and whom it waits for by name, in the status line
 * and on the diagram. `names`: the dataset's PSUs' names by psuId; `at` names the step in a failure.
 */
export async function checkLessonStep(expect: ExpectStatic, page: Page, run: FlowRunState, names: ReadonlyMap<string, string>, at: string): Promise<void> {
  // The phone hears of the bank a moment after the run: its check holds once it has caught up.
  await expect.poll(() => phoneProblem(page, run), { timeout: 30_000, message: `${at}: the phone` }).toBeNull();
  const { caption, arrows } = await visibleWords(page);
  expect(codeWordsIn(caption), `${at}: the caption says\n${caption}`).toEqual([]);
  for (const arrow of arrows) expect(codeWordsIn(arrow), `${at}: the diagram says “${arrow}”`).toEqual([]);
  if (run.pending?.kind !== 'psu') return;
  const name = names.get(run.pending.psuId) ?? '';
  const verb = run.pending.either === true ? 'decide' : run.pending.expected;
  expect(name, `${at}: the PSU waited for is in the dataset`).not.toBe('');
  expect(await page.getByTestId('present-status').textContent(), `${at}: the waiting line`).toBe(`Waiting for ${name} to ${verb} on the phone`);
  expect(arrows, `${at}: the diagram’s waiting note`).toContain(`Waiting for ${name} to ${verb}`);
}

/** What the name check's caption must say, by lesson and step, for the payee the lesson is given with. */
const CHECK_SAYS: Record<string, Record<string, RegExp>> = {
  'vop-close-match-psu-decides': { vop: /The payee’s bank says: close match — the name is almost right\. The account holder’s name is .+\./ },
  'vop-no-match': { vop: /The payee’s bank says: no match/ },
  'vop-payee-bank-silent': { vop: /The bank is checking the payee’s name…/, noap: /The payee’s bank says: no answer in time/ },
};
/** What the phone shows as the payment is sent (the bank checking the name) and at the name check's step (its answer). */
const PHONE_VOP: Record<string, Record<string, string>> = {
  'vop-close-match-psu-decides': { payment: 'inProgress', vop: 'closeMatch' },
  'vop-no-match': { payment: 'inProgress', vop: 'noMatch' },
  'vop-payee-bank-silent': { payment: 'inProgress', vop: 'inProgress', noap: 'timeout' },
};

/** At a VoP lesson's name-check steps: the caption says what this payment got, and the phone's payment shows it. */
export async function checkNameCheck(expect: ExpectStatic, page: Page, flow: string, step: string | undefined, at: string): Promise<void> {
  const vop = PHONE_VOP[flow]?.[step ?? ''];
  if (vop) {
    const banner = page.locator('[data-testid="present-phones"] [data-testid="phone-payment"] [data-testid="vop-banner"]');
    await expect.poll(() => banner.getAttribute('data-outcome'), { ...WAIT, message: `${at}: the payment on the phone` }).toBe(vop);
  }
  const says = CHECK_SAYS[flow]?.[step ?? ''];
  if (says) expect(await page.getByTestId('present-result').textContent(), `${at}: what this payment got`).toMatch(says);
}
