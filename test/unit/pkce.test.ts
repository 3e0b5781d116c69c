import { describe, expect, it } from 'vitest';
import { isS256Challenge, s256, verifierProblem } from '../../main/domain/oauth/pkce';
import { psuAccessExpiry, refreshDeadline } from '../../main/domain/oauth/lifetimes';

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B example', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('accepts verifiers of 43 to 128 unreserved characters only', () => {
    expect(verifierProblem('a'.repeat(43))).toBeNull();
    expect(verifierProblem('A-._~'.repeat(25) + 'abc')).toBeNull();
    expect(verifierProblem('a'.repeat(42))).toMatch(/43 to 128/);
    expect(verifierProblem('a'.repeat(129))).toMatch(/43 to 128/);
    expect(verifierProblem(`${'a'.repeat(43)}/`)).toMatch(/may only contain/);
  });

  it('recognises a 43-character base64url challenge', () => {
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM=')).toBe(false);
    expect(isS256Challenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM')).toBe(false);
  });
});

describe('token lifetimes', () => {
  const first = new Date('2026-11-22T10:00:00Z');
  it('a PSU access token lives 10 minutes', () => {
    expect(psuAccessExpiry(first, first).toISOString()).toBe('2026-11-22T10:10:00.000Z');
  });
  it('never outlives the refresh window of 21 minutes from the first access token', () => {
    expect(refreshDeadline(first).toISOString()).toBe('2026-11-22T10:21:00.000Z');
    expect(psuAccessExpiry(new Date('2026-11-22T10:15:00Z'), first).toISOString()).toBe('2026-11-22T10:21:00.000Z');
  });
});
