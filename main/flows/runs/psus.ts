import { castProblem, type PsuSummary } from '../../../shared/psu-needs';
import { sendHttp } from '../../tpp/http';
import type { BankTransport } from '../../tpp/transport';
import type { FlowFile } from '../library/format';
import { ParameterError } from '../library/parameters';

/** A PSU as GET /simulator/v1/psus gives it. */
export type DatasetPsu = PsuSummary;

/**
 * The flow's PSU roles as the dataset's PSUs at the institution: a role's suffix follows the
 * institution's prefix (`CREATOR` at Frankfurt is `FRA-CREATOR`), as the default dataset names them.
 */
export async function resolvePsus(
  bank: BankTransport,
  flow: FlowFile,
  institution: string,
  chosen: Record<string, string> = {},
  values: Record<string, string> = {},
): Promise<Record<string, DatasetPsu>> {
  const res = await sendHttp(bank, { method: 'GET', path: '/simulator/v1/psus', headers: {}, body: null });
  if (res.status !== 200) throw new Error(`GET /simulator/v1/psus answered ${res.status}`);
  return castOf(flow, res.body as DatasetPsu[], institution, chosen, values);
}

/** resolvePsus over the PSUs already read (all of the dataset's, GET /simulator/v1/psus). */
export function castOf(
  flow: FlowFile,
  psus: readonly DatasetPsu[],
  institution: string,
  chosen: Record<string, string> = {},
  values: Record<string, string> = {},
): Record<string, DatasetPsu> {
  const here = psus.filter((psu) => psu.institution === institution);
  const unknownRole = Object.keys(chosen).find((role) => !Object.hasOwn(flow.psus, role));
  if (unknownRole !== undefined) throw new Error(`${flow.name} has no PSU role ${unknownRole} (its roles: ${Object.keys(flow.psus).join(', ')})`);
  const cast: Record<string, DatasetPsu> = Object.fromEntries(
    Object.entries(flow.psus).map(([role, suffix]) => [
      role,
      chosen[role] === undefined ? psuFor(here, role, suffix, institution) : chosenPsu(here, role, chosen[role], institution),
    ]),
  );
  // A lesson's roles take only the PSUs its expectations hold for (format.ts FlowParameter.needs).
  const problem = castProblem(flow.parameters, here, Object.fromEntries(Object.entries(cast).map(([role, psu]) => [role, psu.psuId])), values, institution);
  if (problem !== null) throw new ParameterError(problem);
  return cast;
}

function chosenPsu(psus: DatasetPsu[], role: string, psuId: string, institution: string): DatasetPsu {
  const psu = psus.find((p) => p.psuId === psuId);
  if (psu === undefined) throw new Error(`${psuId}, chosen for the role ${role}, is no PSU of ${institution}`);
  return psu;
}

function psuFor(psus: DatasetPsu[], role: string, suffix: string, institution: string): DatasetPsu {
  const psu = psus.find((p) => p.psuId.endsWith(`-${suffix}`) && p.psuId.indexOf('-') === p.psuId.length - suffix.length - 1);
  if (psu === undefined) throw new Error(`the dataset has no PSU ${suffix} at ${institution} for the role ${role}`);
  return psu;
}
