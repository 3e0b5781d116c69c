import type { PreparedRequest } from '../types';
import { prepared, requestId } from './request';

/** RFC 7591 client metadata; the bank ignores fields it does not know, so callers may send more. */
export interface ClientMetadataRequest {
  redirect_uris: string[];
  client_name?: string;
  [field: string]: unknown;
}

/** POST /register: JSON client metadata, signed with the TPP's QSEAL by the registration profile. */
export const registerClient = (institution: string, metadata: ClientMetadataRequest | string): PreparedRequest =>
  prepared(
    'client-registration',
    institution,
    `/${institution}/oauth/v1/register`,
    { 'x-request-id': requestId(), 'content-type': 'application/json' },
    typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
  );
