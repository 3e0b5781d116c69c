import type { InstitutionId } from '../../domain/dataset/types';
import { BankError } from '../../domain/errors';
import { parseClientMetadata, type ClientMetadata } from '../../domain/oauth/client-metadata';
import type { SignatureDiagnosis } from '../../domain/signing/verify';
import { assertRole } from '../../domain/tpp/roles';
import type { BankContext } from '../context';
import { newSecret } from '../ids';
import { saveClientRegistration } from '../operator/reset';

export interface Registration {
  institution: InstitutionId;
  /** The verified signature of the request: its QSEAL tells the TPP (under --tls already matched to the QWAC's). */
  signature: SignatureDiagnosis;
  body: unknown;
}

/** RFC 7591 section 3.2.1: the client's credentials and the metadata as registered. */
export type RegisteredClient = ClientMetadata & {
  client_id: string;
  client_secret?: string;
  client_id_issued_at?: number;
  /** 0: the secret does not expire. */
  client_secret_expires_at?: number;
};

/**
 * Dynamic client registration (spec "Token operations", "Production access"): a TPP registers another
 * OAuth client for itself with a request signed by its QSEAL. The QSEAL's organizationIdentifier is the
 * TPP and its PSD2 QCStatement the roles; the sandbox creates nothing (spec "Sandbox behaviour" 4).
 */
export class ClientRegistrationService {
  constructor(
    private readonly ctx: BankContext,
    private readonly sandboxClientId: string,
  ) {}

  register(request: Registration): { tppId: string; client: RegisteredClient } {
    const certificate = request.signature.certificate;
    const tppId = certificate?.organizationId;
    if (!certificate || tppId === undefined) {
      throw BankError.of(
        'CERTIFICATE_INVALID',
        "the QSEAL's subject has no organizationIdentifier (PSD<country>-<NCA>-<authorisation number>) to register the client for",
      );
    }
    const roles = certificate.roles ?? [];
    assertRole(roles, 'registration');
    const metadata = parseClientMetadata(request.body);
    if (this.ctx.mode() === 'sandbox') return { tppId, client: { ...metadata, client_id: this.sandboxClientId } };

    const now = this.ctx.clock.now();
    const clientId = `tpp-${newSecret().slice(0, 12)}`;
    const clientSecret = newSecret();
    this.ctx.transact(() =>
      saveClientRegistration(
        this.ctx,
        { clientId, clientSecret, redirectUri: metadata.redirect_uris[0] as string, keyId: request.signature.keyId ?? '', organizationId: tppId, roles },
        metadata.client_name ?? tppId,
        metadata.redirect_uris,
      ),
    );
    return {
      tppId,
      client: {
        ...metadata,
        client_id: clientId,
        client_secret: clientSecret,
        client_id_issued_at: Math.floor(now.getTime() / 1000),
        client_secret_expires_at: 0,
      },
    };
  }
}
