// The exact bytes of a body as a hex dump: offset, 16 bytes in hex, the printable ASCII beside them.

/** The hex view shows at most this many bytes; a note says how many more there are. */
export const HEX_LIMIT = 64 * 1024;

const BYTES_PER_LINE = 16;

/** One line per 16 bytes: `00000010  7b 22 61 22 ...  |{"a"...|`, a short last line padded so the ASCII column stays aligned. */
export function hexLines(bytes: Uint8Array, limit = HEX_LIMIT): string[] {
  const shown = Math.min(bytes.length, limit);
  const lines: string[] = [];
  for (let offset = 0; offset < shown; offset += BYTES_PER_LINE) {
    const chunk = bytes.subarray(offset, Math.min(offset + BYTES_PER_LINE, shown));
    const hex = [...chunk].map((b) => b.toString(16).padStart(2, '0'));
    // An extra space after the eighth byte, as hexdump -C does.
    const columns = `${hex.slice(0, 8).join(' ')}  ${hex.slice(8).join(' ')}`.padEnd(BYTES_PER_LINE * 3, ' ');
    const ascii = [...chunk].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(8, '0')}  ${columns} |${ascii}|`);
  }
  return lines;
}
