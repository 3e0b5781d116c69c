/** The traffic log's store (docs/architecture.md#traffic-log): the repository, its records and their stored form. */
export { ExchangeRepository } from './repository';
export { isFailure, linesOfHeaders } from './stored-form';
export type * from './types';
