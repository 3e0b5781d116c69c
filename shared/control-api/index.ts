// The control API's shapes (`/simulator/v1`), each written once as a TypeBox schema: the workbench
// contract (preload/api/workbench-api.ts) derives its types from them with Static, the control routes
// validate and serialise with them, and /simulator/v1/openapi.json publishes them. The page's code
// imports them as types only (eslint.config.js), so TypeBox never runs in the renderer.
export * from './simulator';
export * from './signature';
export * from './exchanges';
export * from './bank';
export * from './flows';
export * from './events';
export * from './faults';
export * from './conduct';
export * from './lessons';
