import type { DistributionProgramme } from '@mall/shared';
import { refundAfterSale } from '../flows/refund.ts';
import type { AppContext } from '../lib/context.ts';
import { findMemberByMobile, findMemberByUsername, insertMember } from '../modules/accounts/accounts.repo.ts';
import { createAddress } from '../modules/address/address.service.ts';
import * as aftersale from '../modules/aftersale/aftersale.service.ts';
import type { GoodsCard } from '../modules/catalog/catalog.presenter.ts';
import { goodsDetail, salesListJson } from '../modules/catalog/catalog.service.ts';
import { apply, approve } from '../modules/distribution/applications.ts';
import { balancesOf } from '../modules/distribution/balances.ts';
import { settleCommission } from '../modules/distribution/commissions.ts';
import * as commissionsRepo from '../modules/distribution/commissions.repo.ts';
import { saveGoods } from '../modules/distribution/distribution-goods.ts';
import { findDistributor } from '../modules/distribution/distribution.repo.ts';
import { approveWithdrawal, withdraw } from '../modules/distribution/income.ts';
import { signShare } from '../modules/distribution/share-token.ts';
import { visit } from '../modules/distribution/sharing.ts';
import { checkCharacter } from '../modules/realname/id-number.ts';
import { addRealName } from '../modules/realname/realname.service.ts';
import { orderDetail } from '../modules/orders/orders.service.ts';
import { paymentsOf } from '../modules/payments/providers.ts';
import { buyAndPay, shipAndReceive } from './demo-orders.ts';

/**
 * 分销 and 推广 demo data, so a newcomer signed in as the demo member finds both programmes' screens
 * filled: the demo member is an approved member of both, with three 分销 goods (固定佣金, 按比例 and
 * both on one goods' SKUs) and three 推广 goods; a demo buyer bound to them through their shared links
 * has bought — orders 冻结中, one completed and settled (可提现), one refunded (扣回), one with a refund
 * request still open — the demo member has one withdrawal paid and one waiting for 财务; their 推广
 * team has two direct members (the buyer, and a promoter who joined with their invitation code) and
 * one indirect (bound to that promoter, whose purchase earned the demo member 间接 commission); and
 * another member's application waits in the console's 审核 list. Everything goes through the
 * module's own doors (applying and approving, the shared link's visit, checkout and the sandbox
 * payment notice, the after-sale refund, withdrawals), so the ledger sums to the balances. Made once:
 * skipped when the demo member is already a distributor, or without the sandbox payment platform.
 */
const OPERATOR = '演示数据';
/** Goods ranked this far down in sales: clear of the ones the walkthroughs buy and of the demo 秒杀. */
const GOODS_FROM_RANK = 60;
const PEOPLE = {
  buyer: { mobile: '19900010001', nickname: '橙子妈妈' },
  promoter: { mobile: '19900010002', nickname: '阿杰的好物分享', realName: '李杰', birth: '19920315' },
  teamBuyer: { mobile: '19900010003', nickname: '小雨同学' },
  applicant: { mobile: '19900010004', nickname: '陈晓', realName: '陈晓', birth: '19950620' },
} as const;
const DEMO_REAL_NAME = { name: '张明', birth: '19880808' };

interface DemoSku {
  goodsId: number;
  skuIds: number[];
  prices: number[];
}

