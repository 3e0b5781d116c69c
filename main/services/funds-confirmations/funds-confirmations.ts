import { BankError, formatError } from '../../domain/errors';
import { isValidIban } from '../../domain/iso20022/iban';
import { compareAmounts, isDecimalAmount } from '../../domain/money';
import type { BankContext } from '../context';
import type { PaymentAccess, PaymentContext } from '../payments/payment-access';

/**
 * Funds confirmation: is the amount available on an account the PSU may pay from? It reserves nothing
 * and creates nothing (spec "Funds confirmation"); the sandbox always answers true.
 */
export class FundsConfirmationService {
  constructor(
    private readonly ctx: BankContext,
    private readonly access: PaymentAccess,
  ) {}

  confirm(request: PaymentContext, body: unknown): { fundsAvailable: boolean } {
    const consent = this.access.consentFor(request, 'funds confirmation');
    const { iban, currency, amount } = parseRequest(body);
    if (this.ctx.mode() === 'sandbox') return { fundsAvailable: true };
    const account = this.ctx.dataset.accounts.find((a) => a.iban === iban && a.institution === request.institution);
    const grant = this.ctx.psus.get(consent.psuId)?.accounts.find((a) => a.resourceId === account?.resourceId);
    if (!account || !grant?.permissions.includes('paymentCreation')) {
      throw BankError.of('RESOURCE_UNKNOWN', `account ${iban} is not available to ${consent.psuId} for funds confirmation at ${request.institution}`, 403);
    }
    if (currency !== account.currency) throw formatError(`instructedAmount.currency must be the account's currency ${account.currency}, got ${currency}`);
    const available = this.ctx.repos.balances.balance(account.resourceId) ?? account.availableBalance;
    return { fundsAvailable: compareAmounts(amount, available) <= 0 };
  }
}

/** `{"account":{"iban"},"instructedAmount":{"currency","amount"}}` (docs/tpp-developers.md#choices-where-the-spec-says-not-shown). */
function parseRequest(body: unknown): { iban: string; currency: string; amount: string } {
  const shape = 'the body must be {"account":{"iban":"…"},"instructedAmount":{"currency":"EUR","amount":"12.00"}}';
  if (typeof body !== 'object' || body === null) throw formatError(shape);
  const { account, instructedAmount } = body as { account?: { iban?: unknown }; instructedAmount?: { currency?: unknown; amount?: unknown } };
  const iban = account?.iban;
  const currency = instructedAmount?.currency;
  const amount = instructedAmount?.amount;
  if (typeof iban !== 'string' || typeof currency !== 'string' || typeof amount !== 'string') throw formatError(shape);
  if (!isValidIban(iban)) throw formatError(`account.iban ${iban.slice(0, 40)} is not a valid IBAN`);
  if (!/^[A-Z]{3}$/.test(currency)) throw formatError('instructedAmount.currency must be an ISO 4217 code such as EUR');
  if (!isDecimalAmount(amount, 2) || compareAmounts(amount, '0') <= 0)
    throw formatError('instructedAmount.amount must be a positive decimal with at most 2 decimals, e.g. "12.00"');
  return { iban, currency, amount };
}
