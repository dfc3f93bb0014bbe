import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * How a browser app's Vite build (the buyer app at /, the console at /admin/) is sent:
 * - files under assets/ are named by their content hash, so a browser keeps them for a year without
 *   asking again (`immutable`); every other file (the page, the favicon) is checked each time (`no-cache`,
 *   answered 304 when unchanged), so a new build is seen at once;
 * - the build's brotli and gzip copies (scripts/vite-precompress.ts) are sent to a browser that accepts
 *   them (brotli first), with `Vary: Accept-Encoding`; nothing is compressed per request.
 */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const PAGE_CACHE = 'no-cache';

export function builtAppStatic(dist: string): FastifyStaticOptions {
  const assets = path.join(dist, 'assets') + path.sep;
  return {
    root: dist,
    preCompressed: true,
    // The copies are found through Accept-Encoding, never asked for by name.
    globIgnore: ['**/*.br', '**/*.gz'],
    allowedPath: (pathName) => !/\.(br|gz)$/.test(pathName),
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE_CACHE : PAGE_CACHE);
    },
  };
}

/**
 * The app's page (index.html) for one of its client routes, with `headTags` (lib/route-preload.ts) added
 * at the end of its head; read per request, so a new build needs no restart.
 */
export function sendAppPage(reply: FastifyReply, indexHtml: string, headTags = '') {
  const page = fs.readFileSync(indexHtml, 'utf8');
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', PAGE_CACHE)
    .send(headTags ? page.replace('</head>', `${headTags}</head>`) : page);
}
