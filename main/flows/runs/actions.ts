import { randomUUID } from 'node:crypto';
import { escapeXml } from '../../domain/iso20022/xml-text';
import { journeyIdOf } from '../../tpp/client';
import { sendHttp } from '../../tpp/http';
import { psuSession } from '../../tpp/journeys';
import { withCreditors, withRemittance } from '../../tpp/pain001-creditors';
import { pkcePair } from '../../tpp/pkce';
import { dateAfter } from '../../tpp/requests/consents';
import { clientCredentialsToken } from '../../tpp/requests/oauth';
import type { BankTransport } from '../../tpp/transport';
import { withTokens, type PsuSession, type PsuTokenAnswer } from '../../tpp/session';
import type { TppResponse } from '../../tpp/types';
import { PSU_ACTIONS, type OperationName, type PsuAction } from '../library/operations';
import type { Params } from './params';
import type { DatasetPsu } from './psus';
import { pain002Values } from './pain002-values';
import type { RecordingBankControl, RecordingTppClient } from './recording';
import type { StepResult } from './result';

/** What the steps of one run share: the TPP, the bank's control side, the PSUs and their sessions. */
export interface RunContext {
  /** The simulator's origin and TLS material, for the control API's reads. */
  transport: BankTransport;
  institution: string;
  tpp: RecordingTppClient;
  control: RecordingBankControl;
  psus: Record<string, DatasetPsu>;
  /** PSU sessions by role, once the PSU's tokens are in. */
  sessions: Map<string, PsuSession>;
  /** The fault rules the run's addFault steps made and its clearFaults steps left: removed when the run ends (FlowRunner.removeFaults). */
  faultRules: Set<number>;
}

type Action = (ctx: RunContext, params: Params) => Promise<StepResult>;

const resultOf = (res: TppResponse, values: Record<string, unknown> = {}): StepResult => ({
  status: res.status,
  headers: res.headers,
  body: res.body,
  text: res.text,
  values,
});

const field = (body: unknown, path: string[]): unknown =>
  path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), body);

/** The identifier and SCA link a creation answer carries, as values later steps refer to. */
const created = (res: TppResponse, idField: string): Record<string, unknown> => {
  const scaRedirect = field(res.body, ['_links', 'scaRedirect', 'href']);
  return {
    [idField]: field(res.body, [idField]),
    ...(typeof scaRedirect === 'string' ? { scaRedirect, journeyId: journeyIdOf(scaRedirect) } : {}),
  };
};

function psuOf(ctx: RunContext, role: string): DatasetPsu {
  const psu = ctx.psus[role];
  if (psu === undefined) throw new Error(`no PSU for the role ${role}`);
  return psu;
}

function sessionOf(ctx: RunContext, params: Params): PsuSession {
  const role = params.text('psu');
  const session = ctx.sessions.get(role);
  if (session === undefined) throw new Error(`${role} has no PSU session yet: exchange a code or run psuSession for ${role} first`);
  return session;
}

/** GET /simulator/v1/templates: the pain.001 the bank wrote for this institution's accounts. */
async function templateFor(ctx: RunContext, product: string, kind: string): Promise<string> {
  const res = await sendHttp(ctx.transport, { method: 'GET', path: `/simulator/v1/templates?institution=${ctx.institution}`, headers: {}, body: null });
  const template = (res.body as { product: string; kind: string; pain001: string }[] | null)?.find((t) => t.product === product && t.kind === kind);
  if (template === undefined) throw new Error(`${ctx.institution} has no ${kind} template for ${product}`);
  return template.pain001;
}

const product = (params: Params): string => params.text('product');

/** The template paid from another account of the institution (the template's own is one company's). */
const withDebtorIban = (pain001: string, iban: string): string =>
  pain001.replace(/(<DbtrAcct>\s*<Id>\s*<IBAN>)[^<]*(<\/IBAN>)/, (_, open: string, close: string) => `${open}${escapeXml(iban)}${close}`);

