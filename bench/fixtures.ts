/**
 * What the measured requests need, made through the built-in TPP over HTTP before any clock starts:
 * a TPP token, consents, PSU sessions and payments to ask about.
 */
import { join } from 'node:path';
import { TppClient } from '../main/tpp/client';
import { BankControl } from '../main/tpp/control';
import { loadTppCredentials } from '../main/tpp/data-folder';
import { psuSession } from '../main/tpp/journeys';
import type { PsuAccess } from '../main/tpp/requests/request';
import { readTemplate } from '../main/tpp/templates';
import type { TppResponse } from '../main/tpp/types';
import type { Scenario } from './load-spec';
import { ROOT } from './processes';

export const INSTITUTION = 'frankfurt';
export const SEPA = 'pain.001-sepa-credit-transfers';
export const SEPA_SINGLE_FILE = join(ROOT, 'resources', 'templates', 'sepa-single.xml');

export function expectStatus(res: TppResponse, status: number): unknown {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body;
}

/** Runs `one` for 0..count-1 with `parallel` in flight. */
async function inParallel(count: number, parallel: number, one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) await one(next++);
    }),
  );
}

/** One answer of the simulator per measured route, for the like-for-like ceiling to answer the same (ceiling-server.ts). */
export interface Answer {
  contentType: string;
  body: string;
}
const answerOf = (res: TppResponse): Answer => ({ contentType: res.headers['content-type'] ?? 'application/octet-stream', body: res.text });

export class Fixtures {
  readonly tpp: TppClient;
  readonly control: BankControl;
  /** Filled as the scenarios are made: the simulator's own answers, for the like-for-like ceilings. */
  readonly answers: { paymentStatus?: Answer; consentStatus?: Answer; paymentCreated?: Answer } = {};

  constructor(
    readonly url: string,
    readonly dataDir: string,
  ) {
    this.tpp = new TppClient({ origin: url, credentials: loadTppCredentials(dataDir) });
    this.control = new BankControl(url);
  }

  /** A fresh PSU session (PSU access tokens last minutes: one per measurement). */
  async access(psuId: string): Promise<PsuAccess> {
    const s = await psuSession(this.tpp, this.control, INSTITUTION, psuId);
    return { institution: s.institution, psuId: s.psuId, consentId: s.consentId, accessToken: s.accessToken };
  }

  async consentStatus(count: number): Promise<Scenario> {
    const tppToken = await this.tpp.tppToken(INSTITUTION, { renew: true });
    const consentIds: string[] = [];
    await inParallel(count, 8, async () => void consentIds.push((await this.tpp.startConsent(INSTITUTION, 'FRA-CREATOR', tppToken)).consentId));
    const sample = await this.tpp.consentStatus(INSTITUTION, consentIds[0] as string);
    expectStatus(sample, 200);
    this.answers.consentStatus = answerOf(sample);
    return { kind: 'consent-status', institution: INSTITUTION, tppToken, consentIds };
  }

  async paymentStatus(count: number): Promise<Scenario> {
    const session = await psuSession(this.tpp, this.control, INSTITUTION, 'FRA-CREATOR');
    const paymentIds: string[] = [];
    const xml = readTemplate('sepa-single.xml');
    await inParallel(count, 8, async () => {
      const created = await this.tpp.createPayment(session, SEPA, xml);
      paymentIds.push((expectStatus(created, 201) as { paymentId: string }).paymentId);
      this.answers.paymentCreated ??= answerOf(created);
    });
    const sample = await this.tpp.paymentStatus(session, SEPA, paymentIds[0] as string);
    expectStatus(sample, 200);
    this.answers.paymentStatus = answerOf(sample);
    return { kind: 'payment-status', access: await this.access('FRA-CREATOR'), product: SEPA, paymentIds };
  }

  /** One more payment, made now: its id. */
  async onePayment(): Promise<string> {
    const session = await psuSession(this.tpp, this.control, INSTITUTION, 'FRA-CREATOR');
    return (expectStatus(await this.tpp.createPayment(session, SEPA, readTemplate('sepa-single.xml')), 201) as { paymentId: string }).paymentId;
  }

  async paymentCreate(pool: number): Promise<Scenario> {
    return { kind: 'payment-create', access: await this.access('FRA-CREATOR'), product: SEPA, pain001File: SEPA_SINGLE_FILE, pool };
  }

  /** One authorisation a payment: a second would meet the first's active attempt. */
  async authorisationStart(paymentIds: string[]): Promise<Scenario> {
    return {
      kind: 'authorisation-start',
      access: await this.access('FRA-APPROVER-A'),
      product: SEPA,
      paymentIds,
      tppRedirectUri: 'https://tpp.example/callback',
      pool: paymentIds.length,
    };
  }
}
