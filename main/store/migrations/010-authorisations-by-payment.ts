/**
 * Version 9: a payment's authorisations found through an index. Every read of a payment lists them
 * (the authorisations done), which without it scanned the whole table: a cost that grew with every payment.
 */
export const sql = `
CREATE INDEX payment_authorisations_by_payment ON payment_authorisations (payment_id, created_at);
`;
