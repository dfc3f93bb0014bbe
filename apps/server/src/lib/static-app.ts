import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyStaticOptions } from '@fastify/static';
import { acceptedEncoding, compress, COMPRESS_FROM_BYTES, markEncoding, type Encoding } from './content-encoding.ts';

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
  let page = fs.readFileSync(indexHtml, 'utf8');
  if (headTags) page = page.replace('</head>', () => `${headTags}</head>`);
  reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE);
  return reply.send(compressedFor(reply, page));
}

/**
 * A landing page the server rendered (lib/server-render.ts): its markup in the root element, its head
 * after `headTags`. Visitors who share one render share its page too: put together and compressed once
 * per encoding, kept only as long as the render object is (a WeakMap).
 */
export function sendRenderedPage(
  reply: FastifyReply,
  indexHtml: string,
  headTags: string,
  rendered: { html: string; head: string; layout: 'pc' | 'phone' },
) {
  const encoding = acceptedEncoding(reply);
  let made = sentForms.get(rendered);
  if (!made) sentForms.set(rendered, (made = new Map()));
  let body = made.get(encoding);
  if (!body) {
    let page = fs.readFileSync(indexHtml, 'utf8');
    page = page.replace('</head>', () => `${headTags}</head>`);
    page = inlineStylesheets(page, path.dirname(indexHtml))
      .replace('</head>', () => `${rendered.head}${SHOWN_ONLY_AT_ITS_WIDTH[rendered.layout]}</head>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-server-layout="${rendered.layout}">${rendered.html}</div>`,
      );
    made.set(encoding, (body = compress(Buffer.from(page), encoding)));
  }
  reply.type('text/html; charset=utf-8').header('cache-control', PAGE_CACHE);
  markEncoding(reply, encoding);
  return reply.send(body);
}

const sentForms = new WeakMap<object, Map<Encoding, Buffer>>();

/**
 * A rendered page's stylesheets put in the page itself (a few kB in all): the browser paints it as soon as
 * the page has come instead of waiting for those files, which were measured arriving a second late behind
 * the scripts on a phone. Vite links them again when their chunks load (the same rules, applied twice).
 */
function inlineStylesheets(page: string, dist: string): string {
  return page.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g, (link, file: string) => {
    const css = builtStylesheet(path.join(dist, file));
    return css === null || css.includes('</style') ? link : `<style data-href="/${file}">${css}</style>`;
  });
}

/**
 * A built stylesheet's text, read once: its name carries its content's hash, so it never changes (a new
 * build has new names). Null for a file that is not there — the browser asks for it and gets the 404 it
 * would have got.
 */
function builtStylesheet(file: string): string | null {
  let css = stylesheets.get(file);
  if (css === undefined) {
    try {
      css = fs.readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    stylesheets.set(file, css);
  }
  return css;
}
const stylesheets = new Map<string, string>();

/**
 * The server renders a PC's layout or a phone's, by the browser: a window of the other width (antd's md
 * breakpoint, as apps/web/src/lib/useIsPhone.ts) does not show it, and the app draws its own layout there.
 */
const SHOWN_ONLY_AT_ITS_WIDTH = {
  pc: '<style>@media (max-width: 767.98px){#root[data-server-layout]{display:none}}</style>',
  phone: '<style>@media (min-width: 768px){#root[data-server-layout]{display:none}}</style>',
};

/**
 * A page made per request (a landing page the server rendered) in brotli or gzip as the browser accepts
 * them: the built files have their copies made at build instead.
 */
function compressedFor(reply: FastifyReply, page: string): string | Buffer {
  const body = Buffer.from(page);
  if (body.length < COMPRESS_FROM_BYTES) return page;
  const encoding = acceptedEncoding(reply);
  markEncoding(reply, encoding);
  return compress(body, encoding);
}
