import { BankError } from '../../domain/errors';
import { parseServiceBlock, type ServiceBlock } from '../../domain/tpp/service-block';
import type { BankContext } from '../context';

/**
 * The operator blocks the consent service for a request context (spec "Errors": SERVICE_BLOCKED 403,
 * "do not retry unchanged"): at an institution, for one TPP or for all.
 */
export class ServiceBlocks {
  constructor(private readonly ctx: BankContext) {}

  list(): ServiceBlock[] {
    return this.ctx.repos.serviceBlocks.list();
  }

  /** Blocks; `created` is false when the same block was already in place (nothing changes then). */
  block(body: unknown): { block: ServiceBlock; created: boolean } {
    const { institution, tppId } = parseServiceBlock(body);
    const created = this.ctx.repos.serviceBlocks.add(institution, tppId, this.ctx.clock.now());
    if (created) this.ctx.events.emitEvent({ type: 'operator-settings' });
    return { block: this.ctx.repos.serviceBlocks.find(institution, tppId) as ServiceBlock, created };
  }

  unblock(body: unknown): void {
    const { institution, tppId } = parseServiceBlock(body);
    if (!this.ctx.repos.serviceBlocks.remove(institution, tppId)) {
      throw BankError.of('RESOURCE_UNKNOWN', `the consent service at ${institution} is not blocked ${tppId === null ? 'for every TPP' : `for TPP ${tppId}`}`);
    }
    this.ctx.events.emitEvent({ type: 'operator-settings' });
  }

  /** Refuses a consent operation of this TPP at the institution while a block applies to it. */
  assertOpen(institution: string, tppId: string): void {
    const block = this.ctx.repos.serviceBlocks.blocking(institution, tppId);
    if (block) {
      throw BankError.of(
        'SERVICE_BLOCKED',
        `the consent service at ${institution} is blocked ${block.tppId === null ? 'for every TPP' : `for TPP ${tppId}`} by the bank; do not retry unchanged`,
      );
    }
  }
}
