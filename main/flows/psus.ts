import { sendHttp } from '../tpp/http';
import type { BankTransport } from '../tpp/transport';
import type { FlowFile } from './format';

/** A PSU as GET /simulator/v1/psus gives it. */
export interface DatasetPsu {
  psuId: string;
  institution: string;
  accounts: { resourceId: string; iban?: string; currency: string }[];
  [field: string]: unknown;
}

/**
 * The flow's PSU roles as the dataset's PSUs at the institution: a role's suffix follows the
 * institution's prefix (`CREATOR` at Frankfurt is `FRA-CREATOR`), as the default dataset names them.
 */
export async function resolvePsus(bank: BankTransport, flow: FlowFile, institution: string, chosen: Record<string, string> = {}): Promise<Record<string, DatasetPsu>> {
  const res = await sendHttp(bank, { method: 'GET', path: '/simulator/v1/psus', headers: {}, body: null });
  if (res.status !== 200) throw new Error(`GET /simulator/v1/psus answered ${res.status}`);
  const here = (res.body as DatasetPsu[]).filter((psu) => psu.institution === institution);
  const unknownRole = Object.keys(chosen).find((role) => !Object.hasOwn(flow.psus, role));
  if (unknownRole !== undefined) throw new Error(`${flow.name} has no PSU role ${unknownRole} (its roles: ${Object.keys(flow.psus).join(', ')})`);
  return Object.fromEntries(Object.entries(flow.psus).map(([role, suffix]) => [role, chosen[role] === undefined ? psuFor(here, role, suffix, institution) : chosenPsu(here, role, chosen[role], institution)]));
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
