import { BankControl } from '../tpp/control';
import { TppClient, type TppClientOptions } from '../tpp/client';
import type { HttpRequest, TppResponse } from '../tpp/types';
import type { StepRequest } from './result';

/** Every exchange of a run in order, from the TPP, the PSU's browser and the bank's app alike. */
export class ExchangeRecord {
  readonly exchanges: StepRequest[] = [];
  /** The last request the TPP sent, to find the bank's diagnosis of it. */
  lastTppRequest: HttpRequest | null = null;

  add(request: HttpRequest, response: TppResponse): void {
    this.exchanges.push({ method: request.method, path: request.path, status: response.status });
  }
}

/** The built-in TPP, every request of it recorded: the client's methods all send through `send`. */
export class RecordingTppClient extends TppClient<unknown> {
  constructor(
    options: TppClientOptions,
    private readonly record: ExchangeRecord,
  ) {
    super(options);
  }

  override async send(request: HttpRequest): Promise<TppResponse<unknown>> {
    const response = await super.send(request);
    this.record.lastTppRequest = request;
    this.record.add(request, response);
    return response;
  }
}

/** The PSU's app and the operator, through the control API, recorded likewise. */
export class RecordingBankControl extends BankControl {
  constructor(
    origin: string,
    private readonly record: ExchangeRecord,
  ) {
    super(origin);
  }

  override async post(path: string, body: unknown): Promise<TppResponse> {
    const response = await super.post(path, body);
    this.record.add({ method: 'POST', path: `/simulator/v1/${path}`, headers: {}, body: null }, response);
    return response;
  }
}
