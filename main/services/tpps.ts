import { formatError } from '../domain/errors';
import { isAbsoluteHttpUri, isBoundedText } from '../domain/headers/formats';
import { checkOrganizationId, checkRoles } from '../domain/tpp/identity';
import type { DemoTppClient } from '../pki/data-folder';
import type { BankContext } from './context';
import { newSecret } from './ids';
import { registerClient } from './reset';

/** Registers further TPP applications (another TPP identity, other roles) for tests and demonstrations. */
export class TppService {
  constructor(private readonly ctx: BankContext) {}

  register(body: unknown): DemoTppClient & { name: string } {
    if (typeof body !== 'object' || body === null) throw formatError('the body must be {"organizationId","name"?,"roles"?,"redirectUri"?}');
    const input = body as Record<string, unknown>;
    const organizationId = checkOrganizationId(input.organizationId);
    const roles = input.roles === undefined ? ['PSP_AI', 'PSP_PI', 'PSP_IC'] : checkRoles(input.roles);
    const name = input.name === undefined ? organizationId : input.name;
    if (typeof name !== 'string' || !isBoundedText(name, 140)) throw formatError('name must be 1-140 characters');
    const redirectUri = input.redirectUri === undefined ? 'https://tpp.example/callback' : input.redirectUri;
    if (typeof redirectUri !== 'string' || !isAbsoluteHttpUri(redirectUri)) throw formatError('redirectUri must be an absolute http(s) URI');
    const client: DemoTppClient = {
      clientId: `tpp-${newSecret().slice(0, 12)}`,
      clientSecret: newSecret(),
      redirectUri,
      keyId: '',
      organizationId,
      roles,
    };
    registerClient(this.ctx, client, name);
    return { ...client, name };
  }
}
