import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { int, pageQuery, parse } from '../../lib/validation.ts';
import { usage } from './usage.service.ts';

const usageQuery = z.object({ days: int('统计天数', { min: 1, max: 90 }).default(14), ...pageQuery });

/** The console's 助手 figures (/ops/assistant/*): read only. */
export async function opsAssistantRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/ops/assistant/usage', { config: { permission: 'assistant:view' } }, async (req) => {
    return ok(await usage(ctx, parse(usageQuery, req.query)));
  });
}
