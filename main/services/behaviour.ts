import { formatError } from '../domain/errors';
import type { BankContext } from './context';
import type { SimulatorMode } from '../domain/simulator-mode';
import type { PaymentInitiation } from './payments/payment-initiation';

/**
 * Simulation or the bank's documented sandbox (docs/architecture.md#two-behaviours-simulation-and-sandbox): the switch, and for each
 * operation family that differs wholesale, the one place that chooses. Consents, account information
 * and funds confirmation differ in a detail or two, which their services decide where it arises.
 */
export class Behaviour {
  constructor(
    private readonly ctx: BankContext,
    private readonly simulated: PaymentInitiation,
    private readonly sandbox: PaymentInitiation,
  ) {}

  current(): SimulatorMode {
    return this.ctx.mode();
  }

  /** `{"mode":"simulation"|"sandbox"}` from the operator. */
  switchTo(body: unknown): SimulatorMode {
    const mode = (body as { mode?: unknown } | null)?.mode;
    if (mode !== 'simulation' && mode !== 'sandbox') throw formatError('the body must be {"mode":"simulation"} or {"mode":"sandbox"}');
    this.ctx.setMode(mode);
    return this.ctx.mode();
  }

  paymentInitiation(): PaymentInitiation {
    return this.ctx.mode() === 'sandbox' ? this.sandbox : this.simulated;
  }
}
