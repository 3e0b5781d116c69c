import { formatError } from '../../domain/errors';
import { isAbsoluteHttpUri, isBoundedText } from '../../domain/headers/formats';
import { checkOrganizationId, checkRoles } from '../../domain/tpp/identity';
import type { DemoTppClient } from '../../pki/data-folder';
import { issueTppBundle, type TppBundle, type TppCertificateFaults } from '../../pki/tpp-factory';
import type { TrustStore } from '../../pki/trust-store';
import type { BankContext } from '../context';
import { newSecret } from '../ids';
import { saveClientRegistration } from '../operator/reset';

export type RegisteredTpp = DemoTppClient & { name: string; qwac: TppBundle['qwac']; qseal: TppBundle['qseal'] };

const FAULTS: readonly (keyof TppCertificateFaults)[] = ['expired', 'notYetValid', 'untrusted', 'qsealAuthorisationNumber', 'noQcStatement'];

/**
 * Registers further TPP applications with their QWAC and QSEAL (other roles, another NCA, or a
 * deliberate certificate defect), so QA can reproduce what the bank does with each.
 */
export class TppService {
  constructor(
    private readonly ctx: BankContext,
    private readonly trust: TrustStore,
  ) {}

  register(body: unknown): RegisteredTpp {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw formatError('the body must be {"organizationId","name"?,"roles"?,"ncaName"?,"ncaId"?,"trustFramework"?,"faults"?,"redirectUri"?}');
    }
    const input = body as Record<string, unknown>;
    const organizationId = checkOrganizationId(input.organizationId);
    const roles = input.roles === undefined ? checkRoles(['PSP_AI', 'PSP_PI', 'PSP_IC']) : checkRoles(input.roles);
    const name = input.name ?? organizationId;
    if (typeof name !== 'string' || !isBoundedText(name, 140)) throw formatError('name must be 1-140 characters');
    const redirectUri = input.redirectUri ?? 'https://tpp.example/callback';
    if (typeof redirectUri !== 'string' || !isAbsoluteHttpUri(redirectUri)) throw formatError('redirectUri must be an absolute http(s) URI');
    const trustFramework = input.trustFramework ?? 'eidas';
    if (trustFramework !== 'eidas' && trustFramework !== 'uk-open-banking') throw formatError('trustFramework must be eidas or uk-open-banking');
    for (const field of ['ncaName', 'ncaId'] as const) {
      if (input[field] !== undefined && (typeof input[field] !== 'string' || !isBoundedText(input[field], 140)))
        throw formatError(`${field} must be 1-140 characters`);
    }
    const bundle = issueTppBundle(
      this.trust,
      {
        organizationId,
        name,
        roles,
        trustFramework,
        faults: parseFaults(input.faults),
        ...(typeof input.ncaName === 'string' ? { ncaName: input.ncaName } : {}),
        ...(typeof input.ncaId === 'string' ? { ncaId: input.ncaId } : {}),
      },
      this.ctx.clock.now(),
    );
    const client: DemoTppClient = {
      clientId: `tpp-${newSecret().slice(0, 12)}`,
      clientSecret: newSecret(),
      redirectUri,
      keyId: bundle.keyId,
      organizationId,
      roles,
    };
    saveClientRegistration(this.ctx, client, name);
    return { ...client, name, qwac: bundle.qwac, qseal: bundle.qseal };
  }
}

function parseFaults(value: unknown): TppCertificateFaults {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw formatError(`faults must be an object with any of ${FAULTS.join(', ')}`);
  const faults = value as Record<string, unknown>;
  const unknown = Object.keys(faults).filter((k) => !(FAULTS as readonly string[]).includes(k));
  if (unknown.length > 0) throw formatError(`unknown fault ${unknown.join(', ')}; use ${FAULTS.join(', ')}`);
  for (const flag of ['expired', 'notYetValid', 'untrusted', 'noQcStatement'] as const) {
    if (faults[flag] !== undefined && typeof faults[flag] !== 'boolean') throw formatError(`faults.${flag} must be true or false`);
  }
  return faults as TppCertificateFaults;
}
