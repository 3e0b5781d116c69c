/** Version 1: TPP clients, consents, SCA journeys, OAuth codes and tokens, the traffic log, settings. Times are epoch milliseconds. */
export const sql = `
CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE tpp_clients (
  client_id TEXT PRIMARY KEY,
  client_secret_sha256 TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  name TEXT NOT NULL,
  roles TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  key_id TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE consents (
  consent_id TEXT PRIMARY KEY,
  institution TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  psu_id TEXT NOT NULL,
  status TEXT NOT NULL,
  recurring INTEGER NOT NULL,
  valid_until TEXT NOT NULL,
  frequency_per_day INTEGER NOT NULL,
  combined_service INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  status_changed_at INTEGER NOT NULL,
  sca_journey_id TEXT NOT NULL
);
CREATE INDEX consents_by_status_expiry ON consents (status, expires_at);

CREATE TABLE sca_journeys (
  journey_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  institution TEXT NOT NULL,
  psu_id TEXT NOT NULL,
  resource_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  opened_at INTEGER,
  finished_at INTEGER,
  tpp_redirect_uri TEXT NOT NULL
);
CREATE INDEX sca_journeys_by_status ON sca_journeys (status, opened_at);

CREATE TABLE authorisation_codes (
  code_sha256 TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  institution TEXT NOT NULL,
  consent_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  family_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

CREATE TABLE tokens (
  token_sha256 TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  client_id TEXT NOT NULL,
  tpp_id TEXT NOT NULL,
  institution TEXT NOT NULL,
  consent_id TEXT,
  family_id TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  first_access_at INTEGER NOT NULL,
  revoked_at INTEGER,
  used_at INTEGER
);
CREATE INDEX tokens_by_family ON tokens (family_id);

CREATE TABLE exchanges (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at INTEGER NOT NULL,
  simulated_at INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  institution TEXT,
  tpp_id TEXT,
  request_headers TEXT NOT NULL,
  request_body BLOB,
  request_body_size INTEGER NOT NULL,
  status INTEGER NOT NULL,
  response_headers TEXT NOT NULL,
  response_body BLOB,
  response_body_size INTEGER NOT NULL,
  signature TEXT
);
`;
