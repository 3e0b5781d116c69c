import type { Exchange } from '../../../../preload/api/workbench-api';

/**
 * Who sent an exchange, in words: the TPP the bank identified (token or certificate of the connection);
 * else, for a request refused before that (a header sent twice, a bad registration), the TPP its signing
 * certificate names; else none.
 */
export function tppInWords(exchange: Pick<Exchange, 'tppId' | 'signature'>): string {
  if (exchange.tppId) return `TPP ${exchange.tppId}`;
  const named = exchange.signature?.certificate?.organizationId;
  return named ? `TPP ${named} (named by its signing certificate)` : 'no TPP identified';
}
