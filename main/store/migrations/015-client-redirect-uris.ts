/** Version 15: a client keeps every redirect URI it registered (RFC 7591), for /authorize to match exactly (RFC 6749 3.1.2.3). */
export const sql = `
ALTER TABLE tpp_clients ADD COLUMN redirect_uris TEXT;
UPDATE tpp_clients SET redirect_uris = json_array(redirect_uri);
`;
