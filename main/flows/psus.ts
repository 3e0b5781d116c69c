import { sendHttp } from '../tpp/http';
import type { DatasetPsu } from './actions';
import type { FlowFile } from './format';

/**
 * The flow's PSU roles as the dataset's PSUs at the institution: a role's suffix follows the
 * institution's prefix (`CREATOR` at Frankfurt is `FRA-CREATOR`), as the default dataset names them.
 */
export async function resolvePsus(origin: string, flow: FlowFile, institution: string): Promise<Record<string, DatasetPsu>> {
  const res = await sendHttp(origin, { method: 'GET', path: '/simulator/v1/psus', headers: {}, body: null });
  if (res.status !== 200) throw new Error(`GET /simulator/v1/psus answered ${res.status}`);
  const here = (res.body as DatasetPsu[]).filter((psu) => psu.institution === institution);
  return Object.fromEntries(Object.entries(flow.psus).map(([role, suffix]) => [role, psuFor(here, role, suffix, institution)]));
}

function psuFor(psus: DatasetPsu[], role: string, suffix: string, institution: string): DatasetPsu {
  const psu = psus.find((p) => p.psuId.endsWith(`-${suffix}`) && p.psuId.indexOf('-') === p.psuId.length - suffix.length - 1);
  if (psu === undefined) throw new Error(`the dataset has no PSU ${suffix} at ${institution} for the role ${role}`);
  return psu;
}
