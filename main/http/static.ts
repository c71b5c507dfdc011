import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { errorReply } from './results.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Reads a file of the built renderer; null when it does not exist or the path tries to leave the folder. */
export async function readStatic(root: string, urlPath: string): Promise<{ type: string; data: Buffer } | null> {
  // `urlPath` is the router's wildcard, already percent-decoded once: decoding it again would read `/app/%25` as `%`.
  const rel = urlPath.split('?')[0].replace(/^\/+/, '') || 'index.html';
  if (rel.includes('\0')) return null;
  const full = normalize(join(root, rel));
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    const data = await readFile(full);
    return { type: TYPES[extname(full)] ?? 'application/octet-stream', data };
  } catch {
    return null;
  }
}

/** The browser GUI: the built renderer at /app/ (index.html for client-side routes; hashed assets cached for good). */
export function registerGuiFiles(app: FastifyInstance, root: string): void {
  const serveApp = async (req: FastifyRequest, reply: FastifyReply) => {
    const rest = (req.params as { '*'?: string })['*'] ?? '';
    // Relative asset URLs need the trailing slash.
    if (req.url.split('?')[0] === '/app') return reply.redirect('/app/');
    const found = (await readStatic(root, rest)) ?? (rest.includes('.') ? null : await readStatic(root, 'index.html'));
    if (!found) return errorReply(reply, 'NOT_FOUND', 'No such file');
    reply.header('Cache-Control', rest.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return reply.type(found.type).send(found.data);
  };
  app.get('/app', serveApp);
  app.get('/app/*', serveApp);
}
