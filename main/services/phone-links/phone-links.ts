import { BankError, formatError } from '../../domain/errors';
import type { BankContext } from '../context';
import { newSecret, sha256Hex } from '../ids';

/**
 * "Approve on your own phone": a link for one customer that a phone on the class's network opens. Its token
 * allows that customer's SCA decisions and reading their journeys and what those approve, nothing else of the
 * control API (phone-scope.ts tells which routes). Kept in memory only, hashed like every secret: New class and
 * a restart end every link, so a link shown to last week's class opens nothing.
 */
export interface PhoneLinkGrant {
  institution: string;
  psuId: string;
  psuName: string;
  createdAt: Date;
}

/** A class of 30 with a few lessons each; beyond it the oldest link goes. */
const MAX_LINKS = 500;

export class PhoneLinks {
  private readonly links = new Map<string, PhoneLinkGrant>();

  constructor(private readonly ctx: BankContext) {
    ctx.events.on('event', (event) => {
      if (event.type === 'reset' && event.runs) this.links.clear();
    });
  }

  /** A new link for `{ psuId }`: the token, given once; only its hash is kept. */
  create(body: unknown): { token: string; link: PhoneLinkGrant } {
    const psuId = typeof body === 'object' && body !== null ? (body as { psuId?: unknown }).psuId : undefined;
    if (typeof psuId !== 'string' || psuId === '') throw formatError('psuId must name the customer whose phone the link opens');
    const psu = this.ctx.dataset.psus.find((p) => p.psuId === psuId);
    if (psu === undefined) throw BankError.of('RESOURCE_UNKNOWN', `customer ${psuId} is not in the dataset`, 404);
    const token = newSecret();
    const link = { institution: psu.institution, psuId, psuName: psu.name, createdAt: this.ctx.clock.now() };
    this.links.set(sha256Hex(token), link);
    while (this.links.size > MAX_LINKS) this.links.delete(this.links.keys().next().value as string);
    return { token, link };
  }

  /** The link a token opens; undefined when it never existed, New class ended it or its customer was removed. */
  holder(token: string): PhoneLinkGrant | undefined {
    const link = this.links.get(sha256Hex(token));
    // A customer removed after a lesson can no longer log in, on a phone of the class either.
    return link !== undefined && this.ctx.psus.has(link.psuId) ? link : undefined;
  }
}
