/**
 * Version 14: each logged request keeps its header lines as received (JSON `[[name, value], …]`: names as
 * sent, duplicates in order), beside the object form. Rows logged before have none: read from the object.
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN raw_headers TEXT;
`;
