import type { InstitutionId } from '../../domain/dataset/types';
import type { TokenGrant, TokenKind } from '../../domain/oauth/tokens';
import type { Db } from '../database';
import { ReadCache } from '../read-cache';

export interface OAuthClientRow {
  clientId: string;
  clientSecretSha256: string;
  tppId: string;
  name: string;
  roles: string[];
  /** Every redirect URI the client registered, in order; the first is the one it uses. */
  redirectUris: string[];
  keyId: string;
}

export interface AuthorisationCode {
  codeSha256: string;
  clientId: string;
  institution: InstitutionId;
  consentId: string;
  redirectUri: string;
  codeChallenge: string;
  familyId: string;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface StoredToken extends TokenGrant {
  tokenSha256: string;
  firstAccessAt: Date;
  usedAt: Date | null;
}

interface ClientRow {
  client_id: string;
  client_secret_sha256: string;
  tpp_id: string;
  name: string;
  roles: string;
  redirect_uri: string;
  redirect_uris: string | null;
  key_id: string;
}

interface CodeRow {
  code_sha256: string;
  client_id: string;
  institution: string;
  consent_id: string;
  redirect_uri: string;
  code_challenge: string;
  family_id: string;
  expires_at: number;
  used_at: number | null;
}

interface TokenRow {
  token_sha256: string;
  kind: string;
  client_id: string;
  tpp_id: string;
  institution: string;
  consent_id: string | null;
  family_id: string;
  issued_at: number;
  expires_at: number;
  first_access_at: number;
  revoked_at: number | null;
  used_at: number | null;
}

const date = (ms: number | null): Date | null => (ms === null ? null : new Date(ms));

export class OAuthRepository {
  private readonly upsertClientStmt;
  private readonly clientStmt;
  private readonly clientNameStmt;
  private readonly insertCodeStmt;
  private readonly codeStmt;
  private readonly useCodeStmt;
  private readonly insertTokenStmt;
  private readonly tokenStmt;
  private readonly useTokenStmt;
  private readonly revokeFamilyStmt;
  private readonly nextTokenExpiryStmt;

  private readonly clients = new Map<string, OAuthClientRow>();
  /** Every request under a token reads it: kept once read (see ReadCache); use, revocation and reset drop it. */
  private readonly tokens: ReadCache<StoredToken>;

  constructor(private readonly db: Db) {
    this.tokens = new ReadCache(db, 10_000);
    this.upsertClientStmt =
      db.prepare(`INSERT INTO tpp_clients (client_id, client_secret_sha256, tpp_id, name, roles, redirect_uri, redirect_uris, key_id, created_at)
      VALUES (@client_id, @client_secret_sha256, @tpp_id, @name, @roles, @redirect_uri, @redirect_uris, @key_id, @created_at)
      ON CONFLICT (client_id) DO UPDATE SET client_secret_sha256 = excluded.client_secret_sha256, tpp_id = excluded.tpp_id,
      name = excluded.name, roles = excluded.roles, redirect_uri = excluded.redirect_uri, redirect_uris = excluded.redirect_uris, key_id = excluded.key_id`);
    this.clientStmt = db.prepare<[string], ClientRow>('SELECT * FROM tpp_clients WHERE client_id = ?');
    this.clientNameStmt = db.prepare<[string], { name: string }>('SELECT name FROM tpp_clients WHERE tpp_id = ? ORDER BY created_at, rowid LIMIT 1');
    this.insertCodeStmt = db.prepare(`INSERT INTO authorisation_codes (code_sha256, client_id, institution, consent_id, redirect_uri,
      code_challenge, family_id, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL)`);
    this.codeStmt = db.prepare<[string], CodeRow>('SELECT * FROM authorisation_codes WHERE code_sha256 = ?');
    this.useCodeStmt = db.prepare('UPDATE authorisation_codes SET used_at = ? WHERE code_sha256 = ? AND used_at IS NULL');
    this.insertTokenStmt = db.prepare(`INSERT INTO tokens (token_sha256, kind, client_id, tpp_id, institution, consent_id, family_id,
      issued_at, expires_at, first_access_at, revoked_at, used_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL)`);
    this.tokenStmt = db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE token_sha256 = ?');
    this.useTokenStmt = db.prepare('UPDATE tokens SET used_at = ? WHERE token_sha256 = ? AND used_at IS NULL');
    this.revokeFamilyStmt = db.prepare('UPDATE tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL');
    this.nextTokenExpiryStmt = db.prepare<[number], { at: number | null }>(
      'SELECT min(expires_at) AS at FROM tokens WHERE expires_at > ? AND revoked_at IS NULL',
    );
  }

  /** When the next token still in force runs out (epoch ms), or null: asked only when a person wants to skip to it. */
  nextTokenExpiry(now: Date): number | null {
    return this.nextTokenExpiryStmt.get(now.getTime())?.at ?? null;
  }

