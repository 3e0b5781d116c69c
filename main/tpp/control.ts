import type { TppCredentials } from './credentials';
import { sendHttp } from './http';
import { transportOf, type BankTransport } from './transport';
import type { HttpRequest, TppResponse } from './types';

/** A POST to the control API as the operator and the PSU's app send it. */
export const controlPost = (path: string, body: unknown): HttpRequest => ({
  method: 'POST',
  path: `/simulator/v1/${path}`,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A DELETE on the control API as the operator sends it. */
export const controlDelete = (path: string): HttpRequest => ({ method: 'DELETE', path: `/simulator/v1/${path}`, headers: {}, body: null });

/** A TPP application registered through the control API, with its certificates. */
export type TppRegistrationAnswer = TppCredentials & {
  roles: string[];
  name: string;
  qwac: { certificatePem: string; privateKeyPem: string };
};

/**
 * The bank operator's side (control API, /simulator/v1): the simulated clock, further TPPs, fault rules and
 * the PSU's answer in the bank's app. Not the TPP: a real TPP has none of these.
 */
export class BankControl {
  private readonly transport: BankTransport;

  /** Under --tls the control API shares the bank's origin, so it asks for the TPP's QWAC too. */
  constructor(to: string | BankTransport) {
    this.transport = transportOf(to);
  }

  post(path: string, body: unknown): Promise<TppResponse> {
    return this.send(controlPost(path, body));
  }

  delete(path: string): Promise<TppResponse> {
    return this.send(controlDelete(path));
  }

  protected send(request: HttpRequest): Promise<TppResponse> {
    return sendHttp(this.transport, request);
  }

  async now(): Promise<Date> {
    const res = await sendHttp(this.transport, { method: 'GET', path: '/simulator/v1/clock', headers: {}, body: null });
    return new Date((res.body as { now: string }).now);
  }

  /** Moves the simulated clock by an ISO-8601 duration; the new instant. */
  async advanceClock(duration: string): Promise<string> {
    return ((await this.post('clock', { advance: duration })).body as { now: string }).now;
  }

  async setClock(instant: string): Promise<string> {
    return ((await this.post('clock', { set: instant })).body as { now: string }).now;
  }

  /** The PSU approves or rejects in the bank's app; allowed once the SCA link has been opened. */
  decideSca(journeyId: string, action: 'approve' | 'reject' = 'approve'): Promise<TppResponse> {
    return this.post(`sca/${journeyId}`, { action });
  }

  /** Another TPP application (other roles, another organisation, a faulty certificate): see POST /simulator/v1/tpps. */
  async registerTpp(request: { organizationId: string; roles?: string[]; [field: string]: unknown }): Promise<TppRegistrationAnswer> {
    const res = await this.post('tpps', request);
    if (res.status !== 201) throw new Error(`registering a TPP failed: ${res.status} ${res.text}`);
    return res.body as TppRegistrationAnswer;
  }
}
