import type { PreparedRequest } from '../types';
import { bankPath, prepared, psuHeaders, requestId, type PsuAccess, type PsuContext } from './request';

export interface ConsentRequestTerms {
  recurringIndicator: boolean;
  /** YYYY-MM-DD, exclusive (spec "Limits"). */
  validUntil: string;
  frequencyPerDay: number;
}

/** The body the spec prescribes: access empty (derived by the bank), combinedServiceIndicator true. */
export const consentBody = (terms: ConsentRequestTerms): string =>
  JSON.stringify({
    access: {},
    recurringIndicator: terms.recurringIndicator,
    validUntil: terms.validUntil,
    frequencyPerDay: terms.frequencyPerDay,
    combinedServiceIndicator: true,
  });

/** A calendar date `days` after the date of `instant`, as validUntil counts. */
export const dateAfter = (instant: string, days: number): string => new Date(Date.parse(instant.slice(0, 10)) + days * 86_400_000).toISOString().slice(0, 10);

export interface ConsentRequest {
  institution: string;
  tppToken: string;
  psuId: string;
  tppRedirectUri: string;
  psu: PsuContext;
  /** The JSON body; see consentBody. */
  body: string;
}

export const createConsent = (r: ConsentRequest): PreparedRequest =>
  prepared(
    'consent-create',
    r.institution,
    bankPath(r.institution, 'consents'),
    {
      'x-request-id': requestId(),
      authorization: `Bearer ${r.tppToken}`,
      'psu-id': r.psuId,
      'tpp-redirect-uri': r.tppRedirectUri,
      'psu-ip-address': r.psu.ipAddress,
      'psu-device-id': r.psu.deviceId,
      'content-type': 'application/json',
    },
    r.body,
  );

/** The status operation takes the TPP token (spec "Other consent calls in the sandbox"). */
export const consentStatus = (institution: string, tppToken: string, consentId: string): PreparedRequest =>
  prepared('consent-status', institution, bankPath(institution, `consents/${consentId}/status`), {
    'x-request-id': requestId(),
    authorization: `Bearer ${tppToken}`,
  });

export const getConsent = (access: PsuAccess): PreparedRequest =>
  prepared('consent-get', access.institution, bankPath(access.institution, `consents/${access.consentId}`), psuHeaders(access));

export const deleteConsent = (access: PsuAccess): PreparedRequest =>
  prepared('consent-delete', access.institution, bankPath(access.institution, `consents/${access.consentId}`), psuHeaders(access));

/**
 * The PSU's browser following scaRedirect: a GET of the bank page on the simulator's origin
 * (absolute links are reduced to their path, since requests are sent to one origin).
 */
export const openScaLink = (scaRedirect: string): PreparedRequest => {
  const url = new URL(scaRedirect, 'http://origin.invalid');
  const request = prepared('sca-open', null, `${url.pathname}${url.search}`, { accept: 'text/html' });
  // The browser opens the link where it points: under --tls the PSU pages' origin, not the API's.
  return URL.canParse(scaRedirect) ? { ...request, browserOrigin: url.origin } : request;
};
