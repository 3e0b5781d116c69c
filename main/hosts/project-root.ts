import { dirname } from 'node:path';
import { resourcesDir } from '../resources-dir';

/** The project's folder, found the way resources/ is, so it holds from the sources (tsx) and from a bundle alike. */
export const projectRoot = (): string => dirname(resourcesDir());
