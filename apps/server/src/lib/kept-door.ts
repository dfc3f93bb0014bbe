import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { keptReplyOf, sendKeptBody, type KeptBody } from './reply-body.ts';
import { DATA_HEADERS } from './security-headers.ts';

/** How a request answered at the door is counted (the app's /metrics, lib/metrics.ts). */
export type Answered = (method: string, route: string, status: number, seconds: number) => void;

interface KeptRead {
  route: string;
  read: () => Promise<KeptBody>;
}

/**
 * The kept reads' door: the shop's http server answers a GET of a kept read (the site settings, the
 * category tree, the best sellers) itself, before Fastify routes the request, with the same bytes and
 * headers as the route: the body and its encoding from keptReplyOf, the data replies' security headers,
 * the request id (the same maker as Fastify's), counted under the route's pattern in /metrics. Anything
 * else, the same address with a query string or another method included, goes to Fastify.
 *
 * Why: those reads are answered from memory, and what Fastify does around them (its request and reply
 * objects, routing, the hooks, the reply's serialisation) cost as much as the rest together; measured in
 * docs/performance.md «Kept reads at the door».
 *
 * The door is open only while nothing would be written of each request: with the logger at `info` or
 * finer, Fastify writes two lines per request, so every request goes through it (app.ts). It closes as
 * the server begins to close, so that the replies still sent say `Connection: close` (health routes).
 */
export class KeptDoor {
  readonly #reads = new Map<string, KeptRead>();
  #answered: Answered | undefined;

  constructor(private readonly requestId: (req: IncomingMessage) => string) {}

  /** Answers GET `url` (exactly) with `read`'s body, as the route `route` (its pattern) answers it through Fastify. */
  add(url: string, read: () => Promise<KeptBody>, route = url) {
    this.#reads.set(url, { route, read });
  }

  /** From now on the door answers, counting each answer with `answered`. */
  open(answered: Answered) {
    this.#answered = answered;
  }

  close() {
    this.#answered = undefined;
  }

  /** Fastify's `serverFactory`: its http server, as Fastify makes it, with the door in front of `fastify`. */
  server(fastify: RequestListener, options: FastifyServerOptions): http.Server {
    const server = http.createServer((req, res) => this.#take(req, res, fastify));
    server.keepAliveTimeout = options.keepAliveTimeout!;
    server.requestTimeout = options.requestTimeout!;
    server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket! > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
    return server;
  }

  #take(req: IncomingMessage, res: ServerResponse, fastify: RequestListener) {
    const kept = this.#answered && req.method === 'GET' ? this.#reads.get(req.url!) : undefined;
    if (!kept) return fastify(req, res);
    const started = performance.now();
    kept.read().then(
      (body) => this.#send(req, res, kept.route, body, started),
      // the read failed (the database away while it fills again): the route answers, with its error reply
      () => fastify(req, res),
    );
  }

  #send(req: IncomingMessage, res: ServerResponse, route: string, body: KeptBody, started: number) {
    const { bytes, headers } = keptReplyOf(body, req.headers['accept-encoding']);
    res.writeHead(200, {
      ...headers,
      ...DATA_HEADERS,
      'x-request-id': this.requestId(req),
      'content-length': bytes.length,
    });
    res.end(bytes);
    this.#answered?.('GET', route, 200, (performance.now() - started) / 1000);
  }
}

/** A kept read at a fixed address: its Fastify route and its entry at the door, both answering with `read`. */
export function keptRoute(app: FastifyInstance, url: string, read: () => Promise<KeptBody>) {
  app.get(url, async (_req, reply) => sendKeptBody(reply, await read()));
  app.keptDoor.add(url, read);
}
