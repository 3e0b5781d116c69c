// "Copy as cURL": one command a user can paste into a POSIX shell to replay an exchange.
// Pure, so the unit tests pin the quoting (test/unit/curl.test.ts).

export interface CurlInput {
  method: string;
  /** Path (and query) on the simulator, as the exchange log records it. */
  url: string;
  headers: Record<string, string | string[]>;
  body: string | null;
}

/** Computed again by curl from what it actually sends; copying them would lie after an edit. */
const SKIPPED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'keep-alive', 'accept-encoding']);

/** Single quotes keep everything literal in sh, bash and zsh; a quote inside becomes '\''. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function buildCurl(request: CurlInput, simulatorUrl: string): string {
  const lines = [`curl --silent --show-error --request ${shellQuote(request.method.toUpperCase())} ${shellQuote(`${simulatorUrl}${request.url}`)}`];
  for (const [name, value] of Object.entries(request.headers)) {
    if (SKIPPED_HEADERS.has(name.toLowerCase())) continue;
    for (const v of Array.isArray(value) ? value : [value]) lines.push(`--header ${shellQuote(`${name}: ${v}`)}`);
  }
  // --data-binary sends the bytes untouched (plain --data strips newlines), which the Digest needs.
  if (request.body !== null && request.body !== '') lines.push(`--data-binary ${shellQuote(request.body)}`);
  return lines.join(' \\\n  ');
}
