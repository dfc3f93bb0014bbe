import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_RANGES, ok } from '@mall/shared';
import { enumOf, flag, parse } from '../../lib/validation.ts';
import * as dashboard from './dashboard.service.ts';

const freshQuery = z.object({
  /** 刷新: count now. */
  fresh: flag('刷新').default(false),
});
const rangeQuery = z.object({
  range: enumOf('统计时段', DASHBOARD_RANGES).default('today'),
  /** 刷新: compute now instead of sharing the figures of the last DASHBOARD_CACHE_SECONDS. */
  fresh: flag('刷新').default(false),
});

/** The 工作台 (/ops/dashboard/*): sales of a period against the one before, trend, categories, to-dos. */
export async function opsDashboardRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Goods-page visits counted in memory are written before the server stops.
  app.addHook('onClose', () =>
    dashboard.flushGoodsVisits(ctx).catch((err) => app.log.warn({ err }, 'goods visitors: last flush failed')),
  );

  app.get('/ops/dashboard/summary', { config: { permission: 'dashboard:view' } }, async (req) => {
    const { range, fresh } = parse(rangeQuery, req.query);
    return ok(await dashboard.summary(ctx, range, fresh));
  });

  app.get('/ops/dashboard/trend', { config: { permission: 'dashboard:view' } }, async (req) => {
    const { range, fresh } = parse(rangeQuery, req.query);
    return ok(await dashboard.trend(ctx, range, fresh));
  });

  app.get('/ops/dashboard/byCategory', { config: { permission: 'dashboard:view' } }, async (req) => {
    const { range, fresh } = parse(rangeQuery, req.query);
    return ok(await dashboard.byCategory(ctx, range, fresh));
  });

  app.get('/ops/dashboard/todo', { config: { permission: 'dashboard:view' } }, async (req) => {
    const { fresh } = parse(freshQuery, req.query);
    return ok(await dashboard.todo(ctx, fresh));
  });
}
