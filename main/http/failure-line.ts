import type { FailureLine } from '../../preload/api/workbench-api';

/**
 * Why an exchange failed, in a few words for the Inspector's list (an exchange's `failure`): the Berlin Group
 * error's first tppMessage, or the OAuth error (RFC 6749 section 5.2). Made by the host, so a list row needs
 * no body.
 */
export function failureOf(status: number, body: string | null, words = 8): FailureLine | null {
  if (status < 400 || body === null || body === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const { tppMessages, error, error_description: description } = parsed as { tppMessages?: unknown; error?: unknown; error_description?: unknown };
  const first = Array.isArray(tppMessages) ? (tppMessages[0] as { code?: unknown; text?: unknown } | undefined) : undefined;
  const code = typeof first?.code === 'string' ? first.code : typeof error === 'string' ? error : null;
  if (code === null) return null;
  const reason = typeof first?.text === 'string' ? first.text : typeof description === 'string' && first === undefined ? description : '';
  const all = reason.split(/\s+/).filter(Boolean);
  return { code, text: all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ') };
}
