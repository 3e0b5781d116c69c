import type { PreparedRequest } from '../types';
import { prepared } from './request';

/**
 * The sandbox's signature utilities (spec "Sandbox behaviour" 8). `headers` are those of the request
 * to be signed or checked; bank-headers lists the names to sign, bank-request-target the operation.
 */
export const signatureUtility = (
  kind: 'create' | 'validate',
  institution: string,
  headers: Record<string, string>,
  body: Buffer | string,
  options: { bankHeaders?: readonly string[]; requestTarget?: string } = {},
): PreparedRequest =>
  prepared(
    kind === 'create' ? 'signature-create' : 'signature-validate',
    institution,
    `/${institution}/sandbox/v1/signature${kind === 'create' ? '' : '/validation'}`,
    {
      ...headers,
      ...(options.bankHeaders === undefined ? {} : { 'bank-headers': options.bankHeaders.join(' ') }),
      ...(options.requestTarget === undefined ? {} : { 'bank-request-target': options.requestTarget }),
    },
    body,
  );
