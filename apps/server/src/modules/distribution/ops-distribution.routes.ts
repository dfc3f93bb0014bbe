import type { FastifyInstance } from 'fastify';
import { formatFen, ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import { approve, opsApplicationDetail, opsApplicationPage, reject } from './applications.ts';
import { percentText } from './commission-rules.ts';
import { promoterLevels, promoterLevelsBody, savePromoterLevels } from './commissions.ts';
import { opsGoodsPage, removeGoods, saveGoods } from './distribution-goods.ts';
import {
  approveWithdrawal,
  opsWithdrawalAccount,
  opsWithdrawalPage,
  rejectWithdrawal,
} from './income.ts';
import {
  applicationIdBody,
  applicationPageQuery,
  distributionGoodsBody,
  distributionGoodsPageQuery,
  distributionGoodsRemoveBody,
  rejectBody,
  approveWithdrawalBody,
  rejectWithdrawalBody,
  withdrawalIdBody,
  withdrawalPageQuery,
} from './distribution.schema.ts';
import { audit, operatorOf } from '../operators/index.ts';

const MANAGE = { config: { permission: 'distribution:manage' as const } };
const PAYOUT = { config: { permission: 'withdrawal:review' as const } };

/** The console's 分销 menu (/ops/distribution/*, permission distribution:manage); every decision audited. */
export async function opsDistributionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/distribution/application/page', MANAGE, async (req) =>
    ok(await opsApplicationPage(ctx, parse(applicationPageQuery, req.query))),
  );

  app.get('/ops/distribution/application/detail', MANAGE, async (req) =>
    ok(await opsApplicationDetail(ctx, parse(applicationIdBody, req.query).id)),
  );

  app.post('/ops/distribution/application/approve', MANAGE, async (req) => {
    const { id } = parse(applicationIdBody, req.body);
    const done = await approve(ctx, id, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.approve',
      objectType: 'distributionApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'APPROVED' }),
      reason: null,
    });
    return ok(done, `已通过，${done.realName} 成为${done.programmeText}员`);
  });

  app.post('/ops/distribution/application/reject', MANAGE, async (req) => {
    const { id, reason } = parse(rejectBody, req.body);
    const done = await reject(ctx, id, reason, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.reject',
      objectType: 'distributionApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'REJECTED' }),
      reason,
    });
    return ok(done, '已驳回');
  });

  app.get('/ops/distribution/goods/page', MANAGE, async (req) =>
    ok(await opsGoodsPage(ctx, parse(distributionGoodsPageQuery, req.query))),
  );

  app.post('/ops/distribution/goods/save', MANAGE, async (req) => {
    const input = parse(distributionGoodsBody, req.body);
    const saved = await saveGoods(ctx, input);
    await audit(req, {
      action: 'distribution.goods.save',
      objectType: 'goods',
      objectId: input.goodsId,
      changes: diff({}, { programme: input.programme, skus: saved.skus.map((s) => `${s.skuId}:${s.ruleText}`) }),
      reason: null,
    });
    return ok(saved, '分销商品已保存');
  });

  app.post('/ops/distribution/goods/remove', MANAGE, async (req) => {
    const { programme, goodsId } = parse(distributionGoodsRemoveBody, req.body);
    await removeGoods(ctx, programme, goodsId);
    await audit(req, {
      action: 'distribution.goods.remove',
      objectType: 'goods',
      objectId: goodsId,
      changes: diff({ programme }, {}),
      reason: null,
    });
    return ok(null, '已移出分销商品');
  });

  app.get('/ops/distribution/levels', MANAGE, async () => ok(await promoterLevels(ctx.db)));

  app.post('/ops/distribution/levels/save', MANAGE, async (req) => {
    const input = parse(promoterLevelsBody, req.body);
    const { before, after } = await savePromoterLevels(ctx.db, input);
    const flat = (levels: typeof after) =>
      Object.fromEntries(
        levels.map((l) => [
          l.code,
          `${l.name} 直接${percentText(l.directBasisPoints)} 间接${percentText(l.indirectBasisPoints)} 已结算销售额≥${formatFen(l.minSettledSalesFen)} 团队≥${l.minTeamSize}人`,
        ]),
      );
    await audit(req, {
      action: 'distribution.levels.save',
      objectType: 'promoterLevels',
      objectId: 'all',
      changes: diff(flat(before), flat(after)),
      reason: null,
    });
    return ok(after, '推广等级已保存');
  });

  app.get('/ops/distribution/withdrawal/page', PAYOUT, async (req) =>
    ok(await opsWithdrawalPage(ctx, parse(withdrawalPageQuery, req.query))),
  );

  // The whole account number for paying it out: read on request and audited.
  app.post('/ops/distribution/withdrawal/account', PAYOUT, async (req) => {
    const { id } = parse(withdrawalIdBody, req.body);
    const account = await opsWithdrawalAccount(ctx, id);
    await audit(req, {
      action: 'distribution.withdrawal.account',
      objectType: 'withdrawal',
      objectId: id,
      changes: [],
      reason: '查看完整收款账号',
    });
    return ok(account);
  });

  app.post('/ops/distribution/withdrawal/approve', PAYOUT, async (req) => {
    const { id, payoutRef } = parse(approveWithdrawalBody, req.body);
    const done = await approveWithdrawal(ctx, id, payoutRef, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.withdrawal.approve',
      objectType: 'withdrawal',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'PAID', payoutRef }),
      reason: null,
    });
    return ok(done, '已确认打款');
  });

  app.post('/ops/distribution/withdrawal/reject', PAYOUT, async (req) => {
    const { id, reason } = parse(rejectWithdrawalBody, req.body);
    const done = await rejectWithdrawal(ctx, id, reason, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.withdrawal.reject',
      objectType: 'withdrawal',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'REJECTED' }),
      reason,
    });
    return ok(done, '已驳回，金额已退回可提现');
  });
}
