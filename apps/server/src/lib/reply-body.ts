import type { FastifyReply } from 'fastify';
import { compress, compressBest, COMPRESS_FROM_BYTES, encodingAccepted, type Encoding } from './content-encoding.ts';

/**
 * A success reply kept between requests (the cached reads: site settings, the category tree, the best
 * sellers, a goods page): the envelope (`ok` in @mall/shared) around data that is already JSON text,
 * encoded to UTF-8 once, and compressed once per encoding a browser asks for (when `compressible`). Serialising and encoding
 * the same Chinese text on every request was most of what those routes cost (a CPU profile of
 * /member/site/site: 44 % in the string's UTF-8 write to the socket); the tree's 21 kB were copied to
 * the socket on every request (writev, a quarter of its profile), where brotli sends 3 kB.
 */
export class KeptBody {
  readonly identity: Buffer;
  private readonly compressed = new Map<Encoding, Buffer>();

  /**
   * `compressible` false: sent as it is whatever the browser accepts, for a body made again so often that
   * compressing each one would cost more than it saves (a goods page, every 2 s per goods: measured
   * 10–30 % fewer answers under `goods detail` when they were).
   */
  constructor(
    json: string,
    readonly compressible = true,
  ) {
    this.identity = Buffer.from(`{"code":0,"message":"操作成功","data":${json},"success":true}`);
  }

  /**
   * The body in `encoding`, compressed on the first ask at a quick level; brotli's copy is then made
   * again at its best in the background and replaces the quick one when it is ready.
   */
  in(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.identity;
    let body = this.compressed.get(encoding);
    if (!body) {
      this.compressed.set(encoding, (body = compress(this.identity, encoding)));
      if (encoding === 'br') this.brotliAtBest(body);
    }
    return body;
  }

  private brotliAtBest(quick: Buffer) {
    compressBest(this.identity, (best) => {
      if (best.length < quick.length) this.compressed.set('br', best);
    });
  }
}

/** The KeptBody of the last text it was given, made again only when the text changes. */
export function keptBodyOf(): (json: string) => KeptBody {
  let lastJson = '';
  let last = new KeptBody('null');
  return (json) => {
    if (json !== lastJson) last = new KeptBody(json);
    lastJson = json; // the same text read again: compared by reference from now on
    return last;
  };
}

/** A kept body as it goes out to one request: its bytes, and the headers that say what they are. */
export interface KeptReply {
  bytes: Buffer;
  headers: Readonly<Record<string, string>>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const HEADERS_OF: Readonly<Record<Encoding | 'as-is', Readonly<Record<string, string>>>> = {
  'as-is': { 'content-type': JSON_TYPE },
  identity: { 'content-type': JSON_TYPE, vary: 'Accept-Encoding' },
  gzip: { 'content-type': JSON_TYPE, vary: 'Accept-Encoding', 'content-encoding': 'gzip' },
  br: { 'content-type': JSON_TYPE, vary: 'Accept-Encoding', 'content-encoding': 'br' },
};

/**
 * `body` for a request that sent `acceptEncoding`: compressed when the browser accepts it
 * (`Vary: Accept-Encoding` either way), as it is when it is small or not `compressible`.
 */
export function keptReplyOf(body: KeptBody, acceptEncoding: string | undefined): KeptReply {
  if (!body.compressible || body.identity.length < COMPRESS_FROM_BYTES) {
    return { bytes: body.identity, headers: HEADERS_OF['as-is'] };
  }
  const encoding = encodingAccepted(acceptEncoding);
  return { bytes: body.in(encoding), headers: HEADERS_OF[encoding] };
}

/** Sends a kept body through Fastify (keptReplyOf; the kept reads' own door is lib/kept-door.ts). */
export function sendKeptBody(reply: FastifyReply, body: KeptBody) {
  const { bytes, headers } = keptReplyOf(body, reply.request.headers['accept-encoding']);
  return reply.headers(headers).send(bytes);
}
