// `npm test` runs the paced project in a Vitest of its own beside the rest (test/run-all.ts): no
// project may be left out of the two runs, and no file may run in both or in neither.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config, { PACED } from '../../vitest.config';
import { MAIN_PROJECTS, PACED_PROJECTS } from '../run-all';

const ROOT = join(import.meta.dirname, '..', '..');

interface ProjectOptions {
  test: { name: string; include: string[]; exclude?: string[] };
}
const projects = (config.test?.projects ?? []) as ProjectOptions[];
const project = (name: string): ProjectOptions['test'] | undefined => projects.find((p) => p.test.name === name)?.test;

describe('the test command', () => {
  it('is the runner of both Vitest runs', () => {
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.test).toBe('tsx test/run-all.ts');
  });

  it('runs every project of vitest.config.ts, each in one of its two runs', () => {
    const run = [...MAIN_PROJECTS, ...PACED_PROJECTS];
    expect(new Set(run).size).toBe(run.length);
    expect(run.toSorted()).toEqual(projects.map((p) => p.test.name).toSorted());
  });

  it('keeps the paced files out of the UI project and in the paced one', () => {
    expect(PACED.length).toBeGreaterThan(0);
    expect(project('paced')?.include).toEqual(PACED);
    for (const file of PACED) {
      expect(file.startsWith('test/ui/')).toBe(true);
      expect(project('ui')?.exclude).toContain(file);
    }
  });
});
