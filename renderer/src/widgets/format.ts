const UUID_LIKE = /^[0-9a-f]{8}-[0-9a-f-]{27}$/i;
const MAX_READABLE = 24;

/**
 * Generated identifiers are UUIDs whose first block is already unique enough to tell rows
 * apart; the sandbox's fixed identifiers are words and stay readable whole.
 */
export function shortId(id: string): string {
  if (UUID_LIKE.test(id)) return `${id.slice(0, 8)}…`;
  return id.length > MAX_READABLE ? `${id.slice(0, MAX_READABLE - 1)}…` : id;
}

/** A URL path with each generated identifier in it shortened as shortId does; other segments stay whole. */
export function shortIdsInPath(path: string): string {
  return path
    .split('/')
    .map((segment) => (UUID_LIKE.test(segment) ? shortId(segment) : segment))
    .join('/');
}

// The simulated clock lives in UTC; showing it in the viewer's zone would shift dates around
// midnight and make validUntil look off by one.
const instantFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${instantFormat.format(date)} UTC`;
}

export function formatAmount(amount: string, currency: string): string {
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    // An unknown currency code must still show the bank's figure rather than nothing.
    return `${amount} ${currency}`;
  }
}

const PRODUCT_LABELS: Record<string, string> = {
  'pain.001-sepa-credit-transfers': 'SEPA',
  'pain.001-internal-transfers': 'Internal',
  'pain.001-swift-transfers': 'SWIFT',
  'pain.001-chaps-payments': 'CHAPS',
  'pain.001-faster-payments': 'Faster Payments',
};

/** A payment product as people say it; the wire name stays one hover away. */
export function productLabel(product: string): string {
  return PRODUCT_LABELS[product] ?? product;
}