export async function seedDemoDistribution(ctx: AppContext, username: string, progress: (message: string) => void) {
  const sandbox = paymentsOf(ctx).sandbox;
  const demo = await findMemberByUsername(ctx.db, username);
  if (!sandbox || !demo || (await findDistributor(ctx.db, demo.id, 'CLASSIC'))) return;
  const goods = await pickGoods(ctx, 6);
  if (goods.length < 6) return;
  const started = Date.now();

  // Joining: the demo member applies to both programmes with a real-name record; an operator approves.
  const demoRealName = await realNameOf(ctx, demo.id, DEMO_REAL_NAME.name, DEMO_REAL_NAME.birth, '101');
  const classic = await join(ctx, demo.id, demoRealName, 'CLASSIC');
  const promoter = await join(ctx, demo.id, demoRealName, 'PROMOTER');

  // The programmes' goods: 分销 with a fixed amount, a rate, and both on one goods; 推广 marked.
  const [fixed, rated, mixed, ...promoted] = goods as [DemoSku, DemoSku, DemoSku, ...DemoSku[]];
  // About 15 % in whole yuan, at least ¥6 (never above the price: the goods cost ¥10 or more).
  const fixedFen = (price: number) => Math.max(600, Math.floor((price * 0.15) / 100) * 100);
  // Enough units that the settled order pays two withdrawals of at least ¥10 (the default minimum).
  const settledUnits = Math.min(5, Math.max(2, Math.ceil(3000 / fixedFen(fixed.prices[0]!))));
  await saveGoods(ctx, {
    programme: 'CLASSIC',
    goodsId: fixed.goodsId,
    skus: fixed.skuIds.map((skuId, i) => ({ skuId, ruleType: 'FIXED', amountFen: fixedFen(fixed.prices[i]!) })),
  });
  await saveGoods(ctx, {
    programme: 'CLASSIC',
    goodsId: rated.goodsId,
    skus: rated.skuIds.map((skuId) => ({ skuId, ruleType: 'RATE', basisPoints: 800 })),
  });
  await saveGoods(ctx, {
    programme: 'CLASSIC',
    goodsId: mixed.goodsId,
    skus: mixed.skuIds.map((skuId, i) =>
      i === 0
        ? { skuId, ruleType: 'FIXED' as const, amountFen: fixedFen(mixed.prices[i]!) }
        : { skuId, ruleType: 'RATE' as const, basisPoints: 1000 },
    ),
  });
  for (const g of promoted)
    await saveGoods(ctx, { programme: 'PROMOTER', goodsId: g.goodsId, skus: g.skuIds.map((skuId) => ({ skuId })) });

  // A buyer who opened the demo member's links in both programmes, and a promoter they invited.
  const buyer = await person(ctx, PEOPLE.buyer);
  await openLink(ctx, classic, buyer.id);
  await openLink(ctx, promoter, buyer.id);
  const invited = await person(ctx, PEOPLE.promoter);
  const invitedRealName = await realNameOf(ctx, invited.id, PEOPLE.promoter.realName, PEOPLE.promoter.birth, '215');
  const invitedPromoter = await join(ctx, invited.id, invitedRealName, 'PROMOTER', promoter.shareCode);
  const teamBuyer = await person(ctx, PEOPLE.teamBuyer);
  await openLink(ctx, invitedPromoter, teamBuyer.id);

  // 分销: completed and settled (可提现), paid (冻结中), refunded (扣回), a refund request still open.
  const settledClassic = await buy(ctx, buyer, fixed, settledUnits);
  await shipAndReceive(ctx, buyer.id, settledClassic);
  await buy(ctx, buyer, rated, 1);
  const refunded = await buy(ctx, buyer, mixed, 1);
  const refundNo = await requestRefund(ctx, buyer.id, refunded);
  await aftersale.approve(ctx, refundNo);
  await refundAfterSale(ctx, refundNo);
  const pending = await buy(ctx, buyer, fixed, 1);
  await requestRefund(ctx, buyer.id, pending);
  // 推广: completed and settled, paid, and the team's purchase (间接 for the demo member).
  const settledPromoter = await buy(ctx, buyer, promoted[0]!, 1);
  await shipAndReceive(ctx, buyer.id, settledPromoter);
  await buy(ctx, buyer, promoted[1]!, 1);
  await buy(ctx, teamBuyer, promoted[2]!, 1);
  await settleNow(ctx, demo.id, 'CLASSIC', settledClassic);
  await settleNow(ctx, demo.id, 'PROMOTER', settledPromoter);

  // Withdrawals: one paid by 财务, one waiting for review.
  const { availableFen } = await balancesOf(ctx.db, demo.id, 'CLASSIC');
  const paidOut = Math.floor(availableFen / 200) * 100;
  const first = await withdraw(ctx, demo.id, {
    programme: 'CLASSIC',
    amountFen: paidOut,
    method: 'ALIPAY',
    accountName: DEMO_REAL_NAME.name,
    accountNo: '13800138000',
  });
  await approveWithdrawal(ctx, first.id, `ALI${Date.now()}`, OPERATOR);
  await withdraw(ctx, demo.id, {
    programme: 'CLASSIC',
    amountFen: 1000,
    method: 'BANK',
    accountName: DEMO_REAL_NAME.name,
    bankName: '招商银行',
    accountNo: '6225880123456789',
  });

  // An application waiting in the console's 审核 list.
  const applicant = await person(ctx, PEOPLE.applicant);
  const applicantRealName = await realNameOf(
    ctx,
    applicant.id,
    PEOPLE.applicant.realName,
    PEOPLE.applicant.birth,
    '326',
  );
  await apply(ctx, applicant.id, {
    programme: 'CLASSIC',
    realNameId: applicantRealName,
    mobile: PEOPLE.applicant.mobile,
    channel: '小红书',
    reason: '平时喜欢分享好物，想推荐给身边的朋友',
  });
  progress(`演示分销与推广 (demo distribution): 演示会员已加入两个计划，7 笔订单，${Date.now() - started} ms`);
}

