/**
 * Version 17: the earliest deadline of an unopened authorisation journey (the lifecycle timer asks after every
 * state change) read from an index instead of every started journey: sca_journeys_by_status orders by opened_at,
 * so `min(created_at)` of the started ones visited each, consent journeys included, on each payment,
 * authorisation or consent written: a cost that grew with the started journeys. Consent journeys never time out
 * unopened and stay out of it; the timer's `timedOut` query reads it too.
 */
export const sql = `
CREATE INDEX sca_journeys_unopened ON sca_journeys (status, created_at) WHERE kind <> 'consent';
`;
