import { BankControl, controlDelete, controlPost } from '../../tpp/control';
import type { BankTransport } from '../../tpp/transport';
import { TppClient, type TppClientOptions } from '../../tpp/client';
import type { HttpRequest, PreparedRequest, TppResponse } from '../../tpp/types';
import type { Actor } from '../library/actors';
import type { PsuAction } from '../library/operations';
import type { StepRequest } from './result';

/** Every exchange of a run in order, from the TPP, the PSU's browser and the bank's app alike. */
export class RunRecorder {
  readonly exchanges: StepRequest[] = [];
  /** The last request the TPP sent, to find the bank's diagnosis of it. */
  lastTppRequest: HttpRequest | null = null;

  add(request: HttpRequest, response: TppResponse): void {
    this.exchanges.push({ method: request.method, path: request.path, status: response.status });
  }
}

/** What a gate lets through: the request as prepared, as edited, or as edited and signed again. */
export interface GateRelease {
  request: HttpRequest;
  /** Recompute Digest and Signature over `request` with the prepared request's faults. */
  resign: boolean;
  /**
   * The bank's answer to this request when it was already made elsewhere (the PSU opened the SCA link
   * on the phone): the request is not sent again, the answer stands for it.
   */
  answered?: TppResponse;
}

export type Decide = (action: 'approve' | 'reject') => Promise<TppResponse>;

/**
 * How a live run (the Flows screen) follows and steers a run; `runFlow` and the CLI pass none, so
 * they run straight through. `actor` null means the step's own actor.
 */
export interface RunHooks {
  /** Before each request of the built-in TPP (or the PSU's browser through it) or of the operator goes out. */
  gate?(request: HttpRequest | PreparedRequest): Promise<GateRelease>;
  /**
   * Where the PSU approves or rejects in the bank's app; `decide` makes the decision through the
   * control API. `either`: the step expects approve or reject alike (`action` is what deciding on the run's own does).
   */
  decide?(journeyId: string, action: 'approve' | 'reject', decide: Decide, either?: boolean): Promise<TppResponse>;
  /** After each exchange. */
  exchanged?(request: HttpRequest, response: TppResponse, actor: Actor | null): Promise<void>;
}

/** A request of the built-in TPP's builders (operation, signing profile, faults), not a bare one. */
export const isPrepared = (request: HttpRequest): request is PreparedRequest => 'operation' in request && 'signedOperation' in request;

/** The PSU's browser, not the TPP, opens the SCA link and follows the authorisation redirect. */
const BROWSER_OPERATIONS: ReadonlySet<string> = new Set(['sca-open', 'authorize']);

/** The built-in TPP, every request of it recorded: the client's methods all send through `send`. */
export class RecordingTppClient extends TppClient<unknown> {
  constructor(
    options: TppClientOptions,
    private readonly record: RunRecorder,
    private readonly hooks: RunHooks = {},
  ) {
    super(options);
  }

  override async send(request: HttpRequest): Promise<TppResponse<unknown>> {
    const release = this.hooks.gate === undefined ? { request, resign: false } : await this.hooks.gate(request);
    const sent = await this.released(request, release);
    const response = release.answered ?? (await super.send(sent));
    this.record.lastTppRequest = sent;
    this.record.add(sent, response);
    await this.hooks.exchanged?.(sent, response, isPrepared(request) && BROWSER_OPERATIONS.has(request.operation) ? 'psuBrowser' : null);
    return response;
  }

  /** The request once the gate lets it go; an edit asked to be signed again keeps the prepared request's deliberate faults. */
  private async released(request: HttpRequest, release: GateRelease): Promise<HttpRequest> {
    if (!release.resign || !isPrepared(request) || request.signedOperation === null) return release.request;
    return this.sign({ ...request, ...release.request }, { faults: request.faults });
  }
}

/** The PSU's app and the operator, through the control API, recorded likewise. */
export class RecordingBankControl extends BankControl {
  /** Set while the run sets up a PSU session of its own accord: the PSU's approval is then the run's. */
  decidesOnOwn = false;

  constructor(
    transport: BankTransport,
    private readonly record: RunRecorder,
    private readonly hooks: RunHooks = {},
  ) {
    super(transport);
  }

  /** The operator's requests wait at the gate as the TPP's do; the PSU's decisions wait for the PSU instead (decideSca). */
  override post(path: string, body: unknown): Promise<TppResponse> {
    return this.sent(controlPost(path, body), path.startsWith('sca/'));
  }

  override delete(path: string): Promise<TppResponse> {
    return this.sent(controlDelete(path), false);
  }

  private async sent(prepared: HttpRequest, byPsu: boolean): Promise<TppResponse> {
    const request = byPsu || this.hooks.gate === undefined ? prepared : (await this.hooks.gate(prepared)).request;
    const response = await this.send(request);
    this.record.add(request, response);
    await this.hooks.exchanged?.(request, response, byPsu ? 'psuApp' : 'operator');
    return response;
  }

  override async decideSca(journeyId: string, action: 'approve' | 'reject' = 'approve'): Promise<TppResponse> {
    return (await this.psuDecision(journeyId, action)).response;
  }

  /**
   * The PSU's decision in the bank's app and which it was. Deciding on the run's own, `psu` approves;
   * a decision made on the phone is read from the journey (finalised: approved, failed: rejected).
   */
  async psuDecision(journeyId: string, action: PsuAction): Promise<{ response: TppResponse; decided: 'approve' | 'reject' }> {
    let decided: 'approve' | 'reject' | null = null;
    const decide: Decide = (chosen) => {
      decided = chosen;
      return super.decideSca(journeyId, chosen);
    };
    const expected = action === 'psu' ? 'approve' : action;
    const response =
      this.hooks.decide === undefined || this.decidesOnOwn ? await decide(expected) : await this.hooks.decide(journeyId, expected, decide, action === 'psu');
    return { response, decided: decided ?? ((response.body as { status?: unknown } | null)?.status === 'finalised' ? 'approve' : 'reject') };
  }

  /** A read of the control API, recorded as the actor's (the bank's app showing a journey). */
  async read(path: string, actor: Actor): Promise<TppResponse> {
    const request: HttpRequest = { method: 'GET', path: `/simulator/v1/${path}`, headers: {}, body: null };
    const response = await this.send(request);
    this.record.add(request, response);
    await this.hooks.exchanged?.(request, response, actor);
    return response;
  }
}
