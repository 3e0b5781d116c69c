import { formatError } from '../errors';

/** PSD2 roles as the QCStatement names them (ETSI TS 119 495). */
export const PSD2_ROLES = ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'] as const;
export type Psd2Role = (typeof PSD2_ROLES)[number];

/** organizationIdentifier of a PSD2 TPP: `PSD<country>-<NCA id>-<authorisation number>`. */
const ORGANIZATION_ID_RE = /^PSD[A-Z]{2}-[A-Z]{2,8}-[A-Za-z0-9.-]{1,30}$/;

export function checkOrganizationId(value: unknown): string {
  if (typeof value !== 'string' || !ORGANIZATION_ID_RE.test(value)) {
    throw formatError('organizationId must look like PSDDE-BAFIN-123456 (PSD, country, NCA, authorisation number)');
  }
  return value;
}

export function checkRoles(value: unknown): Psd2Role[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > PSD2_ROLES.length || !value.every((r) => (PSD2_ROLES as readonly unknown[]).includes(r))) {
    throw formatError(`roles must be a non-empty list of ${PSD2_ROLES.join(', ')}`);
  }
  return [...new Set(value as Psd2Role[])];
}
