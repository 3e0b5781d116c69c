import { describe, expect, it } from 'vitest';
import { parseConsentRequest } from '../../main/domain/consent/request';
import { consentStatusAt, terminateConsent } from '../../main/domain/consent/lifecycle';
import { BankError } from '../../main/domain/errors';
import type { Consent } from '../../main/domain/consent/consent';

const now = new Date('2026-11-22T10:00:00Z');
const body = (fields: Record<string, unknown> = {}) => ({
  access: {},
  recurringIndicator: true,
  validUntil: '2027-01-01',
  frequencyPerDay: 4,
  combinedServiceIndicator: true,
  ...fields,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof BankError ? err.code : 'not a BankError';
  }
}

describe('consent request rules', () => {
  it('accepts a well-formed recurring request', () => {
    expect(parseConsentRequest(body(), now)).toEqual({
      recurringIndicator: true,
      validUntil: '2027-01-01',
      frequencyPerDay: 4,
      combinedServiceIndicator: true,
    });
  });
  it('accepts combinedServiceIndicator false (every consent is combined anyway)', () => {
    expect(parseConsentRequest(body({ combinedServiceIndicator: false }), now).combinedServiceIndicator).toBe(false);
  });
  it('bounds recurring validUntil to request date + 1 .. + 180', () => {
    expect(codeOf(() => parseConsentRequest(body({ validUntil: '2026-11-22' }), now))).toBe('FORMAT_ERROR');
    expect(codeOf(() => parseConsentRequest(body({ validUntil: '2026-11-23' }), now))).toBeUndefined();
    expect(codeOf(() => parseConsentRequest(body({ validUntil: '2027-05-21' }), now))).toBeUndefined();
    expect(codeOf(() => parseConsentRequest(body({ validUntil: '2027-05-22' }), now))).toBe('FORMAT_ERROR');
  });
  it('fixes one-off validUntil at request date + 2', () => {
    expect(codeOf(() => parseConsentRequest(body({ recurringIndicator: false, validUntil: '2026-11-24' }), now))).toBeUndefined();
    expect(codeOf(() => parseConsentRequest(body({ recurringIndicator: false, validUntil: '2026-11-25' }), now))).toBe('FORMAT_ERROR');
  });
  it('refuses non-empty access, including an empty-looking array', () => {
    expect(codeOf(() => parseConsentRequest(body({ access: { allPsd2: 'allAccounts' } }), now))).toBe('FORMAT_ERROR');
    expect(codeOf(() => parseConsentRequest(body({ access: [] }), now))).toBe('FORMAT_ERROR');
    expect(codeOf(() => parseConsentRequest(body({ access: null }), now))).toBe('FORMAT_ERROR');
  });
});

describe('consent lifecycle rules', () => {
  const consent = { consentId: 'c1', status: 'valid', expiresAt: new Date('2026-12-01T00:00:00Z') } as Consent;
  it('valid becomes expired at expiresAt, not a millisecond before', () => {
    expect(consentStatusAt(consent, new Date('2026-11-30T23:59:59.999Z'))).toBe('valid');
    expect(consentStatusAt(consent, new Date('2026-12-01T00:00:00Z'))).toBe('expired');
  });
  it('only a valid consent can be terminated', () => {
    expect(terminateConsent(consent, now)).toBe('terminatedByTpp');
    expect(codeOf(() => terminateConsent({ ...consent, status: 'terminatedByTpp' }, now))).toBe('CONSENT_INVALID');
    expect(codeOf(() => terminateConsent(consent, new Date('2026-12-02T00:00:00Z')))).toBe('CONSENT_INVALID');
  });
});
