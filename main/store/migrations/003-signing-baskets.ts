/** Version 3: signing baskets, each with its one SCA journey and the payments it authorises. */
export const sql = `
CREATE TABLE signing_baskets (
  basket_id TEXT PRIMARY KEY,
  institution TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  consent_id TEXT NOT NULL,
  psu_id TEXT NOT NULL,
  journey_id TEXT NOT NULL,
  status TEXT NOT NULL,
  payment_ids TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status_changed_at INTEGER NOT NULL
);
CREATE INDEX signing_baskets_by_journey ON signing_baskets (journey_id);
`;
