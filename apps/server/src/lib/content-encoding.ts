import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

/**
 * How the server compresses what it sends itself (rendered pages, the kept JSON replies): brotli first,
 * then gzip, as the browser's Accept-Encoding allows; every browser asks for both. Built files have
 * their copies made at build instead (scripts/vite-precompress.ts).
 */
export type Encoding = 'br' | 'gzip' | 'identity';

/** Bodies smaller than this are sent as they are: compressing them saves a few bytes and costs a header. */
export const COMPRESS_FROM_BYTES = 1024;

/** The encoding to send `reply` in: brotli, else gzip, else none; a coding refused with `q=0` is not used. */
export function acceptedEncoding(reply: FastifyReply): Encoding {
  return encodingAccepted(reply.request.headers['accept-encoding']);
}

/** The encoding an `Accept-Encoding` header asks for (acceptedEncoding). */
export function encodingAccepted(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let known = readHeaders.get(header);
  if (known === undefined) {
    // A browser sends the same header on every request: each is read once (a few kinds, kept few).
    if (readHeaders.size >= MAX_READ_HEADERS) readHeaders.clear();
    readHeaders.set(header, (known = encodingFor(header)));
  }
  return known;
}

const MAX_READ_HEADERS = 64;
const readHeaders = new Map<string, Encoding>();

function encodingFor(header: string): Encoding {
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    const q = params.find((p) => /^\s*q\s*=/i.test(p));
    if (q !== undefined && !(Number(q.split('=')[1]) > 0)) continue;
    if (coding === 'br') return 'br';
    gzip = true;
  }
  return gzip ? 'gzip' : 'identity';
}

/** At a quick level (~2–4 ms for 200 kB): what is compressed per request or per change must not stall others. */
export function compress(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  if (encoding === 'gzip') return zlib.gzipSync(body, { level: 6 });
  return body;
}

/**
 * `body` in brotli at its best quality, made in libuv's thread pool so that no request waits for it (36 ms
 * for the 21 kB category tree, against 0.3 ms at the quick level): for a body kept and sent many times it
 * is a quarter smaller (the tree's 3.2 kB become 2.4 kB), for every buyer and for the server's writes.
 * `then` is not called if it fails; the quick copy stays.
 */
export function compressBest(body: Buffer, then: (compressed: Buffer) => void) {
  const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length };
  zlib.brotliCompress(body, { params }, (err, compressed) => {
    if (!err) then(compressed);
  });
}

/** Marks `reply` as sent in `encoding`, for caches that keep one copy per encoding. */
export function markEncoding(reply: FastifyReply, encoding: Encoding) {
  reply.header('vary', 'Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
}
