/**
 * Version 21: a request Node's HTTP parser refused before any route (a bare CR in a header value, say) is logged
 * too (http/limits.ts, http/exchange-log.ts): `refusal` holds, as JSON, the parser's code, the words the bank
 * answered with, the offending byte's offset and its header, and the bytes read (base64, up to the header limit).
 * Null for every other exchange.
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN refusal TEXT;
`;
