/**
 * Version 5: the consent, payment or basket each logged exchange concerns, so the Bank lists a
 * resource's traffic with one indexed lookup instead of scanning URLs and bodies of the whole
 * log. Exchanges logged before this version stay unlinked: the log is bounded and soon renewed.
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN resource_id TEXT;
CREATE INDEX exchanges_by_resource ON exchanges (resource_id, id) WHERE resource_id IS NOT NULL;
`;