  saveClient(c: OAuthClientRow, at: Date): void {
    this.clients.delete(c.clientId);
    this.upsertClientStmt.run({
      client_id: c.clientId,
      client_secret_sha256: c.clientSecretSha256,
      tpp_id: c.tppId,
      name: c.name,
      roles: JSON.stringify(c.roles),
      redirect_uri: c.redirectUris[0] ?? '',
      redirect_uris: JSON.stringify(c.redirectUris),
      key_id: c.keyId,
      created_at: at.getTime(),
    });
  }

  /**
   * Asked on every request under a token (the TPP's roles), so kept in memory once read: clients are only
   * ever written through saveClient (and survive a reset). Rows read inside a transaction are not kept,
   * since a rollback could still take them back.
   */
  findClient(clientId: string): OAuthClientRow | undefined {
    const known = this.clients.get(clientId);
    if (known) return { ...known, roles: [...known.roles], redirectUris: [...known.redirectUris] };
    const r = this.clientStmt.get(clientId);
    if (!r) return undefined;
    const client: OAuthClientRow = {
      clientId: r.client_id,
      clientSecretSha256: r.client_secret_sha256,
      tppId: r.tpp_id,
      name: r.name,
      roles: JSON.parse(r.roles) as string[],
      redirectUris: r.redirect_uris === null ? [r.redirect_uri] : (JSON.parse(r.redirect_uris) as string[]),
      keyId: r.key_id,
    };
    if (!this.db.inTransaction) this.clients.set(clientId, { ...client, roles: [...client.roles], redirectUris: [...client.redirectUris] });
    return client;
  }

  /** The name the TPP registered its (first) OAuth client under, as the PSU knows the provider; null when it has none. */
  clientNameOf(tppId: string): string | null {
    return this.clientNameStmt.get(tppId)?.name ?? null;
  }

  insertCode(c: AuthorisationCode): void {
    this.insertCodeStmt.run(c.codeSha256, c.clientId, c.institution, c.consentId, c.redirectUri, c.codeChallenge, c.familyId, c.expiresAt.getTime());
  }

  findCode(codeSha256: string): AuthorisationCode | undefined {
    const r = this.codeStmt.get(codeSha256);
    if (!r) return undefined;
    return {
      codeSha256: r.code_sha256,
      clientId: r.client_id,
      institution: r.institution as InstitutionId,
      consentId: r.consent_id,
      redirectUri: r.redirect_uri,
      codeChallenge: r.code_challenge,
      familyId: r.family_id,
      expiresAt: new Date(r.expires_at),
      usedAt: date(r.used_at),
    };
  }

  /** Marks a code used; false if it had been used already (so two racing exchanges cannot both win). */
  useCode(codeSha256: string, at: Date): boolean {
    return this.useCodeStmt.run(at.getTime(), codeSha256).changes === 1;
  }

  insertToken(t: StoredToken): void {
    this.tokens.drop(t.tokenSha256);
    this.insertTokenStmt.run(
      t.tokenSha256,
      t.kind,
      t.clientId,
      t.tppId,
      t.institution,
      t.consentId,
      t.familyId,
      t.issuedAt.getTime(),
      t.expiresAt.getTime(),
      t.firstAccessAt.getTime(),
    );
  }

  findToken(tokenSha256: string): StoredToken | undefined {
    const token = this.tokens.read(tokenSha256, () => this.readToken(tokenSha256));
    return token && { ...token };
  }

  private readToken(tokenSha256: string): StoredToken | undefined {
    const r = this.tokenStmt.get(tokenSha256);
    if (!r) return undefined;
    return {
      tokenSha256: r.token_sha256,
      kind: r.kind as TokenKind,
      clientId: r.client_id,
      tppId: r.tpp_id,
      institution: r.institution as InstitutionId,
      consentId: r.consent_id,
      familyId: r.family_id,
      issuedAt: new Date(r.issued_at),
      expiresAt: new Date(r.expires_at),
      firstAccessAt: new Date(r.first_access_at),
      revoked: r.revoked_at !== null,
      usedAt: date(r.used_at),
    };
  }

  /** Marks a refresh token used (rotation); false if it had been used already. */
  useToken(tokenSha256: string, at: Date): boolean {
    this.tokens.drop(tokenSha256);
    return this.useTokenStmt.run(at.getTime(), tokenSha256).changes === 1;
  }

  revokeFamily(familyId: string, at: Date): void {
    this.tokens.dropWhere((t) => t.familyId === familyId);
    this.revokeFamilyStmt.run(at.getTime(), familyId);
  }

  /** After the reset cleared the tokens behind this repository's back (clients survive it). */
  forget(): void {
    this.tokens.clear();
  }
}
