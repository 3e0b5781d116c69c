import type { InstitutionId } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import type { TokenGrant } from '../../domain/oauth/tokens';
import type { CertificateCache } from '../../pki/certificate-cache';
import { inspectForTls, type CertificateInspection } from '../../pki/inspection';
import type { TrustStore } from '../../pki/trust-store';
import type { BankContext } from '../context';

/** Who is calling, and with which PSD2 roles (docs/architecture.md#tpp-identity). */
export interface TppIdentity {
  tppId: string;
  roles: string[];
  source: 'qwac' | 'oauth-client';
  qwac?: CertificateInspection;
}

const FRAMEWORK_NAMES = { eidas: 'eIDAS', 'uk-open-banking': 'UK open banking' } as const;

export class TppIdentityService {
  constructor(
    private readonly ctx: BankContext,
    private readonly trust: TrustStore,
    private readonly cache: CertificateCache,
  ) {}

  /** Mutual TLS: the QWAC must be trusted, valid on the simulated clock, of the institution's framework, with PSD2 roles. */
  fromQwac(der: Buffer, institution: InstitutionId | null): TppIdentity {
    const qwac = inspectForTls(der, this.ctx.clock.now(), this.trust, this.cache);
    const invalid = (text: string): BankError => BankError.of('CERTIFICATE_INVALID', `client certificate (QWAC): ${text}`);
    if (!qwac.parsed) throw invalid(qwac.problem ?? 'it cannot be parsed');
    for (const problem of [qwac.trustProblem, qwac.validityProblem, qwac.purposeProblem]) if (problem) throw invalid(problem);
    if (!qwac.organizationId) throw invalid('its subject has no organizationIdentifier (PSD<country>-<NCA>-<authorisation number>)');
    if (!qwac.roles || qwac.roles.length === 0) throw invalid('it carries no PSD2 QCStatement with the TPP roles');
    if (institution) {
      const expected = this.ctx.dataset.institutions.find((i) => i.id === institution)?.trustFramework;
      if (expected && qwac.trustFramework && qwac.trustFramework !== expected) {
        throw invalid(`${institution} accepts ${FRAMEWORK_NAMES[expected]} certificates; this one is ${FRAMEWORK_NAMES[qwac.trustFramework]}`);
      }
    }
    return { tppId: qwac.organizationId, roles: qwac.roles, source: 'qwac', qwac };
  }

  /** The identity behind a token: the QWAC's where the connection has one (and they must agree), else the OAuth client's. */
  forToken(grant: Pick<TokenGrant, 'clientId' | 'tppId'>, connection: TppIdentity | null): TppIdentity {
    if (connection) {
      if (connection.tppId !== grant.tppId) {
        throw BankError.of('TOKEN_INVALID', `the access token belongs to TPP ${grant.tppId}; this connection's QWAC is TPP ${connection.tppId}`);
      }
      return connection;
    }
    const client = this.ctx.repos.oauth.findClient(grant.clientId);
    return { tppId: grant.tppId, roles: client?.roles ?? [], source: 'oauth-client' };
  }
}
