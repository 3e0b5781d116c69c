// The one place where engine values become the workbench contract's shapes (preload/api/workbench-api.ts):
// the control API answers in them, its event stream and Electron's IPC forward them. The parameter and
// return types make the compiler prove each mapping, so a rename in the engine breaks the build here,
// not the Inspector.
import type * as Contract from '../../preload/api/workbench-api';
import type { SigningBasket } from '../domain/basket/basket';
import type { Institution, InstitutionId } from '../domain/dataset/types';
import { accountReference } from '../domain/consent/access';
import type { SignatureDiagnosis } from '../domain/signing/verify';
import { rulesCited } from '../domain/signing/rules';
import { timeLimit } from '../domain/sca/journey';
import type { JourneyOutcome } from '../domain/sca/outcome';
import type { PastedRequest } from '../domain/pasted-request';
import type { PastedCaller, PastedFinding } from '../domain/pasted-request/findings';
import type { LoggedParserRefusal } from '../domain/headers/parser-refusal';
import type { ServiceBlock } from '../domain/tpp/service-block';
import type { PhoneLinkGrant } from '../services/phone-links/phone-links';
import type { ConsentView } from '../services/consents/consents';
import type { SimulatorMode } from '../domain/simulator-mode';
import { bankPaths } from './bank-paths';
import { failureOf } from './failure-line';
import type { SimulatorEvent } from '../services/events';
import type { PsuWithAccounts } from '../services/operator/operator';
import type { ClockReading } from '../services/clock/clock-control';
import type { PaymentOverview } from '../services/payments/payment-overviews';
import type { VopResult } from '../domain/vop/verify';
import type { DecisionExchange, JourneyAt } from '../services/sca/sca';
import type { VopRegistryView } from '../services/payments/payment-documents';
import type { ExchangeRecord, LoggedBody } from '../store/repositories/exchanges';
import type { FlowFile, FlowStep } from '../flows/library/format';
import type { OperationSummary } from '../flows/runs/flow-runs';
import type { FlowRunRecord, FlowRunSummary, RunExchange, RunStep } from '../flows/run-record';

/** The engine's behaviours are exactly the contract's. */
const mode = (m: SimulatorMode): Contract.SimulatorMode => m;

/**
 * The schema lists the journey outcomes again (shared/ cannot import the domain): the compiler holds
 * the two lists equal, both ways.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameOutcomes: Same<JourneyOutcome, Contract.JourneyOutcome> = true;
void sameOutcomes;

/**
 * The stored diagnosis is the domain's; this proves it has the shape the Inspector renders. One logged
 * before the legend existed gets it here, from the same table (rules.ts).
 */
const diagnosis = (d: SignatureDiagnosis | Omit<SignatureDiagnosis, 'rules'>): Contract.SignatureDiagnosis =>
  'rules' in d ? d : { ...d, rules: rulesCited(d.checks) };

/** A pasted request as read, with the bank's diagnosis of it. */
export function toPastedDiagnosis(p: {
  request: PastedRequest;
  diagnosis: SignatureDiagnosis;
  caller: PastedCaller;
  findings: PastedFinding[];
}): Contract.PastedDiagnosis {
  const { method, target, headers, body } = p.request;
  return {
    request: { method, url: target, headers, body: body.length === 0 ? null : body.toString('utf8'), bodySize: body.length },
    signature: diagnosis(p.diagnosis),
    warnings: p.request.warnings ?? [],
    caller: p.caller,
    findings: p.findings,
  };
}

export function toInfo(info: { mode: SimulatorMode; institutions: readonly InstitutionId[]; now: Date }, version: string): Contract.SimulatorInfo {
  return { version, mode: mode(info.mode), institutions: [...info.institutions], now: info.now.toISOString() };
}

function message(m: { headers: Contract.ExchangeMessage['headers']; rawHeaders?: Contract.HeaderLine[] } & LoggedBody): Contract.ExchangeMessage {
  const body = m.body === null ? null : m.body.toString('utf8');
  // Bytes that are not UTF-8 do not survive as text: then the exact bytes go along too.
  const exact = m.body === null || body === null || Buffer.from(body, 'utf8').equals(m.body);
  return {
    headers: m.headers,
    ...(m.rawHeaders ? { rawHeaders: m.rawHeaders } : {}),
    body,
    ...(exact ? {} : { bodyBase64: m.body?.toString('base64') ?? '' }),
    bodySize: m.bodySize,
    truncated: (m.body?.length ?? 0) < m.bodySize,
  };
}

/** What every view of an exchange starts with: who, when, what. */
function exchangeHead({ id, timing, parties, request }: ExchangeRecord) {
  return { id, ...parties, startedAt: timing.startedAt.toISOString(), durationMs: timing.durationMs, method: request.method, url: request.url };
}

/** A failed answer's code and first words, from the body as logged (the list's second line). */
const failureLine = ({ response }: ExchangeRecord): Contract.FailureLine | null =>
  response.status < 400 ? null : failureOf(response.status, response.body?.toString('utf8') ?? null);

