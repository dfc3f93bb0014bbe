import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LOW_STOCK_DEFAULT_THRESHOLD, ok, STOCK_ADJUST_MAX, STOCK_LEDGER_KIND_LIST, STOCK_MAX } from '@mall/shared';
import { enumOf, flag, int, intId, pageQuery, parse, text } from '../../lib/validation.ts';
import { adjustStock, ledger, lowStock } from './inventory.service.ts';
import { diff } from '../operators/index.ts';
import { audit, operatorOf } from '../operators/index.ts';
import { atLeastTwo } from '../../lib/operator-reason.ts';

const lowStockQuery = z.object({
  ...pageQuery,
  threshold: int('库存阈值', { min: 0, max: STOCK_MAX }).default(LOW_STOCK_DEFAULT_THRESHOLD),
  keyword: text('商品名称', { max: 50 }).optional(),
  goodsId: intId('商品编号').optional(),
  onShelf: flag('上架状态').optional(),
});

const adjustBody = z.object({
  skuId: intId('商品规格'),
  change: int('调整数量', {
    min: -STOCK_ADJUST_MAX,
    max: STOCK_ADJUST_MAX,
    minMessage: `调整数量一次不能减少超过 ${STOCK_ADJUST_MAX} 件`,
    maxMessage: `调整数量一次不能增加超过 ${STOCK_ADJUST_MAX} 件`,
  }).refine((n) => n !== 0, '调整数量不能为 0'),
  reason: atLeastTwo('调整原因', 100),
});

const ledgerQuery = z.object({
  ...pageQuery,
  skuId: intId('商品规格').optional(),
  goodsId: intId('商品编号').optional(),
  kind: enumOf('变动类型', STOCK_LEDGER_KIND_LIST as [string, ...string[]]).optional(),
  refNo: text('单号', { max: 40, pattern: /^[A-Za-z0-9]+$/, patternMessage: '单号格式不正确' }).optional(),
});

/** 库存: the low-stock list, adjustments with a reason, and the ledger of every change. */
export async function opsInventoryRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/inventory/lowStock', { config: { permission: 'goods:view' } }, async (req) =>
    ok(await lowStock(ctx, parse(lowStockQuery, req.query))),
  );

  app.post('/ops/inventory/adjust', { config: { permission: 'inventory:adjust' } }, async (req) => {
    const body = parse(adjustBody, req.body);
    const who = operatorOf(req);
    const done = await adjustStock(ctx, {
      ...body,
      operator: { id: who.operatorId, name: who.displayName || who.username },
    });
    await audit(req, {
      action: 'inventory.adjust',
      objectType: 'sku',
      objectId: body.skuId,
      changes: diff({ stock: done.before }, { stock: done.after }),
      reason: body.reason,
    });
    return ok(done, `库存已调整：${done.before} → ${done.after}`);
  });

  app.get('/ops/inventory/ledger', { config: { permission: 'goods:view' } }, async (req) =>
    ok(await ledger(ctx, parse(ledgerQuery, req.query))),
  );
}
