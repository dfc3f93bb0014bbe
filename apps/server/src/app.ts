import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import qs from 'qs';
import { sql } from 'drizzle-orm';
import { Code, fail, messageFor, ok } from '@mall/shared';
import type { AppContext } from './lib/context.ts';
import { registerAdminApp } from './lib/admin-app.ts';
import { DEFAULT_ADMIN_DIST, DEFAULT_WEB_DIST, PUBLIC_DIR } from './lib/server-files.ts';
import { AppError, loggableError } from './lib/errors.ts';
import { loggerOptions } from './lib/logger.ts';
import { requestLogger } from './lib/request-logger.ts';
import { requestIdMaker } from './lib/request-id.ts';
import { KeptDoor } from './lib/kept-door.ts';
import { allowSameOriginFrame, DATA_PATH, securityHeadersOf } from './lib/security-headers.ts';
import { landingPreloads } from './lib/route-preload.ts';
import { serverRenderer } from './lib/server-render.ts';
import { builtAppStatic, sendAppPage, sendRenderedPage } from './lib/static-app.ts';
import { isDatabaseUnreachable } from './lib/database-unreachable.ts';
import { StorageFullError } from './lib/storage/file-storage.ts';
import { registerRoutes } from './routes.ts';
import { healthRoutes } from './modules/health/index.ts';
import type { PoolFigures } from './lib/metrics.ts';
import { listenForMarks, SoldOutMarks, type MarksListener } from './modules/activities/index.ts';
import { listenForCacheChanges, type CacheListener } from './lib/cache-listener.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The kept reads answered before Fastify routes them (lib/kept-door.ts). */
    keptDoor: KeptDoor;
  }
}

export { DEFAULT_WEB_DIST } from './lib/server-files.ts';

export interface BuildOptions {
  /** Context without the logger; the app's own logger is added. */
  ctx: Omit<AppContext, 'log' | 'soldOut'>;
  logger?: boolean;
  /** The database pool's figures for /metrics (PostgreSQL only). */
  poolFigures?: () => PoolFigures;
}

/** Every `{ err }` a log line carries goes through loggableError: no failed query's text or parameters. */
function withSafeErrors(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options || typeof options !== 'object') return options;
  return { ...options, serializers: { ...options.serializers, err: loggableError } };
}

