// Which PSUs may play a lesson's roles: the flow runner refuses any other, the Flows screen offers no
// other. Pure, and in shared/ because both run it over the same GET /simulator/v1/psus answer.
import type { FlowParameterSummary, PsuNeeds, PsuSummary } from '../preload/api/workbench-api';

export type { PsuNeeds, PsuSummary } from '../preload/api/workbench-api';

type Parameter = Pick<FlowParameterSummary, 'name' | 'kind' | 'needs'>;

/** Hundredths, exact for the amounts a pain.001 carries (at most 18 digits before the point). */
const cents = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

const covers = (limit: string, amount: string): boolean => cents(amount) <= cents(limit);

/** Does `psu` meet `needs`, with the other roles played by `cast` and the parameters at `values`? */
export function meetsNeeds(psu: PsuSummary, needs: PsuNeeds, cast: Record<string, PsuSummary | undefined>, values: Record<string, string>): boolean {
  if (needs.usesBankApp === true && !psu.scaEnrolled) return false;
  if (needs.createsPayments === true && psu.accounts[0]?.permissions.includes('paymentCreation') !== true) return false;
  if (needs.authorisesPayments === true && psu.accounts[0]?.permissions.includes('paymentAuthorisation') !== true) return false;
  const alone = needs.authorisesAlone;
  if (alone !== undefined) {
    const amount = alone.amountParameter === undefined ? undefined : values[alone.amountParameter];
    if (!authorises(psu, cast[alone.paymentsOf], 1, alone.category, amount)) return false;
  }
  const oneOfTwo = needs.authorisesOneOfTwo;
  if (oneOfTwo !== undefined) {
    if (oneOfTwo.signatoryGroup !== undefined && psu.signatoryGroup !== oneOfTwo.signatoryGroup) return false;
    if (!authorises(psu, cast[oneOfTwo.paymentsOf], 2, oneOfTwo.category, oneOfTwo.amount)) return false;
  }
  return true;
}

/**
 * May `psu` give an authorisation of the payment `creator` makes from their first account, of which their
 * company needs `required` at `amount` (unknown: without the company's threshold for small payments)? Never the creator.
 */
function authorises(psu: PsuSummary, creator: PsuSummary | undefined, required: 1 | 2, category: string, amount: string | undefined): boolean {
  const account = creator?.accounts[0];
  if (creator === undefined || account === undefined || creator.psuId === psu.psuId || creator.corporateId !== psu.corporateId) return false;
  if (!psu.accounts.some((a) => a.resourceId === account.resourceId && a.permissions.includes('paymentAuthorisation'))) return false;
  const { authorisationsRequired, singleAuthorisationUpTo } = creator.companyApprovals;
  const oneWillDo =
    authorisationsRequired === 1 || (amount !== undefined && singleAuthorisationUpTo.some((m) => m.currency === account.currency && covers(m.amount, amount)));
  const limit = psu.approvalLimits[category];
  return (required === 1) === oneWillDo && limit !== undefined && (amount === undefined || covers(limit.amount, amount));
}

/**
 * The PSUs of `here` each psu parameter may take, the other roles played as `chosen` (psuId by role).
 * A PSU is offered for a role only when the roles that depend on it can still be played by someone:
 * a clerk nobody could authorise for is no choice.
 */
export function psuChoices(
  parameters: readonly Parameter[],
  here: readonly PsuSummary[],
  chosen: Record<string, string>,
  values: Record<string, string>,
): Record<string, PsuSummary[]> {
  const roles = parameters.filter((p) => p.kind === 'psu');
  const byId = (psuId: string | undefined): PsuSummary | undefined => here.find((p) => p.psuId === psuId);
  const cast = Object.fromEntries(roles.map((r) => [r.name, byId(chosen[r.name])]));
  const playable = (role: Parameter, psu: PsuSummary, trial: Record<string, PsuSummary | undefined>): boolean =>
    meetsNeeds(psu, role.needs ?? {}, trial, values);
  return Object.fromEntries(
    roles.map((role) => [
      role.name,
      here.filter((psu) => {
        const trial = { ...cast, [role.name]: psu };
        if (!playable(role, psu, trial)) return false;
        const dependants = roles.filter((r) => r.needs?.authorisesAlone?.paymentsOf === role.name || r.needs?.authorisesOneOfTwo?.paymentsOf === role.name);
        return dependants.every((d) => here.some((other) => playable(d, other, { ...trial, [d.name]: other })));
      }),
    ]),
  );
}

const amountParameters = (parameters: readonly Parameter[]): Set<string> => new Set(parameters.flatMap((p) => p.needs?.authorisesAlone?.amountParameter ?? []));

/** The values with every amount a limit is held against at its smallest: then what still fails is the PSU, not the amount. */
export function atSmallestAmounts(parameters: readonly Parameter[], values: Record<string, string>): Record<string, string> {
  return { ...values, ...Object.fromEntries([...amountParameters(parameters)].map((name) => [name, '0.01'])) };
}

/**
 * Why the cast cannot play the lesson, in one line naming who could, or null when every role is played
 * by someone it offers. A wrong PSU is named before a too large amount: that one needs a smaller amount.
 */
export function castProblem(
  parameters: readonly (Parameter & { label: string })[],
  here: readonly PsuSummary[],
  chosen: Record<string, string>,
  values: Record<string, string>,
  institution: string,
): string | null {
  const amounts = amountParameters(parameters);
  const wrongPsu = firstMiscast(parameters, here, chosen, atSmallestAmounts(parameters, values));
  if (wrongPsu !== null)
    return wrongPsu.offered.length === 0
      ? `nobody at ${institution} can play ${wrongPsu.role} in this lesson`
      : `${wrongPsu.psuId ?? 'nobody'} cannot play ${wrongPsu.role} in this lesson; choose ${wrongPsu.offered.join(' or ')}`;
  // The role whose limit the amount exceeds is the one to name, not the roles that depend on it.
  const limited = [...parameters].sort(
    (a, b) => Number(b.needs?.authorisesAlone?.amountParameter !== undefined) - Number(a.needs?.authorisesAlone?.amountParameter !== undefined),
  );
  const tooMuch = firstMiscast(limited, here, chosen, values);
  if (tooMuch === null) return null;
  const amount = [...amounts].map((name) => values[name]).find((v) => v !== undefined);
  return `nobody at ${institution} can play ${tooMuch.role} for ${amount ?? 'this amount'}${tooMuch.offered.length === 0 ? '' : ` but ${tooMuch.offered.join(' or ')}`}: choose a smaller amount`;
}

function firstMiscast(
  parameters: readonly (Parameter & { label: string })[],
  here: readonly PsuSummary[],
  chosen: Record<string, string>,
  values: Record<string, string>,
): { role: string; psuId: string | undefined; offered: string[] } | null {
  const choices = psuChoices(parameters, here, chosen, values);
  for (const role of parameters.filter((p) => p.kind === 'psu')) {
    const offered = (choices[role.name] ?? []).map((p) => p.psuId);
    const psuId = chosen[role.name];
    if (psuId === undefined || !offered.includes(psuId)) return { role: `“${role.label}”`, psuId, offered };
  }
  return null;
}
