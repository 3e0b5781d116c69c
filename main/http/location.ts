import type { Services } from '../services';

/** Location headers are absolute URLs (RFC 9110 section 10.2.2 allows relative ones; generated clients do not). */
export const absoluteLocation = (services: Services, path: string): string => `${services.ctx.apiOrigin()}${path}`;
