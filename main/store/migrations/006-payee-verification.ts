/**
 * Version 6: each SEPA credit transfer's Verification of Payee check (JSON: when it was asked,
 * what the payee's PSP answered and when), from which the result at any moment is computed.
 * NULL where VoP does not apply.
 */
export const sql = `
ALTER TABLE payment_transactions ADD COLUMN vop TEXT;
`;