export async function buildApp({ ctx, logger = true, poolFigures }: BuildOptions): Promise<FastifyInstance> {
  const requestId = requestIdMaker();
  const keptDoor = new KeptDoor(requestId);
  const app = Fastify({
    logger: logger ? withSafeErrors(loggerOptions(ctx.config.LOG_LEVEL)) : false,
    ...(logger ? { childLoggerFactory: requestLogger } : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.TRUST_PROXY,
    genReqId: requestId,
    routerOptions: { maxParamLength: 200 },
    serverFactory: (handler, options) => keptDoor.server(handler, options),
  });
  app.decorate('keptDoor', keptDoor);
  const soldOut = new SoldOutMarks();
  app.decorate('ctx', { ...ctx, log: app.log, soldOut });
  // 秒杀 sold-out marks shared by every server process (LISTEN/NOTIFY), kept while the app serves.
  let marksListener: MarksListener | undefined;
  // In-process caches dropped in every server process when their data changes (lib/cache-bus.ts).
  let cacheListener: CacheListener | undefined;
  app.addHook('onReady', async () => {
    cacheListener = await listenForCacheChanges(app.ctx);
    marksListener = await listenForMarks(app.ctx, soldOut);
  });
  app.addHook('onClose', async () => {
    await cacheListener?.stop();
    await marksListener?.stop();
  });
  // Every reply's own headers, in one hook: its request id and its security headers.
  const securityHeaders = securityHeadersOf();
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    reply.headers(securityHeaders(req));
    done();
  });
  // /healthz, /readyz and /metrics, on the root so that its request counting sees every route.
  await healthRoutes(app, { poolFigures });
  // Open while no line is written of each request (Fastify writes two at `info`); closed as the server closes.
  const linePerRequest = logger && ['info', 'debug', 'trace'].includes(ctx.config.LOG_LEVEL);
  if (!linePerRequest) keptDoor.open(app.metrics.answered);
  app.addHook('preClose', async () => keptDoor.close());

  // Per-IP limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`); over one: HTTP 429.
  await app.register(rateLimit, { global: false });
  await app.register(formbody, {
    parser: (body) => qs.parse(body, { arrayLimit: 100, depth: 2, parameterLimit: 200 }),
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return reply.status(200).send(fail(err.code, err.message, err.data));
    if (err instanceof StorageFullError) {
      // Nothing was kept (the store writes whole files or none); the operator must free space.
      req.log.error({ cause: (err.cause as Error | undefined)?.message }, 'upload storage full');
      return reply.status(200).send(fail(Code.SERVER_ERROR, err.message));
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(fail(Code.PAYLOAD_TOO_LARGE, messageFor(Code.PAYLOAD_TOO_LARGE)));
    if (status === 415) return reply.status(415).send(fail(Code.BAD_REQUEST, '不支持的请求格式'));
    if (status === 429) return reply.status(429).send(fail(Code.TOO_MANY_REQUESTS, messageFor(Code.TOO_MANY_REQUESTS)));
    if (status >= 400 && status < 500) return reply.status(400).send(fail(Code.BAD_REQUEST, '请求格式不正确'));
    if (isDatabaseUnreachable(err)) {
      // The database is restarting or out of reach: the client may try again shortly; nothing was kept.
      req.log.warn({ err: err.message }, 'database unreachable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(fail(Code.SERVICE_UNAVAILABLE, messageFor(Code.SERVICE_UNAVAILABLE)));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(Code.SERVER_ERROR, messageFor(Code.SERVER_ERROR)));
  });

  await app.register(fastifyStatic, { root: PUBLIC_DIR, prefix: '/static/', decorateReply: true, maxAge: '1d' });
  await registerRoutes(app);
  // Enveloped like every reply; the database is asked too, so a lost connection shows as 503.
  app.get('/health', async () => {
    await app.ctx.db.execute(sql`SELECT 1`);
    return ok({ status: 'ok' });
  });

  // The operator console at /admin/ (lib/admin-app.ts), before the buyer app's fallback below.
  await registerAdminApp(app, ctx.config.ADMIN_DIST ?? DEFAULT_ADMIN_DIST);

  const webDist = ctx.config.WEB_DIST ?? DEFAULT_WEB_DIST;
  const indexHtml = path.join(webDist, 'index.html');
  const preloadsFor = landingPreloads(webDist);
  const renderFor = await serverRenderer(app, webDist);
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      ...builtAppStatic(webDist),
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0]!;
    const apiPath = DATA_PATH.test(urlPath) || req.method !== 'GET';
    if (apiPath || !fs.existsSync(indexHtml)) {
      return reply.status(404).send(fail(Code.NOT_FOUND, '接口不存在'));
    }
    // A missing file (an icon, a script chunk) is a 404, not the app's page served as that file.
    if (/^\/(static|assets)\//.test(urlPath) || /\.[A-Za-z0-9]{1,8}$/.test(urlPath)) {
      return reply.status(404).send(fail(Code.NOT_FOUND, messageFor(Code.NOT_FOUND)));
    }
    // The console's 预览 of an activity page frames it (same origin only).
    if (/^\/activity\/\d+$/.test(urlPath) && /[?&]preview=/.test(req.url)) allowSameOriginFrame(reply);
    // Client routes of the web app fall back to its page; the landing pages come rendered.
    const rendered = await renderFor(req);
    if (rendered) return sendRenderedPage(reply, indexHtml, preloadsFor(urlPath, { rendered: true }), rendered);
    return sendAppPage(reply, indexHtml, preloadsFor(urlPath));
  });
  return app;
}