export const ACTIONS: Record<OperationName, Action> = {
  tokenClientCredentials: async (ctx) => resultOf(await ctx.tpp.send(clientCredentialsToken(ctx.tpp.credentials, ctx.institution))),

  createConsent: async (ctx, params) => {
    const today = (await ctx.tpp.now()).toISOString();
    const terms = {
      recurringIndicator: params.boolean('recurringIndicator', true),
      validUntil: dateAfter(today, params.number('validDays', 90)),
      frequencyPerDay: params.number('frequencyPerDay', 4),
    };
    const res = await ctx.tpp.createConsent(ctx.institution, psuOf(ctx, params.text('psu')).psuId, { terms });
    return resultOf(res, created(res, 'consentId'));
  },

  consentStatus: async (ctx, params) => resultOf(await ctx.tpp.consentStatus(ctx.institution, params.text('consentId'))),

  openScaLink: async (ctx, params) => resultOf(await ctx.tpp.openScaLink(params.text('scaRedirect'))),

  psuDecides: async (ctx, params) => {
    const action = (params.optionalText('action') ?? 'approve') as PsuAction;
    if (!PSU_ACTIONS.includes(action)) throw new Error(`psuDecides: action must be ${PSU_ACTIONS.join(', ')}, got "${action}"`);
    const journeyId = journeyIdOf(params.text('scaRedirect'));
    const { response, decided } = await ctx.control.psuDecision(journeyId, action);
    return resultOf(response, { journeyId, action: decided });
  },

  scaJourney: async (ctx, params) => {
    const journeyId = journeyIdOf(params.text('scaRedirect'));
    const res = await ctx.control.read('sca', 'psuApp');
    const journey = Array.isArray(res.body) ? (res.body as { journeyId: string }[]).find((j) => j.journeyId === journeyId) : undefined;
    const text = JSON.stringify(journey ?? null);
    return { status: journey === undefined ? 404 : res.status, headers: res.headers, body: journey ?? null, text, values: { journeyId } };
  },

  authorize: async (ctx, params) => {
    const pkce = pkcePair();
    const state = randomUUID();
    const res = await ctx.tpp.authorize(ctx.institution, params.text('consentId'), pkce, state);
    const location = res.headers.location === undefined ? null : new URL(res.headers.location);
    return resultOf(res, {
      code: location?.searchParams.get('code') ?? null,
      stateKept: location?.searchParams.get('state') === state,
      verifier: pkce.verifier,
    });
  },

  exchangeCode: async (ctx, params) => {
    const role = params.text('psu');
    const now = await ctx.tpp.now();
    const consentId = params.text('consentId');
    const res = await ctx.tpp.exchangeCode(ctx.institution, params.text('code'), params.text('verifier'));
    if (res.status === 200)
      ctx.sessions.set(
        role,
        withTokens({ institution: ctx.institution, psuId: psuOf(ctx, role).psuId, consentId, accessToken: '' }, res.body as PsuTokenAnswer, now),
      );
    return resultOf(res);
  },

  psuSession: async (ctx, params) => {
    const role = params.text('psu');
    // onPhone false: the run approves the consent itself, so a live run waits on the phone only where the lesson is.
    const before = ctx.control.decidesOnOwn;
    if (!params.boolean('onPhone', true)) ctx.control.decidesOnOwn = true;
    let session: PsuSession;
    try {
      session = await psuSession(ctx.tpp, ctx.control, ctx.institution, psuOf(ctx, role).psuId);
    } finally {
      ctx.control.decidesOnOwn = before;
    }
    ctx.sessions.set(role, session);
    // The last of its requests, the token exchange, stands for the step.
    return { status: 200, headers: {}, body: null, text: '', values: { consentId: session.consentId, psuId: session.psuId } };
  },

  refreshToken: async (ctx, params) => resultOf(await ctx.tpp.refresh(sessionOf(ctx, params))),
  getConsent: async (ctx, params) => resultOf(await ctx.tpp.getConsent(sessionOf(ctx, params))),
  deleteConsent: async (ctx, params) => resultOf(await ctx.tpp.deleteConsent(sessionOf(ctx, params))),

  getAccounts: async (ctx, params) => resultOf(await ctx.tpp.accounts(sessionOf(ctx, params))),
  getAccount: async (ctx, params) => resultOf(await ctx.tpp.account(sessionOf(ctx, params), params.text('accountId'))),
  getBalances: async (ctx, params) => resultOf(await ctx.tpp.balances(sessionOf(ctx, params), params.text('accountId'))),
  getTransactions: async (ctx, params) => {
    // dateFrom counts back from the bank's today, so a flow reads the same period whatever the simulated date.
    const since = params.number('sinceDays', -1);
    const dateFrom: Record<string, string> = since < 0 ? {} : { dateFrom: dateAfter((await ctx.tpp.now()).toISOString(), -since) };
    const query = { ...dateFrom, ...params.textMap('query') };
    return resultOf(await ctx.tpp.transactions(sessionOf(ctx, params), params.text('accountId'), query, params.optionalText('accept') ?? 'application/json'));
  },

  createPayment: async (ctx, params) => {
    const given = params.optionalText('pain001') ?? (await templateFor(ctx, product(params), params.optionalText('kind') ?? 'single'));
    const creditors = params.optionalCreditors('creditors');
    const debtorIban = params.optionalText('debtorIban');
    const paid = creditors === undefined ? given : withCreditors(given, creditors);
    const debited = debtorIban === undefined ? paid : withDebtorIban(paid, debtorIban);
    const remittance = params.optionalText('remittance');
    const pain001 = remittance === undefined ? debited : withRemittance(debited, remittance);
    const res = await ctx.tpp.createPayment(sessionOf(ctx, params), product(params), pain001, params.faults());
    return resultOf(res, created(res, 'paymentId'));
  },
  getPayment: async (ctx, params) => resultOf(await ctx.tpp.getPayment(sessionOf(ctx, params), product(params), params.text('paymentId'))),
  paymentStatus: async (ctx, params) => {
    const res = await ctx.tpp.paymentStatus(sessionOf(ctx, params), product(params), params.text('paymentId'));
    return resultOf(res, { ...pain002Values(res.text) });
  },
  startAuthorisation: async (ctx, params) => {
    const res = await ctx.tpp.startAuthorisation(sessionOf(ctx, params), product(params), params.text('paymentId'), params.faults());
    return resultOf(res, created(res, 'authorisationId'));
  },
  getAuthorisation: async (ctx, params) =>
    resultOf(await ctx.tpp.getAuthorisation(sessionOf(ctx, params), product(params), params.text('paymentId'), params.text('authorisationId'))),
  cancelPayment: async (ctx, params) =>
    resultOf(await ctx.tpp.cancelPayment(sessionOf(ctx, params), product(params), params.text('paymentId'), params.faults())),

  createBasket: async (ctx, params) => {
    const res = await ctx.tpp.createBasket(sessionOf(ctx, params), params.textList('paymentIds'), params.faults());
    return resultOf(res, created(res, 'basketId'));
  },
  getBasket: async (ctx, params) => resultOf(await ctx.tpp.getBasket(sessionOf(ctx, params), params.text('basketId'))),
  confirmFunds: async (ctx, params) =>
    resultOf(
      await ctx.tpp.confirmFunds(
        sessionOf(ctx, params),
        { iban: params.text('iban'), amount: params.text('amount'), currency: params.text('currency') },
        params.faults(),
      ),
    ),

  advanceClock: async (ctx, params) => resultOf(await ctx.control.post('clock', { advance: params.text('duration') })),
  setClock: async (ctx, params) => resultOf(await ctx.control.post('clock', { set: params.text('instant') })),
  addFault: async (ctx, params) => {
    const res = await ctx.control.post('faults', params.all());
    const faultId = res.status === 201 ? field(res.body, ['id']) : undefined;
    if (typeof faultId === 'number') ctx.faultRules.add(faultId);
    return resultOf(res, { faultId: faultId ?? null });
  },
  clearFaults: async (ctx, params) => {
    const faultId = params.optionalNumber('faultId');
    const res = await ctx.control.delete(faultId === undefined ? 'faults' : `faults/${faultId}`);
    if (res.status === 204) {
      if (faultId === undefined) ctx.faultRules.clear();
      else ctx.faultRules.delete(faultId);
    }
    return resultOf(res);
  },
  processPayment: async (ctx, params) => {
    const reason = params.optionalText('reason');
    return resultOf(
      await ctx.control.post(`payments/${params.text('paymentId')}/processing`, {
        outcome: params.text('outcome'),
        ...(reason === undefined ? {} : { reason }),
      }),
    );
  },
};
