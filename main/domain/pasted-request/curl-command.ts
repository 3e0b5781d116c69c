import { addHeader, isHeaderName, isMethod, pasteProblem, targetOf, type ParsedPaste, type PastedRequest } from './pasted';
import { shellWords } from './shell-words';

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
 * (several joined by &, as curl does), --url. A body read from a file (@file) cannot be pasted.
 */
export function parseCurl(text: string): ParsedPaste {
  const split = shellWords(text.trim());
  if (!split.ok) return pasteProblem(`the cURL command cannot be read: ${split.problem}`);
  const words = split.words;
  if (words[0] !== 'curl') return pasteProblem(`a cURL command starts with curl; this starts with "${(words[0] ?? '').slice(0, 40)}"`);
  let method: string | null = null;
  let url: string | null = null;
  const headers: PastedRequest['headers'] = {};
  const data: string[] = [];
  let i = 1;
  const next = (): string | null => {
    const value = words[i + 1];
    i += 2;
    return value ?? null;
  };
  while (i < words.length) {
    const word = words[i] ?? '';
    // -XPOST, -H'Name: v', -d'{...}': a short option with its value attached.
    const attached = /^-[XHd]./.test(word) ? { option: word.slice(0, 2), value: word.slice(2) } : null;
    const option = attached?.option ?? word;
    const value = (): string | null => {
      if (attached) {
        i += 1;
        return attached.value;
      }
      return next();
    };
    if (option === '-X' || option === '--request') {
      const m = value();
      if (m === null || !isMethod(m)) return pasteProblem(`${option} needs a method such as POST`);
      method = m.toUpperCase();
    } else if (option === '-H' || option === '--header') {
      const h = value();
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
      if (option !== '--data-raw' && d.startsWith('@'))
        return pasteProblem(`${option} ${d.slice(0, 60)} reads the body from a file; paste the command with the body itself (--data-binary '...')`);
      data.push(d);
    } else if (option === '--url') {
      url = value();
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
  const body = data.join('&');
  return { ok: true, request: { method: method ?? (data.length > 0 ? 'POST' : 'GET'), target, headers, body: Buffer.from(body, 'utf8') } };
}
