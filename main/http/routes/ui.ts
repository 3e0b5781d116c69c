import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json',
};

/**
 * Who may show the UI in a frame: nobody. A meta element cannot carry frame-ancestors (Chromium
 * ignores it there and logs an error), so it travels as a header; Electron's header policy has it too.
 */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

/** Files of the renderer's public folder, served at the root as Vite puts them there. */
const PUBLIC_FILES = ['favicon.svg'];

/** The built renderer, for the browser host: `/` and the files under it, never outside the folder. */
export function uiRoutes(app: FastifyInstance, uiRoot: string): void {
  const root = normalize(uiRoot + sep);
  const serve = async (relative: string): Promise<{ type: string; data: Buffer } | null> => {
    const file = normalize(join(root, relative));
    if (!file.startsWith(root)) return null;
    try {
      return { type: TYPES[extname(file)] ?? 'application/octet-stream', data: await readFile(file) };
    } catch {
      return null;
    }
  };

  app.get('/', async (_request, reply) => {
    const index = await serve('index.html');
    if (!index) return reply.code(404).type('text/plain').send('the UI is not built');
    return reply.type(index.type).header('cache-control', 'no-cache').header('content-security-policy', FRAME_ANCESTORS).send(index.data);
  });

  for (const name of PUBLIC_FILES) {
    app.get(`/${name}`, async (_request, reply) => {
      const file = await serve(name);
      if (!file) return reply.code(404).type('text/plain').send('not found');
      return reply.type(file.type).header('cache-control', 'no-cache').send(file.data);
    });
  }

  app.get('/assets/*', async (request, reply) => {
    const file = await serve(join('assets', (request.params as { '*': string })['*']));
    if (!file) return reply.code(404).type('text/plain').send('not found');
    return reply.type(file.type).header('cache-control', 'public, max-age=31536000, immutable').send(file.data);
  });
}
