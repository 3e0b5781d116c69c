/** Why a request about a run cannot be done: bad input (400), no such run (404), or not now (409). */
export class RunError extends Error {
  constructor(
    readonly kind: 'input' | 'unknown' | 'phase',
    message: string,
  ) {
    super(message);
    this.name = 'RunError';
  }
}
