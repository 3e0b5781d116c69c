/** Version 2: payments with their exact request bytes, per-transaction statuses, authorisation attempts, account balances. */
export const sql = `
CREATE TABLE payments (
  payment_id TEXT PRIMARY KEY,
  product TEXT NOT NULL,
  institution TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  consent_id TEXT NOT NULL,
  creator_psu_id TEXT NOT NULL,
  corporate_id TEXT NOT NULL,
  debtor_account_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  total_amount TEXT NOT NULL,
  message_version TEXT NOT NULL,
  status TEXT NOT NULL,
  group_reason TEXT,
  authorisations_required INTEGER NOT NULL,
  requested_execution_date TEXT NOT NULL,
  execution_date TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status_changed_at INTEGER NOT NULL,
  request_body BLOB NOT NULL,
  parsed TEXT NOT NULL
);
CREATE INDEX payments_by_status ON payments (status, created_at);

CREATE TABLE payment_transactions (
  payment_id TEXT NOT NULL REFERENCES payments (payment_id) ON DELETE CASCADE,
  idx INTEGER NOT NULL,
  status TEXT,
  reasons TEXT NOT NULL DEFAULT '[]',
  PRIMARY KEY (payment_id, idx)
);

CREATE TABLE payment_authorisations (
  authorisation_id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (payment_id) ON DELETE CASCADE,
  journey_id TEXT NOT NULL,
  psu_id TEXT NOT NULL,
  via TEXT NOT NULL,
  basket_id TEXT,
  status TEXT NOT NULL,
  signatory_group TEXT,
  refusal TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER
);
-- One active attempt per payment (spec "Concurrent attempts"), held by the store itself.
CREATE UNIQUE INDEX one_active_attempt_per_payment ON payment_authorisations (payment_id) WHERE status = 'started';
CREATE INDEX payment_authorisations_by_journey ON payment_authorisations (journey_id);

ALTER TABLE sca_journeys ADD COLUMN outcome_reason TEXT;

CREATE TABLE account_balances (
  resource_id TEXT PRIMARY KEY,
  available TEXT NOT NULL
);
`;
