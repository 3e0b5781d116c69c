import type { PreparedRequest } from '../types';
import { bankPath, prepared, psuHeaders, type PsuAccess, type PsuContext } from './request';

const paymentPath = (access: PsuAccess, product: string, paymentId?: string): string =>
  bankPath(access.institution, paymentId === undefined ? `payments/${product}` : `payments/${product}/${paymentId}`);

/** The pain.001 goes as given, byte for byte: the Digest is over exactly these bytes. */
export const createPayment = (access: PsuAccess, product: string, pain001: Buffer | string, psu: PsuContext, tppRedirectUri?: string): PreparedRequest =>
  prepared(
    'payment-create',
    access.institution,
    paymentPath(access, product),
    {
      ...psuHeaders(access),
      'psu-id': access.psuId,
      'psu-ip-address': psu.ipAddress,
      ...(tppRedirectUri === undefined ? {} : { 'tpp-redirect-uri': tppRedirectUri }),
      'content-type': 'application/xml',
    },
    pain001,
  );

export const getPayment = (access: PsuAccess, product: string, paymentId: string): PreparedRequest =>
  prepared('payment-get', access.institution, paymentPath(access, product, paymentId), { ...psuHeaders(access), accept: 'application/xml' });

/** The pain.002 status report. */
export const paymentStatus = (access: PsuAccess, product: string, paymentId: string): PreparedRequest =>
  prepared('payment-status', access.institution, `${paymentPath(access, product, paymentId)}/status`, { ...psuHeaders(access), accept: 'application/xml' });

/** No body: the Digest is of zero bytes (rule 7). */
export const cancelPayment = (access: PsuAccess, product: string, paymentId: string): PreparedRequest =>
  prepared('payment-cancel', access.institution, paymentPath(access, product, paymentId), psuHeaders(access));

export const startAuthorisation = (access: PsuAccess, product: string, paymentId: string, psu: PsuContext, tppRedirectUri: string): PreparedRequest =>
  prepared('authorisation-start', access.institution, `${paymentPath(access, product, paymentId)}/authorisations`, {
    ...psuHeaders(access),
    'psu-id': access.psuId,
    'psu-device-id': psu.deviceId,
    'psu-ip-address': psu.ipAddress,
    'tpp-redirect-uri': tppRedirectUri,
  });

export const getAuthorisation = (access: PsuAccess, product: string, paymentId: string, authorisationId: string): PreparedRequest =>
  prepared('authorisation-get', access.institution, `${paymentPath(access, product, paymentId)}/authorisations/${authorisationId}`, psuHeaders(access));
