import type { ExchangeMessage, HeaderLine } from '../preload/api/workbench-api';

/**
 * A message's header lines as they went over the wire: the logged lines where the bank kept them (names
 * as sent, a header sent twice as two lines), else one line per value of the header object.
 */
export function headerLinesOf(message: Pick<ExchangeMessage, 'headers' | 'rawHeaders'>): HeaderLine[] {
  return (
    message.rawHeaders ?? Object.entries(message.headers).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): HeaderLine => [name, v]))
  );
}
