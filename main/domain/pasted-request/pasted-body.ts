/**
 * The bytes of a body pasted as text (raw HTTP, a HAR's postData.text), and what the paste cannot say
 * about them. Text carries characters, not bytes: UTF-8 is the reading unless the request itself says
 * otherwise, and a copy that replaced bytes it could not read has lost them for good.
 */
export interface PastedBody {
  body: Buffer;
  /** What the reader of the diagnosis must know about these bytes; absent when they are the paste's UTF-8. */
  warning?: string;
}

/** The mark a UTF-8 decoder writes for bytes it cannot read (U+FFFD). */
const REPLACED = '\ufffd';

export const REPLACEMENT_WARNING =
  'The body pasted holds U+FFFD (�), the mark a copy leaves where the bytes were not UTF-8: the bytes sent are not in this paste, so the Digest is checked against others. Paste the exchange as cURL or HAR from the Inspector: both carry the exact bytes.';

/**
 * `text` as the bytes the bank received. A log or proxy that shows each byte as one character writes a body
 * that is not UTF-8 in Latin-1; the Content-Length then counts exactly its characters, which no UTF-8
 * reading of a non-ASCII text can: the Latin-1 bytes are taken, and the warning says so.
 */
export function pastedBodyBytes(text: string, contentLength: string | string[] | undefined): PastedBody {
  const utf8 = Buffer.from(text, 'utf8');
  const declared = typeof contentLength === 'string' && /^\d{1,12}$/.test(contentLength.trim()) ? Number(contentLength.trim()) : null;
  if (declared !== null && utf8.length !== declared && text.length === declared && /[\u0080-\u00ff]/.test(text) && !/[\u0100-\uffff]/.test(text)) {
    return {
      body: Buffer.from(text, 'latin1'),
      warning: `The body is read one byte per character (Latin-1, as a log writes bytes that are not UTF-8): so it has the ${declared} bytes its Content-Length says; read as UTF-8 it would have ${utf8.length}.`,
    };
  }
  return text.includes(REPLACED) ? { body: utf8, warning: REPLACEMENT_WARNING } : { body: utf8 };
}
