import { formatError } from '../domain/errors';
import type { BankContext } from './context';
import type { SimulatorMode } from '../domain/simulator-mode';
import type { PaymentAuthorisations, PaymentInitiation } from './payments/payment-initiation';
import type { SigningBaskets } from './signing-baskets/basket-operations';

/** The services a TPP's payments, their authorisations and its signing baskets reach, in one behaviour. */
export interface TppFacingServices {
  payments: PaymentInitiation;
  paymentAuthorisations: PaymentAuthorisations;
  signingBaskets: SigningBaskets;
}

/**
 * Simulation or the bank's documented sandbox (docs/architecture.md#two-behaviours-simulation-and-sandbox): the switch, and for each
 * operation family that differs wholesale, the one place that chooses. Consents, account information
 * and funds confirmation differ in a detail or two, which their services decide where it arises.
 */
export class Behaviour {
  constructor(
    private readonly ctx: BankContext,
    private readonly simulation: TppFacingServices,
    private readonly sandbox: TppFacingServices,
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

  /** The services of the behaviour the bank runs now. */
  tppFacing(): TppFacingServices {
    return this.ctx.mode() === 'sandbox' ? this.sandbox : this.simulation;
  }
}