/** An exchange as a list row shows it: the live event, and a page of `GET exchanges?view=summary`. */
export function toExchangeSummary(e: ExchangeRecord): Contract.ExchangeSummary {
  return {
    ...exchangeHead(e),
    status: e.response.status,
    pinned: e.pinned,
    verdict: e.signature === null ? null : e.signature.verdict,
    failure: failureLine(e),
  };
}

export function toExchange(e: ExchangeRecord): Contract.Exchange {
  return {
    ...exchangeHead(e),
    simulatedAt: e.timing.simulatedAt.toISOString(),
    request: message(e.request),
    response: { ...message(e.response), status: e.response.status },
    signature: e.signature === null ? null : diagnosis(e.signature),
    pinned: e.pinned,
    ...(e.signature === null || e.signature.verdict.valid ? {} : { comparedWith: e.comparedWith }),
    ...(e.refusal ? { refusal: parserRefusal(e.refusal) } : {}),
    failure: failureLine(e),
  };
}

function parserRefusal({ code, text, offset, header, bytes }: LoggedParserRefusal): Contract.ParserRefusal {
  return { code, text, offset, header, bytesBase64: bytes.toString('base64') };
}

export function toJourney({ journey: j, status, tpp, approvalRefusal }: JourneyAt, origin: string): Contract.ScaJourney {
  return {
    journeyId: j.journeyId,
    kind: j.kind,
    institution: j.institution,
    psuId: j.psuId,
    resourceId: j.resourceId,
    status,
    redirectUrl: bankPaths.scaRedirect(origin, j.journeyId),
    createdAt: j.createdAt.toISOString(),
    openedAt: j.openedAt?.toISOString() ?? null,
    finishedAt: j.finishedAt?.toISOString() ?? null,
    outcomeReason: j.outcomeReason ?? null,
    tppRedirectUri: j.tppRedirectUri,
    timeLimit: journeyTimeLimit(j),
    outcome: j.outcome ?? null,
    tpp,
    approvalRefusal: approvalRefusal && { outcome: approvalRefusal.outcome, reason: approvalRefusal.text },
  };
}

/** The exchange a PSU decided a journey in (GET /simulator/v1/sca/{id}/decision). */
export function toDecisionExchange(d: DecisionExchange): {
  request: DecisionExchange['request'];
  response: DecisionExchange['response'];
  at: string;
  durationMs: number;
} {
  return { request: d.request, response: d.response, at: d.at.toISOString(), durationMs: d.durationMs };
}

function journeyTimeLimit(j: JourneyAt['journey']): Contract.ScaJourney['timeLimit'] {
  const limit = timeLimit(j);
  return limit && { deadline: limit.deadline.toISOString(), reason: limit.reason };
}

export function toConsentSummary({ consent: c, status, scaStatus }: ConsentView): Contract.ConsentSummary {
  return {
    consentId: c.consentId,
    institution: c.institution,
    tppId: c.tppId,
    psuId: c.psuId,
    consentStatus: status,
    scaStatus,
    recurringIndicator: c.recurringIndicator,
    validUntil: c.validUntil,
    expiresAt: c.expiresAt.toISOString(),
    createdAt: c.createdAt.toISOString(),
  };
}

export function toBasketSummary(b: SigningBasket): Contract.BasketSummary {
  return {
    basketId: b.basketId,
    institution: b.institution,
    tppId: b.tppId,
    psuId: b.psuId,
    transactionStatus: b.status,
    paymentIds: b.paymentIds,
    createdAt: b.createdAt.toISOString(),
  };
}

export function toInstitutionSummary(i: Institution): Contract.InstitutionSummary {
  return {
    id: i.id,
    name: i.name,
    countryCode: i.countryCode,
    bic: i.bic,
    currency: i.currency,
    trustFramework: i.trustFramework,
    products: [...i.products],
    verificationOfPayee: i.verificationOfPayee,
    calendar: { timeZone: i.calendar.timeZone, weekendDays: [...i.calendar.weekendDays], holidays: [...i.calendar.holidays] },
    cutOffs: { ...i.cutOffs },
    processingDelays: { ...i.processingDelays },
    productLimits: Object.fromEntries(
      Object.entries(i.productLimits ?? {}).map(([product, limit]) => [product, { amount: limit.amount, currency: limit.currency }]),
    ),
  };
}

export function toPsuSummary({ psu, accounts, approvals }: PsuWithAccounts): Contract.PsuSummary {
  return {
    psuId: psu.psuId,
    name: psu.name,
    institution: psu.institution,
    corporateId: psu.corporateId,
    signatoryGroup: psu.signatoryGroup,
    role: psu.role,
    accounts: accounts.map(({ account, permissions }) => ({ ...accountReference(account), permissions: [...permissions] })),
    scaEnrolled: psu.scaEnrolled,
    approvalLimits: Object.fromEntries(
      Object.entries(psu.approvalLimits).map(([category, limit]) => [category, { currency: limit.currency, amount: limit.amount }]),
    ),
    companyApprovals: {
      authorisationsRequired: approvals.authorisationsRequired,
      singleAuthorisationUpTo: (approvals.singleAuthorisationUpTo ?? []).map((m) => ({ currency: m.currency, amount: m.amount })),
    },
  };
}

