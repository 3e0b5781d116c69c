import { basicAuthorization, type TppCredentials } from '../credentials';
import type { PreparedRequest } from '../types';
import { prepared } from './request';

type Client = Pick<TppCredentials, 'clientId' | 'clientSecret' | 'redirectUri'>;

const tokenRequest = (operation: PreparedRequest['operation'], client: Client, institution: string, fields: Record<string, string>): PreparedRequest =>
  prepared(
    operation,
    institution,
    `/${institution}/oauth/v1/token`,
    { authorization: basicAuthorization(client), 'content-type': 'application/x-www-form-urlencoded' },
    new URLSearchParams(fields).toString(),
  );

export const clientCredentialsToken = (client: Client, institution: string): PreparedRequest =>
  tokenRequest('token-client-credentials', client, institution, { grant_type: 'client_credentials' });

export const authorizationCodeToken = (client: Client, institution: string, code: string, verifier: string): PreparedRequest =>
  tokenRequest('token-authorization-code', client, institution, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    client_id: client.clientId,
    code_verifier: verifier,
  });

export const refreshToken = (client: Client, institution: string, token: string): PreparedRequest =>
  tokenRequest('token-refresh', client, institution, { grant_type: 'refresh_token', refresh_token: token });

/** The PSU authorisation endpoint; the consent goes in scope, the S256 challenge of the verifier kept for the token request. */
export const authorize = (client: Client, institution: string, consentId: string, challenge: string, state: string): PreparedRequest => {
  const query = new URLSearchParams({
    client_id: client.clientId,
    response_type: 'code',
    scope: consentId,
    state,
    redirect_uri: client.redirectUri,
    code_challenge: challenge,
  });
  return prepared('authorize', institution, `/${institution}/sandboxauth/v1/authorize?${query.toString()}`, {});
};
