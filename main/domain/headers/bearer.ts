/**
 * The token of an `Authorization: Bearer <token>` header, or undefined when it is not one. The scheme
 * is matched without regard to case (RFC 9110 section 11.1: `bearer` and `BEARER` are the same scheme);
 * the token is RFC 6750's b64token.
 */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== 'string') return undefined;
  return /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization.trim())?.[1];
}
