// What the conduct checks read of a logged exchange (main/domain/conduct/observed.ts): the operation as the
// router would match it, Retry-After in both its forms, and "the same payment" regardless of identifiers.
import { describe, expect, it } from 'vitest';
import { CONDUCT_RULE_NAMES } from '../../shared/control-api/conduct';
import { CONDUCT_RULE_IDS } from '../../main/domain/conduct/rules';
import { operationOfLogged, retryAfterMs } from '../../main/domain/conduct/observed';
import { paymentContentKey } from '../../main/domain/conduct/payment-content';
import { readTemplate } from '../../main/tpp/templates';

describe('a logged exchange as the conduct checks read it', () => {
  it('names the operation by method and path, decoded as the router decodes it, and the token grant by its body', () => {
    expect(operationOfLogged('GET', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/p1/status?x=1', '')).toBe('payment-status');
    expect(operationOfLogged('GET', '/frankfurt/berlingroup/v1/payments/pain.001-sepa-credit-transfers/p1/%73tatus', '')).toBe('payment-status');
    expect(operationOfLogged('POST', '/frankfurt/oauth/v1/token', 'grant_type=refresh_token&refresh_token=x')).toBe('token-refresh');
    expect(operationOfLogged('POST', '/frankfurt/oauth/v1/token', 'grant_type=client_credentials')).toBe('token-client-credentials');
    expect(operationOfLogged('PUT', '/frankfurt/berlingroup/v1/consents', '')).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date counted from the answer', () => {
    const answeredAt = Date.parse('2026-11-29T10:00:00Z');
    expect(retryAfterMs('5', answeredAt)).toBe(5_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 10:00:03 GMT', answeredAt)).toBe(3_000);
    expect(retryAfterMs('soon', answeredAt)).toBeNull();
    expect(retryAfterMs(null, answeredAt)).toBeNull();
  });

  it('takes a payment again with new identifiers and dates for the same payment, and a new remittance or amount for another', () => {
    const sepa = readTemplate('sepa-single.xml');
    const same = sepa
      .replace(/<MsgId>[^<]*<\/MsgId>/, '<MsgId>OTHER-MSG-1</MsgId>')
      .replace(/<EndToEndId>[^<]*<\/EndToEndId>/, '<EndToEndId>E2E-OTHER</EndToEndId>');
    expect(paymentContentKey(sepa)).not.toBeNull();
    expect(paymentContentKey(same)).toBe(paymentContentKey(sepa));
    expect(paymentContentKey(sepa.replace(/<Ustrd>([^<]*)<\/Ustrd>/, '<Ustrd>$1 2</Ustrd>'))).not.toBe(paymentContentKey(sepa));
    expect(paymentContentKey(sepa.replace(/(<InstdAmt Ccy="EUR">)([^<]*)/, '$11.00'))).not.toBe(paymentContentKey(sepa));
    expect(paymentContentKey('not xml')).toBeNull();
  });

  it('the control API publishes the rule ids the domain checks, in the same order', () => {
    expect([...CONDUCT_RULE_NAMES]).toEqual([...CONDUCT_RULE_IDS]);
  });
});
