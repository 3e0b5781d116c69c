/**
 * Version 19: the fault rule that injected an exchange's answer (services/faults, docs/testing-your-tpp.md), for the
 * Inspector's "only injected answers". A partial index over the ids of injected answers alone: newest first without
 * a sort, and an ordinary request writes no index. Answers logged before carry the rule in their
 * PSD2-Workbench-Fault header ("rule 3: 503 …"): read from there once.
 */
export const sql = `
ALTER TABLE exchanges ADD COLUMN fault_rule INTEGER;
UPDATE exchanges SET fault_rule = CAST(substr(json_extract(response_headers, '$."psd2-workbench-fault"'), 6) AS INTEGER)
  WHERE CASE WHEN response_headers LIKE '%psd2-workbench-fault%' AND json_valid(response_headers)
    THEN json_extract(response_headers, '$."psd2-workbench-fault"') LIKE 'rule %' ELSE 0 END;
CREATE INDEX exchanges_fault_rules ON exchanges (id, fault_rule) WHERE fault_rule IS NOT NULL;
`;
