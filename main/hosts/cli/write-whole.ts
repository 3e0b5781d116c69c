import { renameSync, writeFileSync } from 'node:fs';

/** A report file appears whole or not at all: a CI step that reads it never sees half of one. */
export function writeWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}
