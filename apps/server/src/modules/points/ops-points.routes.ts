import type { FastifyInstance } from 'fastify';
import { ok, type ConsolePointsMallGoods } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import {
  mallIdQuery,
  opsAdjustBody,
  opsMallCreateBody,
  opsMallPageQuery,
  opsMallShelfBody,
  opsMallUpdateBody,
  opsMemberQuery,
  opsSettingsBody,
} from './points.schema.ts';
import * as mall from './points-mall.service.ts';
import * as points from './points.service.ts';
import { DEFAULT_POINTS_SETTINGS } from './points-settings.ts';
import { getSetting, saveSetting } from '../site/site.service.ts';
import { audit, operatorOf } from '../operators/index.ts';

const operatorName = (who: { displayName?: string; username: string }) => who.displayName || who.username;
const MALL_FIELDS = ['category', 'pointsPrice', 'cashFen', 'stock', 'perMemberLimit', 'sort', 'onShelf'] as const;
const pick = (o: ConsolePointsMallGoods) => Object.fromEntries(MALL_FIELDS.map((k) => [k, o[k]]));

/** 积分 in the console (/ops/points/*): 积分商城 goods, 积分设置, and a member's points with grants and deductions. */
export async function opsPointsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const edit = { config: { permission: 'promotion:edit' as const } };

  /* ---- 积分商城 ---- */

  app.get('/ops/points/mall/page', edit, async (req) => ok(await mall.opsPage(ctx, parse(opsMallPageQuery, req.query))));

  app.get('/ops/points/mall/detail', edit, async (req) => ok(await mall.opsDetail(ctx, parse(mallIdQuery, req.query).id)));

  app.post('/ops/points/mall/create', edit, async (req) => {
    const { skuId, ...values } = parse(opsMallCreateBody, req.body);
    const made = await mall.create(ctx, skuId, values);
    await audit(req, {
      action: 'points.mall.create',
      objectType: 'pointsMall',
      objectId: made.id,
      changes: diff({}, { skuId, ...values }),
    });
    return ok(made, '积分商品已创建');
  });

  app.post('/ops/points/mall/update', edit, async (req) => {
    const { id, ...values } = parse(opsMallUpdateBody, req.body);
    const { before, after } = await mall.update(ctx, id, values);
    await audit(req, { action: 'points.mall.update', objectType: 'pointsMall', objectId: id, changes: diff(pick(before), pick(after)) });
    return ok(after, '积分商品已保存');
  });

  app.post('/ops/points/mall/shelf', edit, async (req) => {
    const { id, onShelf } = parse(opsMallShelfBody, req.body);
    const done = await mall.setShelf(ctx, id, onShelf);
    await audit(req, {
      action: onShelf ? 'points.mall.on' : 'points.mall.off',
      objectType: 'pointsMall',
      objectId: id,
      changes: diff({ onShelf: !onShelf }, { onShelf }),
    });
    return ok(done, onShelf ? '已上架' : '已下架');
  });

  /* ---- 积分设置 ---- */

  app.get('/ops/points/settings', edit, async () =>
    ok({ value: await getSetting(ctx, 'points'), default: DEFAULT_POINTS_SETTINGS, rules: points.rulesText(await getSetting(ctx, 'points')) }),
  );

  app.post('/ops/points/settings/save', edit, async (req) => {
    const { value } = parse(opsSettingsBody, req.body);
    const { before, after } = await saveSetting(ctx, 'points', value);
    await audit(req, {
      action: 'settings.save',
      objectType: 'settings',
      objectId: 'points',
      changes: JSON.stringify(before) === JSON.stringify(after) ? [] : [{ field: 'points', before, after }],
    });
    const saved = await getSetting(ctx, 'points');
    return ok({ value: saved, rules: points.rulesText(saved) }, '积分设置已保存');
  });

  /* ---- a member's points ---- */

  app.get('/ops/points/member', { config: { permission: 'member:view' } }, async (req) => {
    const q = parse(opsMemberQuery, req.query);
    await points.assertMember(ctx, q.memberId);
    const [balance, ledger] = await Promise.all([
      points.balance(ctx, q.memberId),
      points.ledger(ctx, q.memberId, { type: 'ALL', pageNum: q.pageNum, pageSize: q.pageSize }),
    ]);
    return ok({ memberId: q.memberId, ...balance, ledger });
  });

  app.post('/ops/points/adjust', edit, async (req) => {
    const body = parse(opsAdjustBody, req.body);
    const { before, after } = await points.adjust(ctx, { ...body, operator: operatorName(operatorOf(req)) });
    await audit(req, {
      action: body.amount > 0 ? 'points.grant' : 'points.deduct',
      objectType: 'member',
      objectId: body.memberId,
      changes: diff({ points: before }, { points: after }),
      reason: body.reason,
    });
    return ok({ memberId: body.memberId, amount: body.amount, balance: after }, body.amount > 0 ? '积分已发放' : '积分已扣除');
  });
}
