/**
 * The signing profile table of the spec ("Application-layer signing"): which of the four profile
 * headers each signed operation must sign, and which it signs only when the request carries them.
 */

export type SignedOperation = 'payment-initiation' | 'start-authorisation' | 'signing-basket' | 'payment-cancellation' | 'funds-confirmation' | 'registration';

/** The only headers a signature may cover (rule 2). */
export const PROFILE_HEADERS = ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'] as const;
export type ProfileHeader = (typeof PROFILE_HEADERS)[number];

export interface SigningProfile {
  required: ProfileHeader[];
  ifPresent: ProfileHeader[];
}

export const SIGNING_PROFILES: Readonly<Record<SignedOperation, SigningProfile>> = {
  'payment-initiation': { required: ['digest', 'x-request-id', 'psu-id'], ifPresent: ['tpp-redirect-uri'] },
  'start-authorisation': { required: ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], ifPresent: [] },
  'signing-basket': { required: ['digest', 'x-request-id', 'tpp-redirect-uri', 'psu-id'], ifPresent: [] },
  'payment-cancellation': { required: ['digest', 'x-request-id'], ifPresent: ['tpp-redirect-uri', 'psu-id'] },
  // The spec leaves this row to "its operation-specific profile" without giving it. Our choice, to be
  // listed in docs/tpp-developers.md#choices-where-the-spec-says-not-shown: the cancellation row, since the request has no PSU journey.
  'funds-confirmation': { required: ['digest', 'x-request-id'], ifPresent: ['psu-id', 'tpp-redirect-uri'] },
  // POST /register (spec "Token operations": "signed with a seal certificate"; profile not shown). Our choice,
  // in that table: the same row, as no PSU takes part in registering an application.
  registration: { required: ['digest', 'x-request-id'], ifPresent: ['psu-id', 'tpp-redirect-uri'] },
};

export const isProfileHeader = (name: string): name is ProfileHeader => (PROFILE_HEADERS as readonly string[]).includes(name);
