import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from '../../domain/dataset/types';
import { validateDataset } from '../../domain/dataset/validate';
import { resourcesDir } from '../../resources-dir';

export class DatasetFileError extends Error {}

export const defaultDatasetFile = (): string => join(resourcesDir(), 'datasets', 'default.json');

/** Reads and validates a dataset file; every problem names the file and the bad field. */
export function loadDataset(file: string = defaultDatasetFile()): Dataset {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new DatasetFileError(`cannot read dataset ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DatasetFileError(`dataset ${file} is not valid JSON: ${(err as Error).message}`);
  }
  try {
    return validateDataset(json);
  } catch (err) {
    throw new DatasetFileError(`dataset ${file}: ${(err as Error).message}`);
  }
}
