/**
 * Version 11: the log's exchanges of one resource are found through ExchangeResources (in memory), not this
 * index: its random keys made every logged request write a page of it (see store/exchange-resources.ts).
 */
export const sql = `
DROP INDEX IF EXISTS exchanges_by_resource;
`;
