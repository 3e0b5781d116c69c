// A logged body's bytes, whatever they are: the control API gives `body` (the bytes read as UTF-8) and, when
// that reading does not give the bytes back, `bodyBase64` (the bytes exactly). Copy as cURL, the HAR export and
// Resend start from the bytes. Only what both runtimes have (atob, btoa, TextEncoder, TextDecoder), no Buffer.
import type { ExchangeMessage } from '../preload/api/workbench-api';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The body's exact bytes: `bodyBase64` where the log gives it, else the text as UTF-8; null without a body. */
export function bodyBytes(message: Pick<ExchangeMessage, 'body' | 'bodyBase64'>): Uint8Array | null {
  if (message.bodyBase64 !== undefined) return base64ToBytes(message.bodyBase64);
  return message.body === null ? null : new TextEncoder().encode(message.body);
}

/** The bytes as text when they are UTF-8 (a BOM kept as U+FEFF), else null: they cannot be written as text. */
export function utf8Text(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
