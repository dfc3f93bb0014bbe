import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { RouteFigures } from './route-figures.ts';

/**
 * What /metrics tells a Prometheus scraper, in two registries:
 * - the process's (`processMetrics`): Node's own figures and the counters of work that is not a
 *   request (order moments, SMS sent, sweeper runs), counted where that work happens;
 * - each app's (`appMetrics`): requests per route and their latencies, the database pool, and
 *   payments by state read from the database at scrape time.
 * Names start with `mall_`; labels are bounded (a route's pattern, never its address).
 */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'mall_' });

export const processMetrics = {
  orderMoments: new Counter({
    name: 'mall_order_moments_total',
    help: '订单时刻 (order moments published: placed, paid, cancelled, shipped, completed, closed, refunded)',
    labelNames: ['moment'] as const,
    registers: [processRegistry],
  }),
  smsSent: new Counter({
    name: 'mall_sms_sent_total',
    help: '短信发送 (SMS handed to the provider, by provider and result)',
    labelNames: ['provider', 'result'] as const,
    registers: [processRegistry],
  }),
  sweeperRuns: new Counter({
    name: 'mall_sweeper_runs_total',
    help: '定时清理运行次数 (sweeper runs, by sweeper and result)',
    labelNames: ['sweeper', 'result'] as const,
    registers: [processRegistry],
  }),
};

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export interface AppMetricSources {
  /** The pool's connections now; undefined for the embedded database (one connection, no pool). */
  pool?: () => PoolFigures;
  /** Payments per state, asked at scrape time. */
  paymentsByState: () => Promise<{ status: string; count: number }[]>;
}

export interface AppMetrics {
  /** The text a scraper reads, with its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
  /** Counts a request answered outside Fastify's hooks (the kept reads' door, lib/kept-door.ts). */
  answered(method: string, route: string, status: number, seconds: number): void;
}

/** Counts every answered request of `app` and returns what /metrics serves for it. */
export function appMetrics(app: FastifyInstance, sources: AppMetricSources): AppMetrics {
  const registry = new Registry();
  const routes = new RouteFigures();
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched addresses share one label, so a scan of random paths cannot grow the series.
    routes.record(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'mall_db_pool_connections',
      help: '数据库连接池 (connections of the pool, by state: total, idle, waiting callers)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const f = pool();
        this.set({ state: 'total' }, f.total);
        this.set({ state: 'idle' }, f.idle);
        this.set({ state: 'waiting' }, f.waiting);
      },
    });
  }
  new Gauge({
    name: 'mall_payments',
    help: '支付单 (payments by state)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { status, count } of await sources.paymentsByState()) this.set({ status }, count);
    },
  });

  const merged = Registry.merge([processRegistry, registry]);
  return {
    async scrape() {
      return { contentType: merged.contentType, body: `${await merged.metrics()}\n${routes.text()}` };
    },
    answered: (method, route, status, seconds) => routes.record(method, route, status, seconds),
  };
}
