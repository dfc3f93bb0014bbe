import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { visitorId } from '../../lib/client-info.ts';
import { memberOf, optionalMember, requireMember } from '../accounts/index.ts';
import { apply, distributionStatus } from './applications.ts';
import {
  applyBody,
  distributionOrderDetailQuery,
  distributionOrdersQuery,
  ledgerQuery,
  memberAfterSaleQuery,
  memberGoodsQuery,
  programmeQuery,
  shareLinkBody,
  teamQuery,
  visitBody,
  withdrawBody,
} from './distribution.schema.ts';
import { distributionOrderDetail, distributionOrders, income, ledger, myWithdrawals, withdraw } from './income.ts';
import { memberAfterSales } from './member-after-sales.ts';
import { memberGoodsPage } from './member-goods.ts';
import { bindVisits, shareLink, visit } from './sharing.ts';
import { promoterTeam } from './team.ts';

/**
 * 分销 and 推广: a shared link opened (anyone), and for members where they stand in a programme,
 * applying to join, the links they share, and the bindings made when they sign in.
 */
export async function distributionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/member/distribution/visit', { preHandler: optionalMember }, async (req) => {
    const done = await visit(ctx, parse(visitBody, req.body).share, {
      memberId: req.member?.memberId ?? null,
      visitorId: visitorId(req),
    });
    return ok(done, done.message);
  });

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.get('/member/distribution/apply/status', async (req) =>
      ok(await distributionStatus(ctx, memberOf(req).memberId, parse(programmeQuery, req.query).programme)),
    );

    guarded.post('/member/distribution/apply', async (req) =>
      ok(await apply(ctx, memberOf(req).memberId, parse(applyBody, req.body)), '申请已提交，请等待审核'),
    );

    guarded.get('/member/distribution/income/summary', async (req) =>
      ok(await income(ctx, memberOf(req).memberId, parse(programmeQuery, req.query).programme)),
    );
    guarded.get('/member/distribution/income/ledger', async (req) =>
      ok(await ledger(ctx, memberOf(req).memberId, parse(ledgerQuery, req.query))),
    );
    guarded.get('/member/distribution/withdrawal/page', async (req) =>
      ok(await myWithdrawals(ctx, memberOf(req).memberId, parse(ledgerQuery, req.query))),
    );
    guarded.post('/member/distribution/withdraw', async (req) =>
      ok(await withdraw(ctx, memberOf(req).memberId, parse(withdrawBody, req.body)), '提现申请已提交，请等待审核'),
    );
    guarded.get('/member/distribution/order/page', async (req) =>
      ok(await distributionOrders(ctx, memberOf(req).memberId, parse(distributionOrdersQuery, req.query))),
    );
    guarded.get('/member/distribution/order/detail', async (req) => {
      const q = parse(distributionOrderDetailQuery, req.query);
      return ok(await distributionOrderDetail(ctx, memberOf(req).memberId, q.programme, q.orderNo));
    });

    guarded.post('/member/distribution/bind', async (req) =>
      ok(await bindVisits(ctx, memberOf(req).memberId, visitorId(req))),
    );

    // The programmes' screens: goods with what one unit earns me, after-sales on lines I earned on, my 推广 team.
    guarded.get('/member/distribution/goods/page', async (req) =>
      ok(await memberGoodsPage(ctx, memberOf(req).memberId, parse(memberGoodsQuery, req.query))),
    );
    guarded.get('/member/distribution/afterSale/page', async (req) =>
      ok(await memberAfterSales(ctx, memberOf(req).memberId, parse(memberAfterSaleQuery, req.query))),
    );
    guarded.get('/member/distribution/team', async (req) =>
      ok(await promoterTeam(ctx, memberOf(req).memberId, parse(teamQuery, req.query))),
    );

    // Spec §7: what a sharer needs for a goods — the link, its QR code, a poster's title and price, its expiry.
    guarded.post('/member/distribution/goods/get_url_scheme', async (req) => {
      const origin = ctx.config.PUBLIC_BASE_URL ?? `${req.protocol}://${req.host}`;
      return ok(await shareLink(ctx, memberOf(req).memberId, parse(shareLinkBody, req.body), origin));
    });
  });
}
