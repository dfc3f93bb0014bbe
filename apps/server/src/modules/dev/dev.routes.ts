import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { MOBILE_PATTERN, ok } from '@mall/shared';
import { parse, text } from '../../lib/validation.ts';
import { smsOutbox } from '../../db/schema/index.ts';

/**
 * Development helpers. Registered only while the `outbox` SMS provider is active and never
 * with NODE_ENV=production (app.ts decides), so a real shop does not expose them.
 */
export async function devRoutes(app: FastifyInstance) {
  const query = z.object({
    mobileNumber: text('手机号', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '手机号格式不正确' }),
  });
  app.get('/dev/sms-outbox', async (req) => {
    const { mobileNumber } = parse(query, req.query);
    const messages = await app.ctx.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobileNumber))
      .orderBy(desc(smsOutbox.createdAt))
      .limit(20);
    return ok(messages.map((m) => ({ mobileNumber: m.mobile, content: m.content, createdAt: m.createdAt.toISOString() })));
  });
}
