import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { appMetrics, type AppMetrics, type PoolFigures } from '../../lib/metrics.ts';
import { pendingMigrations } from '../../lib/migrate.ts';
import { stillWarming } from '../../lib/warm-up.ts';
import { paymentsByState } from '../payments/payments.service.ts';

export interface HealthOptions {
  poolFigures?: () => PoolFigures;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /metrics serves, also read by the internal metrics port (lib/metrics-port.ts). */
    metrics: AppMetrics;
  }
}

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * For a load balancer, Kubernetes and Prometheus, outside the reply envelope (plain JSON and text, as
 * those tools read them):
 * - GET /healthz: the process answers (liveness; never asks the database, so a database outage does
 *   not get every server restarted);
 * - GET /readyz: the database answers, every migration is applied and what the process reads into memory
 *   as it starts is read (lib/warm-up.ts; readiness); while the server shuts down Fastify answers 503 by
 *   itself, so the balancer stops sending;
 * - GET /metrics: Prometheus text, with `Authorization: Bearer <METRICS_TOKEN>`; without a token set
 *   it is not served here (METRICS_PORT serves it on an internal address instead).
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  const { ctx } = app;
  app.decorate('metrics', appMetrics(app, { pool: opts.poolFigures, paymentsByState: () => paymentsByState(ctx.db) }));

  // Shutting down: answers still being written close their connection, so that a client's kept-alive
  // connection does not hold the close for the keep-alive timeout.
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });

  app.get('/healthz', async (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await ctx.db.execute(sql`SELECT 1`);
      const pending = await pendingMigrations(ctx.db);
      if (pending.length) return reply.status(503).send({ status: 'migrating', pending });
      const warming = stillWarming();
      if (warming.length) return reply.status(503).send({ status: 'warming', warming });
      return reply.send({ status: 'ok' });
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  app.get('/metrics', async (req: FastifyRequest, reply: FastifyReply) => {
    const token = ctx.config.METRICS_TOKEN;
    if (!token) return reply.status(404).send({ status: 'metrics are served on METRICS_PORT or with METRICS_TOKEN' });
    const given = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim() ?? '';
    if (!crypto.timingSafeEqual(digest(given), digest(token))) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ status: 'unauthorized' });
    }
    const { contentType, body } = await app.metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
