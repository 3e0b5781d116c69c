/** The colour class of an HTTP status: success, redirect, client error, server error. */
export function httpStatusClass(status: number): string {
  if (status >= 500) return 'http-status http-5xx';
  if (status >= 400) return 'http-status http-4xx';
  if (status >= 300) return 'http-status http-3xx';
  if (status >= 200) return 'http-status http-2xx';
  return 'http-status http-other';
}

/** A status as shown: 0 is an exchange no answer went out for (a fault rule dropped the connection). */
export const statusInWords = (status: number): string => (status === 0 ? 'no answer' : String(status));

/** The header a faulted answer carries (main/http/faults.ts): which rule, and what it did. */
export const FAULT_MARK_HEADER = 'psd2-workbench-fault';

export function responseHeaderValue(headers: Record<string, string | string[]>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([n]) => n.toLowerCase() === name);
  if (!entry) return undefined;
  return Array.isArray(entry[1]) ? entry[1].join(', ') : entry[1];
}

/** Durations to a tenth of a millisecond below 10 ms, whole milliseconds above. */
export function formatDuration(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
