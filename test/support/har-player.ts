// A small HAR player: sends a HAR entry's request as its header lines and bytes say, over a raw socket
// (test/support/qa-set.ts sendRaw), as any tool that replays a HAR would. Host and Content-Length are the
// connection's own; every other line goes in order, and the body is postData's text (UTF-8) or, with
// "encoding": "base64", the bytes it encodes.
import type { HarEntry } from '../../shared/har';
import { sendRaw, type RawAnswer } from './qa-forms';

const RECOMPUTED = new Set(['host', 'content-length', 'connection']);

export function harRequestBytes(entry: HarEntry): Buffer {
  const post = entry.request.postData;
  if (post === undefined) return Buffer.alloc(0);
  return post.encoding === 'base64' ? Buffer.from(post.text, 'base64') : Buffer.from(post.text, 'utf8');
}

export function playHarEntry(entry: HarEntry, origin: string): Promise<RawAnswer> {
  const url = new URL(entry.request.url);
  return sendRaw(origin, {
    method: entry.request.method,
    path: `${url.pathname}${url.search}`,
    headers: entry.request.headers.filter((h) => !RECOMPUTED.has(h.name.toLowerCase())).map((h) => [h.name, h.value]),
    body: harRequestBytes(entry),
  });
}
