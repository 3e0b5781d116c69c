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
// midnight and make validUntil look off by one. The one helper for every time on screen.
const formats = {
  dateTime: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  dateTimeSeconds: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }),
  time: new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' }),
  timeSeconds: new Intl.DateTimeFormat(undefined, { timeStyle: 'medium', timeZone: 'UTC' }),
  date: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
  wall: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }),
};

export interface InstantStyle {
  /** Show the seconds (a running clock). */
  seconds?: boolean;
  /** The simulated now (ms): on that UTC day the date is left out, as lists show today's times. */
  today?: number;
}

const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A simulated instant (ISO-8601 or ms) as people read it, in UTC. */
export function formatInstant(instant: string | number, style: InstantStyle = {}): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  const sameDay = style.today !== undefined && !Number.isNaN(style.today) && utcDay(style.today) === utcDay(date.getTime());
  const format = sameDay ? (style.seconds ? formats.timeSeconds : formats.time) : style.seconds ? formats.dateTimeSeconds : formats.dateTime;
  return `${format.format(date)} UTC`;
}

/** A calendar date (YYYY-MM-DD, such as validUntil or an execution date) as people read it. */
export function formatDate(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) ? formats.date.format(date) : day;
}

/**
 * The hover text of a simulated instant: it in full, and when that was on the wall clock (in the
 * viewer's zone), reckoned with the simulated clock's offset now: a move of the clock since shifts it.
 */
export function instantTitle(instant: string, offsetMs: number | null): string {
  const simulated = `Simulated: ${formatInstant(instant, { seconds: true })}`;
  const ms = Date.parse(instant);
  if (offsetMs === null || Number.isNaN(ms)) return simulated;
  return `${simulated}\nWall clock: ${formats.wall.format(new Date(ms - offsetMs))} (at the clock's current offset)`;
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
