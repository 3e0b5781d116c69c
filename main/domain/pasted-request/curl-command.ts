import { addHeader, isHeaderName, isMethod, pasteProblem, targetOf, type ParsedPaste, type PastedRequest } from './pasted';
import { shellTokens, type ShellToken } from './shell-words';
import { printfOutput } from './printf-format';

/** Options that change nothing the bank sees of the request, with no value. */
const FLAGS = new Set([
  '-s',
  '--silent',
  '-S',
  '--show-error',
  '-v',
  '--verbose',
  '-i',
  '--include',
  '-k',
  '--insecure',
  '--compressed',
  '-L',
  '--location',
  '-g',
  '--globoff',
  '-f',
  '--fail',
  '--fail-with-body',
  '--http1.1',
  '--http2',
  '-#',
  '--progress-bar',
  '-N',
  '--no-buffer',
  '--raw',
]);
/** Options that take a value but change nothing the bank sees (TLS material, output, timing). */
const VALUED = new Set([
  '-o',
  '--output',
  '-E',
  '--cert',
  '--key',
  '--cacert',
  '--capath',
  '--cert-type',
  '--key-type',
  '--pass',
  '-m',
  '--max-time',
  '--connect-timeout',
  '-w',
  '--write-out',
  '--resolve',
  '--connect-to',
  '--retry',
  '-D',
  '--dump-header',
  '--trace',
  '--trace-ascii',
  '--proxy',
  '-x',
]);
const DATA = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii']);
const SHORT_FLAGS = 'sSvikLgfN#';

/**
 * A curl command line as a TPP's log or a browser's "Copy as cURL" gives it (bash quoting, with
 * $'...' for control bytes): -X/--request, -H/--header, -d/--data/--data-raw/--data-binary/--data-ascii
 * (several joined by &, as curl does), --url. The body is the bytes bash hands curl ($'\xFC' is the one
 * byte FC); `printf '...' | curl ... --data-binary @-`, the Inspector's form for a body that is not UTF-8 or
 * holds a NUL, gives it printf's bytes. A body read from a file (@file) cannot be pasted.
 */
export function parseCurl(text: string): ParsedPaste {
  const split = shellTokens(text.trim());
  if (!split.ok) return pasteProblem(`the cURL command cannot be read: ${split.problem}`);
  const piped = pipedInput(split.tokens);
  if (!piped.ok) return piped;
  const words = piped.command.map((t) => t.text);
  if (words[0] !== 'curl') return pasteProblem(`a cURL command starts with curl; this starts with "${(words[0] ?? '').slice(0, 40)}"`);
  let method: string | null = null;
  let url: string | null = null;
  const headers: PastedRequest['headers'] = {};
  const data: Buffer[] = [];
  let i = 1;
  const next = (): ShellToken | null => {
    const value = piped.command[i + 1];
    i += 2;
    return value ?? null;
  };
  while (i < words.length) {
    const token = piped.command[i] as ShellToken;
    const word = token.text;
    // -XPOST, -H'Name: v', -d'{...}': a short option with its value attached.
    const attached = /^-[XHd]./.test(word) ? { option: word.slice(0, 2), value: { ...token, text: word.slice(2), bytes: token.bytes.subarray(2) } } : null;
    const option = attached?.option ?? word;
    const value = (): ShellToken | null => {
      if (attached) {
        i += 1;
        return attached.value;
      }
      return next();
    };
    if (option === '-X' || option === '--request') {
      const m = value()?.text ?? null;
      if (m === null || !isMethod(m)) return pasteProblem(`${option} needs a method such as POST`);
      method = m.toUpperCase();
    } else if (option === '-H' || option === '--header') {
      const h = value()?.text ?? null;
      if (h === null) return pasteProblem(`${option} needs a header such as 'Digest: SHA-256=...'`);
      const colon = h.indexOf(':');
      const name = colon > 0 ? h.slice(0, colon) : '';
      if (!isHeaderName(name)) return pasteProblem(`${option} '${h.slice(0, 80)}' is not Name: value`);
      const headerValue = h.slice(colon + 1).trim();
      // curl's way of removing a header ("Name:") or sending it empty ("Name;").
      if (headerValue !== '') addHeader(headers, name, headerValue);
    } else if (DATA.has(option)) {
      const d = value();
      if (d === null) return pasteProblem(`${option} needs the body`);
      if (option !== '--data-raw' && d.text === '@-') {
        if (piped.stdin === null)
          return pasteProblem(`${option} @- reads the body from standard input, and nothing is piped into curl; paste the printf before the |`);
        // curl drops carriage returns and newlines from a file given to --data; --data-binary keeps every byte.
        data.push(option === '--data-binary' ? piped.stdin : Buffer.from(piped.stdin.filter((b) => b !== 0x0d && b !== 0x0a)));
      } else if (option !== '--data-raw' && d.text.startsWith('@')) {
        return pasteProblem(`${option} ${d.text.slice(0, 60)} reads the body from a file; paste the command with the body itself (--data-binary '...')`);
      } else data.push(d.bytes);
    } else if (option === '--url') {
      url = value()?.text ?? null;
    } else if (FLAGS.has(word) || new RegExp(`^-[${SHORT_FLAGS}]+$`).test(word)) {
      i += 1;
    } else if (VALUED.has(word)) {
      i += 2;
    } else if (word.startsWith('-')) {
      return pasteProblem(`the option ${word} is not one the diagnosis understands; keep -X, -H and --data-binary (or --data, --data-raw) and the URL`);
    } else {
      if (url !== null) return pasteProblem(`the command has two URLs: ${url} and ${word}`);
      url = word;
      i += 1;
    }
  }
  if (url === null) return pasteProblem('the cURL command has no URL');
  const target = targetOf(url);
  if (target === null) return pasteProblem(`"${url.slice(0, 120)}" is not an http(s) URL`);
  const body = Buffer.concat(data.flatMap((d, n) => (n === 0 ? [d] : [Buffer.from('&'), d])));
  return { ok: true, request: { method: method ?? (data.length > 0 ? 'POST' : 'GET'), target, headers, body } };
}

type Piped = { ok: true; command: ShellToken[]; stdin: Buffer | null } | { ok: false; problem: string };

/** The curl command and what is piped into it: nothing, or the bytes of one `printf 'FORMAT'` before the |. */
function pipedInput(tokens: readonly ShellToken[]): Piped {
  const pipes = tokens.flatMap((t, n) => (t.pipe ? [n] : []));
  if (pipes.length === 0) return { ok: true, command: [...tokens], stdin: null };
  const [feeder, ...rest] = [tokens.slice(0, pipes[0]), tokens.slice((pipes[0] ?? 0) + 1)];
  if (pipes.length > 1 || rest[0]?.[0]?.text !== 'curl')
    return { ok: false, problem: 'only one command may be piped into curl: printf with the body, as the Inspector writes it' };
  if (feeder[0]?.text !== 'printf' || feeder.length !== 2)
    return {
      ok: false,
      problem: `the body piped into curl must come from printf 'FORMAT' (one argument, as the Inspector writes it), not ${feeder
        .map((t) => t.text)
        .join(' ')
        .slice(0, 60)}`,
    };
  const output = printfOutput((feeder[1] as ShellToken).bytes);
  if (!output.ok) return { ok: false, problem: output.problem };
  return { ok: true, command: rest[0], stdin: output.bytes };
}
