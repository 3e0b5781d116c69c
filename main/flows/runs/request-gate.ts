import type { HttpRequest } from '../../tpp/types';
import type { GatedRequest } from '../run-record';
import type { LiveRunState } from './live-run-state';
import { isPrepared, type GateRelease } from './recording';

/** Where a live run stops next: before the step's next request, at the end of the step, at the end of the run. */
export type StopAt = 'request' | 'step' | 'end';

/** What the user sends in place of a gated request. */
export interface RequestEdit {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  resign: boolean;
}

export const requestBodyText = (body: HttpRequest['body']): string | null => (body === null ? null : typeof body === 'string' ? body : body.toString('utf8'));

/** An edit of the SCA link still goes where the PSU's browser opens it (the PSU pages' origin under --tls). */
const browserOriginOf = (request: HttpRequest): Pick<HttpRequest, 'browserOrigin'> =>
  request.browserOrigin === undefined ? {} : { browserOrigin: request.browserOrigin };

/** The request at the gate as the Flows screen shows it. */
function gatedView(request: HttpRequest): GatedRequest {
  const prepared = isPrepared(request) ? request : null;
  return {
    method: request.method,
    url: request.path,
    headers: { ...request.headers },
    body: requestBodyText(request.body),
    operation: prepared?.operation ?? 'request',
    signed: prepared !== null && prepared.signedOperation !== null,
    signedHeaders: prepared?.signedHeaders ?? null,
    signingString: prepared?.signingString ?? null,
    faults:
      prepared === null
        ? []
        : Object.entries(prepared.faults)
            .filter(([, value]) => value !== undefined && value !== false)
            .map(([name]) => name),
  };
}

interface Held {
  request: HttpRequest;
  release: (release: GateRelease) => void;
}

/** The one request of a live run held before it goes out, until the user sends it as prepared or edited. */
export class RequestGate {
  private held: Held | null = null;

  constructor(private readonly state: LiveRunState) {}

  /** The request held now, if any. */
  get request(): HttpRequest | null {
    return this.held?.request ?? null;
  }

  /** Holds the request: the run waits, the Flows screen shows it. */
  hold(request: HttpRequest): Promise<GateRelease> {
    return new Promise((release) => {
      this.held = { request, release };
      this.state.record.pending = { kind: 'request', request: gatedView(request) };
      this.state.setPhase('waiting');
    });
  }

  /** Lets the held request go, as prepared (edit null) or edited; false when none is held. */
  send(edit: RequestEdit | null): boolean {
    const held = this.held;
    if (held === null) return false;
    this.letGo(
      held,
      edit === null
        ? { request: held.request, resign: false }
        : { request: { ...browserOriginOf(held.request), method: edit.method, path: edit.url, headers: edit.headers, body: edit.body }, resign: edit.resign },
    );
    return true;
  }

  /** `request` is still held and was answered already elsewhere (the PSU opened the link): that answer stands for it. */
  answeredElsewhere(request: HttpRequest, answered: GateRelease['answered']): void {
    const held = this.held;
    if (held !== null && held.request === request) this.letGo(held, { request, resign: false, answered });
  }

  private letGo(held: Held, release: GateRelease): void {
    this.held = null;
    this.state.record.pending = null;
    this.state.setPhase('running');
    held.release(release);
  }
}