export function toPaymentSummary({ listing: { payment: p, previousStatus, transactionCount, creditors }, vop }: PaymentOverview): Contract.PaymentSummary {
  return {
    paymentId: p.paymentId,
    product: p.product,
    institution: p.institution,
    tppId: p.tppId,
    status: p.status,
    previousStatus,
    statusChangedAt: p.statusChangedAt.toISOString(),
    creatorPsuId: p.creatorPsuId,
    debtorAccountId: p.debtorAccountId,
    currency: p.currency,
    totalAmount: p.totalAmount,
    transactionCount,
    creditors: creditors.map((creditor, i) => {
      const result = vop[i];
      return result ? { ...creditor, vop: vopSummary(result) } : creditor;
    }),
    executionDate: p.executionDate,
    authorisationsRequired: p.authorisationsRequired,
    authorisations: p.authorisations.map((a) => ({ psuId: a.psuId, signatoryGroup: a.signatoryGroup, at: a.at.toISOString(), via: a.via })),
    createdAt: p.createdAt.toISOString(),
  };
}

function vopSummary(result: VopResult): Contract.VopSummary {
  return {
    outcome: result.state === 'inProgress' ? 'inProgress' : result.outcome,
    reasonCode: result.reasonCode,
    additionalInfo: result.additionalInfo,
  };
}

export function toClockReading(r: ClockReading): Contract.ClockReading {
  return {
    now: r.now.toISOString(),
    paused: r.paused,
    nextTimeLimit: r.nextTimeLimit === null ? null : { at: r.nextTimeLimit.at.toISOString(), what: r.nextTimeLimit.what },
  };
}

export function toServiceBlock(b: ServiceBlock): Contract.ServiceBlock {
  return { institution: b.institution, tppId: b.tppId, createdAt: b.createdAt.toISOString() };
}

export function toWorkbenchEvent(event: SimulatorEvent): Contract.WorkbenchEvent {
  switch (event.type) {
    case 'exchange':
      return { type: 'exchange', exchange: toExchangeSummary(event.exchange) };
    case 'clock':
      return { type: 'clock', now: event.now.toISOString(), paused: event.paused };
    case 'mode':
      return { type: 'mode', mode: mode(event.mode) };
    default:
      return event;
  }
}

// --- flow runs ------------------------------------------------------------------------------------

function flowStep(s: FlowStep): Contract.FlowStepSummary {
  return { id: s.id, title: s.title, explanation: s.explanation, spec: s.spec, actor: s.actor, operation: s.operation, params: s.params };
}

export function toFlowSummary(flow: FlowFile): Contract.FlowSummary {
  return {
    name: flow.name,
    title: flow.title,
    description: flow.description,
    lesson: flow.lesson === true,
    institutions: [...flow.institutions],
    behaviour: flow.behaviour,
    psus: { ...flow.psus },
    parameters: flow.parameters.map((p) => ({ ...p, ...(p.choices === undefined ? {} : { choices: p.choices.map((c) => ({ ...c })) }) })),
    steps: flow.steps.map(flowStep),
  };
}

export function toFlowOperation(o: OperationSummary): Contract.FlowOperationSummary {
  return { name: o.name, actor: o.actor, required: o.required, optional: o.optional };
}

const flowExchange = (e: RunExchange): Contract.FlowExchange => ({ ...e, signature: e.signature === null ? null : diagnosis(e.signature) });

function stepRun(s: RunStep): Contract.FlowStepRun {
  return { ...s, step: flowStep(s.step), exchanges: s.exchanges.map(flowExchange), changes: s.changes.map((c): Contract.BankChange => c) };
}

export function toFlowRunState(run: FlowRunRecord): Contract.FlowRunState {
  const pending: Contract.FlowPending | null = run.pending;
  return {
    runId: run.runId,
    flow: toFlowSummary(run.flow),
    institution: run.institution,
    psus: { ...run.psus },
    params: { ...run.params },
    autoApprove: run.autoApprove,
    // Runs kept from before the clock could pause did not hold it.
    pauseClock: run.pauseClock ?? false,
    phase: run.phase,
    steps: run.steps.map(stepRun),
    nextStep: run.nextStep === null ? null : flowStep(run.nextStep),
    current: run.current.map(flowExchange),
    pending,
    met: run.met,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    replayOf: run.replayOf,
    imported: run.imported,
  };
}

export function toFlowRunListItem(s: FlowRunSummary): Contract.FlowRunListItem {
  return { ...s };
}

export function toVopRegistry(v: VopRegistryView): Contract.VopRegistry {
  return { institution: v.institution, verifiesPayees: v.verifiesPayees, payees: v.payees.map((p): Contract.VopRegistryPayee => ({ ...p })) };
}

export function toPhoneLink(link: PhoneLinkGrant, url: string, reachable: boolean): Contract.PhoneLink {
  return { url, psuId: link.psuId, psuName: link.psuName, institution: link.institution, reachable };
}
