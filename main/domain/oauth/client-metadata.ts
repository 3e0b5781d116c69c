import { BankError } from '../errors';
import { isAbsoluteHttpUri, isBoundedText } from '../headers/formats';

/**
 * RFC 7591 client metadata the bank takes at POST /register. Only HTTP Basic at the token endpoint,
 * the three grants of spec "Token operations" and the code response type exist here, so a request
 * for anything else is refused rather than silently narrowed. Unknown fields are ignored (RFC 7591 section 2).
 */
export const SUPPORTED_GRANT_TYPES = ['client_credentials', 'authorization_code', 'refresh_token'] as const;
export const SUPPORTED_RESPONSE_TYPES = ['code'] as const;
export const TOKEN_ENDPOINT_AUTH_METHOD = 'client_secret_basic';

export interface ClientMetadata {
  redirect_uris: string[];
  client_name?: string;
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: typeof TOKEN_ENDPOINT_AUTH_METHOD;
}

const MAX_REDIRECT_URIS = 20;

const metadataError = (text: string): BankError => BankError.oauth('invalid_client_metadata', text);

export function parseClientMetadata(body: unknown): ClientMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw metadataError('the body must be a JSON object of client metadata (RFC 7591 section 2)');
  const input = body as Record<string, unknown>;
  const metadata: ClientMetadata = {
    redirect_uris: redirectUris(input.redirect_uris),
    grant_types: subsetOf(input.grant_types, 'grant_types', SUPPORTED_GRANT_TYPES),
    response_types: subsetOf(input.response_types, 'response_types', SUPPORTED_RESPONSE_TYPES),
    token_endpoint_auth_method: authMethod(input.token_endpoint_auth_method),
  };
  if (input.client_name !== undefined) {
    if (typeof input.client_name !== 'string' || !isBoundedText(input.client_name, 140)) throw metadataError('client_name must be text of 1-140 characters');
    metadata.client_name = input.client_name;
  }
  return metadata;
}

function redirectUris(value: unknown): string[] {
  if (value === undefined) throw BankError.oauth('invalid_redirect_uri', 'redirect_uris is missing: the authorisation code grant needs at least one');
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_REDIRECT_URIS) {
    throw BankError.oauth('invalid_redirect_uri', `redirect_uris must be an array of 1-${MAX_REDIRECT_URIS} absolute http(s) URIs`);
  }
  value.forEach((uri, i) => {
    if (typeof uri !== 'string' || !isAbsoluteHttpUri(uri)) {
      throw BankError.oauth(
        'invalid_redirect_uri',
        `redirect_uris[${i}] must be an absolute http(s) URI without fragment, got ${JSON.stringify(uri)?.slice(0, 80)}`,
      );
    }
  });
  return value as string[];
}

/** Absent: all the bank supports. */
function subsetOf(value: unknown, field: string, supported: readonly string[]): string[] {
  if (value === undefined) return [...supported];
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string'))
    throw metadataError(`${field} must be a non-empty array of strings`);
  const unsupported = value.filter((v) => !supported.includes(v as string));
  if (unsupported.length > 0)
    throw metadataError(`${field} ${unsupported.map((v) => JSON.stringify(v).slice(0, 60)).join(', ')} not supported; the bank offers ${supported.join(', ')}`);
  return [...new Set(value as string[])];
}

function authMethod(value: unknown): typeof TOKEN_ENDPOINT_AUTH_METHOD {
  if (value === undefined || value === TOKEN_ENDPOINT_AUTH_METHOD) return TOKEN_ENDPOINT_AUTH_METHOD;
  throw metadataError(`token_endpoint_auth_method must be ${TOKEN_ENDPOINT_AUTH_METHOD}: the token endpoint takes HTTP Basic only`);
}
