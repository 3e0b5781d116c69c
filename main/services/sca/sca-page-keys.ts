import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BankContext } from '../context';

const SECRET_KEY = 'sca.pageKeySecret';

/**
 * The key an opened SCA page follows its journey with. Only the first GET of the single-use link
 * hands it out, so whoever else learns the journey's id cannot watch it. Derived from one secret
 * kept in the store (HMAC of the journey id), so keys need no table and outlive a restart.
 */
export class ScaPageKeys {
  constructor(private readonly ctx: BankContext) {}

  keyFor(journeyId: string): string {
    return createHmac('sha256', this.secret()).update(journeyId, 'utf8').digest('base64url');
  }

  matches(journeyId: string, key: string): boolean {
    const expected = Buffer.from(this.keyFor(journeyId), 'utf8');
    const given = Buffer.from(key, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private secret(): string {
    const stored = this.ctx.repos.settings.get(SECRET_KEY);
    if (stored) return stored;
    return this.ctx.transact(() => {
      const secret = this.ctx.repos.settings.get(SECRET_KEY) ?? randomBytes(32).toString('base64url');
      this.ctx.repos.settings.set(SECRET_KEY, secret);
      return secret;
    });
  }
}
