import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's `resources/` folder, found upwards from this module so it works from source (tsx) and from out/ (bundle). */
export function resourcesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'datasets'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('resources/ folder not found next to the application');
}
