// The pain.001 templates of resources/templates: the built-in TPP fills payments from them and the
// control API hands them out per institution (services/payments/templates.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourcesDir } from './resources-dir';

/** One pain.001 template of resources/templates/index.json. */
export interface Pain001Template {
  file: string;
  product: string;
  kind: 'single' | 'bulk';
  institution: string;
  title: string;
}

const templatesDir = (): string => join(resourcesDir(), 'templates');

export const templateIndex = (): Pain001Template[] => JSON.parse(readFileSync(join(templatesDir(), 'index.json'), 'utf8')) as Pain001Template[];

/** The template's text exactly as stored: its bytes are what gets signed. */
export function readTemplate(file: string): string {
  if (!templateIndex().some((t) => t.file === file)) throw new Error(`no pain.001 template ${file} in resources/templates/index.json`);
  return readFileSync(join(templatesDir(), file), 'utf8');
}
