import type { BankContext } from './context';
import { PhoneLinks } from './phone-links/phone-links';
import { ConsentService } from './consents/consents';
import { LifecycleService } from './clock/lifecycle';
import { OAuthService } from './oauth/oauth';
import { ScaService } from './sca/sca';
import { TppService } from './tpps/tpps';
import { TppIdentityService } from './tpps/tpp-identity';
import { SignatureService, type SandboxSigners } from './tpps/signatures';
import { PaymentAccess } from './payments/payment-access';
import { PaymentService } from './payments/payments';
import { PayeeVerification } from './payments/payee-verification';
import { PaymentAuthorisationService } from './payments/payment-authorisations';
import { PaymentProcessingService } from './payments/payment-processing';
import { PaymentAttempts } from './payments/payment-attempts';
import { SigningBasketService } from './signing-baskets/signing-baskets';
import { FundsConfirmationService } from './funds-confirmations/funds-confirmations';
import { SandboxPaymentService } from './payments/sandbox-payments';
import { SandboxPaymentAuthorisationService } from './payments/sandbox-payment-authorisations';
import { SandboxSigningBasketService } from './signing-baskets/sandbox-signing-baskets';
import { AccountInformationService } from './accounts/account-information';
import { ExchangeLog } from './logs/exchange-log';
import type { RetentionLimits } from '../store/repositories/exchanges';
import { ClockControl } from './clock/clock-control';
import { Behaviour } from './behaviour';
import { OperatorService } from './operator/operator';
import { RateLimits } from './tpps/rate-limits';
import { ServiceBlocks } from './operator/service-blocks';
import { FaultRules } from './faults/fault-rules';
import { TemplateCatalogue } from './payments/templates';
import { PaymentDocuments } from './payments/payment-documents';
import type { TrustStore } from '../pki/trust-store';
import type { CertificateCache } from '../pki/certificate-cache';
import { ClientRegistrationService } from './oauth/client-registration';
import { FlowRunArchive } from './logs/flow-runs';
import { ConductService } from './conduct/conduct';
import { LessonsPrepared } from './lessons/lessons-prepared';

export interface Services {
  ctx: BankContext;
  consents: ConsentService;
  sca: ScaService;
  oauth: OAuthService;
  lifecycle: LifecycleService;
  tpps: TppService;
  registration: ClientRegistrationService;
  identity: TppIdentityService;
  signatures: SignatureService;
  payments: PaymentService;
  paymentAuthorisations: PaymentAuthorisationService;
  paymentProcessing: PaymentProcessingService;
  baskets: SigningBasketService;
  funds: FundsConfirmationService;
  accounts: AccountInformationService;
  exchangeLog: ExchangeLog;
  clock: ClockControl;
  behaviour: Behaviour;
  operator: OperatorService;
  phoneLinks: PhoneLinks;
  rateLimits: RateLimits;
  serviceBlocks: ServiceBlocks;
  faults: FaultRules;
  templates: TemplateCatalogue;
  paymentDocuments: PaymentDocuments;
  flowRuns: FlowRunArchive;
  conduct: ConductService;
  /** What a trainer prepared ahead of lessons: added payees and customers, saved lessons (docs/teaching.md). */
  lessonsPrepared: LessonsPrepared;
}

/** Settings of the simulator that services start with (flags). */
export interface ServiceOptions {
  /** `--rate-limit N`: requests per second per TPP identity, 0 = off. */
  rateLimitPerSecond: number;
  /** `--log-limit N`, `--failure-log-limit N`: what the traffic log keeps; absent, the defaults. */
  logLimits?: RetentionLimits | undefined;
}

/** The test PKI the services check certificates against. */
export interface ServicePki {
  trust: TrustStore;
  cache: CertificateCache;
  sandboxSigners: SandboxSigners;
  /** The sandbox application's own OAuth client (the demo TPP), which the sandbox's POST /register answers. */
  sandboxClientId: string;
}

export function createServices(ctx: BankContext, pki: ServicePki, options: ServiceOptions = { rateLimitPerSecond: 0 }): Services {
  const serviceBlocks = new ServiceBlocks(ctx);
  // Before the services whose rules its presets bend: processing, Verification of Payee, the PSU's decision.
  const faults = new FaultRules(ctx);
  // First: the customers a trainer added join the dataset every other service reads.
  const lessonsPrepared = new LessonsPrepared(ctx);
  const consents = new ConsentService(ctx, serviceBlocks);
  const sca = new ScaService(ctx, faults);
  sca.handle('consent', (journey, approved, now) => consents.onScaFinished(journey, approved, now));
  const access = new PaymentAccess(ctx, consents);
  const attempts = new PaymentAttempts(ctx);
  const payments = new PaymentService(ctx, access, attempts, new PayeeVerification(ctx, faults, lessonsPrepared));
  const paymentAuthorisations = new PaymentAuthorisationService(ctx, access, payments, attempts);
  sca.handle('payment-authorisation', (journey, approved, now) => paymentAuthorisations.onScaFinished(journey, approved, now));
  sca.foresee('payment-authorisation', (journey, now) => paymentAuthorisations.refusalIfApproved(journey, now));
  const paymentProcessing = new PaymentProcessingService(ctx, payments, attempts, faults);
  const baskets = new SigningBasketService(ctx, access, payments, attempts);
  sca.handle('signing-basket', (journey, approved, now) => baskets.onScaFinished(journey, approved, now));
  sca.foresee('signing-basket', (journey, now) => baskets.refusalIfApproved(journey, now));
  const lifecycle = new LifecycleService(ctx, sca, paymentProcessing);
  const clock = new ClockControl(ctx, lifecycle);
  const rateLimits = new RateLimits(ctx, options.rateLimitPerSecond);
  const sandboxPayments = new SandboxPaymentService(ctx, access, payments);
  const behaviour = new Behaviour(
    ctx,
    { payments, paymentAuthorisations, signingBaskets: baskets },
    {
      payments: sandboxPayments,
      paymentAuthorisations: new SandboxPaymentAuthorisationService(sandboxPayments),
      signingBaskets: new SandboxSigningBasketService(ctx, access),
    },
  );
  const exchangeLog = new ExchangeLog(ctx, options.logLimits);
  return {
    ctx,
    consents,
    sca,
    oauth: new OAuthService(ctx, consents, rateLimits),
    lifecycle,
    payments,
    paymentAuthorisations,
    paymentProcessing,
    baskets,
    funds: new FundsConfirmationService(ctx, access),
    accounts: new AccountInformationService(ctx, access),
    exchangeLog,
    conduct: new ConductService(ctx, exchangeLog),
    clock,
    behaviour,
    operator: new OperatorService(ctx, consents, payments.vop, clock),
    phoneLinks: new PhoneLinks(ctx),
    rateLimits,
    serviceBlocks,
    faults,
    templates: new TemplateCatalogue(ctx),
    paymentDocuments: new PaymentDocuments(ctx, payments, lessonsPrepared),
    lessonsPrepared,
    flowRuns: new FlowRunArchive(ctx, ctx.repos.flowRuns),
    tpps: new TppService(ctx, pki.trust),
    registration: new ClientRegistrationService(ctx, pki.sandboxClientId),
    identity: new TppIdentityService(ctx, pki.trust, pki.cache),
    signatures: new SignatureService(ctx, pki.trust, pki.cache, pki.sandboxSigners),
  };
}
