// The cURL builder is shared with the engine (GET /simulator/v1/exchanges/{id}/curl): one builder, in shared/curl.ts.
export * from '../../../shared/curl';
