import { BankError } from '../errors';
import type { Psd2Role } from './identity';

/** What a request does, as far as the regulated roles go (spec "Access model" 2). */
export type ServiceArea = 'consent' | 'account-information' | 'payment-initiation' | 'funds-confirmation' | 'registration';

/**
 * AISP for account information, PISP for payments, signing baskets and funds confirmation. A consent
 * is always combined (spec "Consent"), so either role may ask for one; funds confirmation is also
 * open to a card-issuing PSP (PSP_IC), the role Berlin Group's PIIS is made for.
 */
const ROLES_FOR: Record<ServiceArea, readonly Psd2Role[]> = {
  consent: ['PSP_AI', 'PSP_PI'],
  'account-information': ['PSP_AI'],
  'payment-initiation': ['PSP_PI'],
  'funds-confirmation': ['PSP_PI', 'PSP_IC'],
  // Any TPP role may register its application; an ASPSP (PSP_AS) alone is not a TPP.
  registration: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
};

const ROLE_NAMES: Record<Psd2Role, string> = { PSP_AS: 'ASPSP', PSP_PI: 'PISP', PSP_AI: 'AISP', PSP_IC: 'PIISP (card issuer)' };

export function assertRole(roles: readonly string[], area: ServiceArea): void {
  const needed = ROLES_FOR[area];
  if (needed.some((role) => roles.includes(role))) return;
  const names = needed.map((r) => `${ROLE_NAMES[r]} (${r})`).join(' or ');
  throw BankError.of('ROLE_INVALID', `${area} needs the role ${names}; this TPP has ${roles.length > 0 ? roles.join(', ') : 'no PSD2 role'}`);
}
