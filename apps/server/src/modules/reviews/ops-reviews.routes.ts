import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import { opsHideBody, opsIdBody, opsPageQuery, opsReplyBody } from './reviews.schema.ts';
import * as reviews from './reviews.service.ts';
import { audit, operatorOf } from '../operators/index.ts';

const operatorName = (who: { displayName?: string; username: string }) => who.displayName || who.username;

/** Operator review endpoints (/ops/review/*): the list, hiding with a reason, showing again, the shop's reply. */
export async function opsReviewRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/review/page', { config: { permission: 'review:manage' } }, async (req) =>
    ok(await reviews.opsPage(ctx, parse(opsPageQuery, req.query))),
  );

  app.get('/ops/review/detail', { config: { permission: 'review:manage' } }, async (req) => {
    const { id } = parse(opsIdBody, req.query);
    return ok(await reviews.opsDetail(ctx, id));
  });

  app.post('/ops/review/hide', { config: { permission: 'review:manage' } }, async (req) => {
    const { id, reason } = parse(opsHideBody, req.body);
    const done = await reviews.setHidden(ctx, id, { reason, by: operatorName(operatorOf(req)) });
    await audit(req, {
      action: 'review.hide',
      objectType: 'review',
      objectId: id,
      changes: diff({ hidden: false }, { hidden: true }),
      reason,
    });
    return ok(done, '评价已隐藏');
  });

  app.post('/ops/review/show', { config: { permission: 'review:manage' } }, async (req) => {
    const { id } = parse(opsIdBody, req.body);
    const done = await reviews.setHidden(ctx, id, null);
    await audit(req, {
      action: 'review.show',
      objectType: 'review',
      objectId: id,
      changes: diff({ hidden: true }, { hidden: false }),
      reason: null,
    });
    return ok(done, '评价已恢复显示');
  });

  app.post('/ops/review/reply', { config: { permission: 'review:manage' } }, async (req) => {
    const { id, content } = parse(opsReplyBody, req.body);
    const { before, review } = await reviews.reply(ctx, id, content, operatorName(operatorOf(req)));
    await audit(req, {
      action: 'review.reply',
      objectType: 'review',
      objectId: id,
      changes: diff({ reply: before ?? '' }, { reply: content }),
      reason: null,
    });
    return ok(review, '回复已发布');
  });
}
