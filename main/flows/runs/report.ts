import type { FlowRun, StepOutcome } from './runner';

/** One step as the headless runner prints it: number, title, actor, requests, status, ✓ or ✗ and what was not met. */
export function describeStep(outcome: StepOutcome): string {
  const { number, step, requests, result, unmet, error, met } = outcome;
  const sent = requests.length === 0 ? '(no request)' : requests.map((r) => `${r.method} ${r.path.split('?')[0]}`).join(', ');
  const lines = [`${String(number).padStart(2)}. ${met ? '✓' : '✗'} ${step.title} [${step.actor}] ${sent} → ${result?.status ?? '-'}`];
  for (const u of unmet) lines.push(`      ✗ ${u.field}: expected ${u.expected}, got ${u.actual}`);
  const said = unmet.length === 0 ? null : banksWords(result?.body);
  if (said !== null) lines.push(`      the bank said: ${said}`);
  if (error !== null) lines.push(`      ✗ could not run: ${error}`);
  return lines.join('\n');
}

export function describeRunStart(run: Pick<FlowRun, 'flow' | 'institution' | 'psus' | 'params'>): string {
  const psus = Object.entries(run.psus)
    .map(([role, id]) => `${role} ${id}`)
    .join(', ');
  const choices = run.flow.parameters.filter((p) => p.kind !== 'psu' && run.params[p.name] !== undefined).map((p) => `${p.name}=${run.params[p.name]}`);
  return `${run.flow.name}: ${run.flow.title} at ${run.institution}${psus === '' ? '' : ` (${psus})`}${choices.length === 0 ? '' : ` with ${choices.join(', ')}`}`;
}

export function describeRunEnd(run: FlowRun): string {
  const met = run.steps.filter((s) => s.met).length;
  const total = run.flow.steps.length;
  return run.met
    ? `All ${total} steps met their expectations.`
    : `${met} of ${total} steps met their expectations; the run stopped at step ${run.steps.length}.`;
}

/** The bank's own reason, which says more than the unmet field: an error's text or a journey's outcome. */
function banksWords(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const {
    tppMessages,
    outcomeReason,
    error_description: description,
  } = body as { tppMessages?: { text?: unknown }[]; outcomeReason?: unknown; error_description?: unknown };
  const words = tppMessages?.[0]?.text ?? outcomeReason ?? description;
  return typeof words === 'string' && words !== '' ? words : null;
}
