import { hash, randomBytes, randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: for access tokens, refresh tokens and authorisation codes. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** Secrets are stored only as their hash, so a copied database gives no usable token. */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');