/** Goods a demo buyer can order without a real-name record, with each SKU's price, from `GOODS_FROM_RANK` down. */
async function pickGoods(ctx: AppContext, count: number): Promise<DemoSku[]> {
  const ranked = (JSON.parse(await salesListJson(ctx, GOODS_FROM_RANK + count * 4)) as GoodsCard[]).slice(
    GOODS_FROM_RANK,
  );
  const picked: DemoSku[] = [];
  for (const card of ranked) {
    if (picked.length === count) break;
    if (card.isCrossBorder) continue;
    const detail = await goodsDetail(ctx, card.id);
    const skus = detail.skus.filter((s) => s.stock >= 10 && s.price >= 1000 && s.price <= 200000).slice(0, 3);
    if (skus.length) picked.push({ goodsId: card.id, skuIds: skus.map((s) => s.id), prices: skus.map((s) => s.price) });
  }
  return picked;
}

async function person(ctx: AppContext, p: { mobile: string; nickname: string }) {
  const member =
    (await findMemberByMobile(ctx.db, p.mobile)) ??
    (await insertMember(ctx.db, { nickname: p.nickname, mobile: p.mobile, roles: ['member'] }));
  const address = await createAddress(ctx, member.id, {
    receiverName: p.nickname.slice(0, 2),
    mobile: p.mobile,
    provinceCode: '31',
    cityCode: '3101',
    districtCode: '310115',
    detail: '世纪大道 100 号',
  });
  return { id: member.id, addressId: address.id as string };
}

/** A real-name record (a valid, made-up ID number) to apply with. */
async function realNameOf(ctx: AppContext, memberId: string, name: string, birth: string, seq: string) {
  const body = `310115${birth}${seq}`;
  return (await addRealName(ctx, memberId, { name, idNumber: body + checkCharacter(body) })).id;
}

async function join(
  ctx: AppContext,
  memberId: string,
  realNameId: string,
  programme: DistributionProgramme,
  inviteCode?: string,
) {
  const applied = await apply(ctx, memberId, {
    programme,
    realNameId,
    mobile: '13800138000',
    channel: '微信群',
    reason: programme === 'CLASSIC' ? '把用过的好物分享给朋友' : '和朋友一起推广，组建自己的团队',
    inviteCode,
  });
  await approve(ctx, applied.latest!.id, OPERATOR);
  return (await findDistributor(ctx.db, memberId, programme))!;
}

/** The sharer's link opened by a signed-in member: bound as the goods page binds them. */
async function openLink(ctx: AppContext, sharer: { shareCode: string }, memberId: string) {
  const share = signShare(ctx.secrets.dataKey, sharer.shareCode, new Date(Date.now() + 86_400_000));
  const done = await visit(ctx, share, { memberId, visitorId: null });
  if (done.state !== 'BOUND') throw new Error(`demo binding refused: ${done.message}`);
}

/** Bought now and paid, as a buyer does; a refused payment stops the seed. */
async function buy(ctx: AppContext, who: { id: string; addressId: string }, g: DemoSku, quantity: number) {
  const orderNo = await buyAndPay(ctx, who, g.skuIds[0]!, quantity);
  if (!orderNo) throw new Error('demo payment refused');
  return orderNo;
}

async function requestRefund(ctx: AppContext, memberId: string, orderNo: string) {
  const line = (await orderDetail(ctx, memberId, orderNo)).items[0]!;
  const made = await aftersale.apply(ctx, memberId, {
    orderItemId: line.id,
    type: 'REFUND_ONLY',
    reason: '不想要了',
    description: '',
    quantity: 1,
    images: [],
  });
  return made.afterSaleNo;
}

/**
 * The completed demo order's commission settled at once (its after-sale window would keep it 冻结中
 * for days), as the order sweeper settles it, for this order's lines only, so no other is touched.
 */
async function settleNow(ctx: AppContext, earnerId: string, programme: DistributionProgramme, orderNo: string) {
  await ctx.db.transaction(async (tx) => {
    for (const c of await commissionsRepo.ofOrderFor(tx, earnerId, programme, orderNo)) await settleCommission(tx, c);
  });
}
