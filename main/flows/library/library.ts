import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FlowFile } from './format';
import { FlowFormatError, parseFlow } from './validate';

/** Reads and validates one flow file; a bad one names the file and the field. */
export function readFlowFile(file: string): FlowFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    return parseFlow(json);
  } catch (err) {
    if (err instanceof FlowFormatError) throw new Error(`${file}: ${err.message}`);
    throw err;
  }
}

/** Every flow of the library folder, in file-name order. */
export function readLibrary(dir: string): FlowFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const flow = readFlowFile(join(dir, name));
      if (flow.name !== basename(name, '.json')) throw new Error(`${join(dir, name)}: name "${flow.name}" must be the file's name`);
      return flow;
    });
}

/** `npm run flow -- NAME|FILE`: a path (it has a / or ends in .json) is read as a file, anything else is a library name. */
export function findFlow(nameOrFile: string, dir: string): FlowFile {
  if (nameOrFile.includes('/') || nameOrFile.endsWith('.json')) return readFlowFile(nameOrFile);
  const flow = readLibrary(dir).find((f) => f.name === nameOrFile);
  if (flow === undefined) throw new Error(`no flow named ${nameOrFile}; npm run flow -- --list shows the library`);
  return flow;
}
