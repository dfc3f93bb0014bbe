import { couponOfferText, couponThresholdText, type ClaimCouponProposal } from '@mall/shared';
import type { AfterSaleCardItem, CouponCardItem, CouponOffer, OrderCardItem } from '../cards.ts';
import { dayText, lastDayText, nameOf, yuan } from './answer-text.ts';
import type { Answer } from './goods-answers.ts';

/** The offline answers about the member's own orders, after-sales, coupons and points. */

/** `statusName` when the question asked for one status (待收货): the answer names it. */
export function ordersAnswer(data: { total: number; orders: OrderCardItem[] }, statusName?: string): Answer {
  if (!data.orders.length) return { lead: statusName ? `你没有${statusName}的订单。` : '你还没有订单。', rest: [] };
  const lines = data.orders.map((o) => {
    const goods = o.items.map((i) => `${nameOf(i.name, 20)} ×${i.quantity}`).join('、');
    const logistics = o.logistics ? `，${nameOf(o.logistics.company, 20)} 运单号 ${nameOf(o.logistics.trackingNo, 40)}` : '';
    return `- ${dayText(o.createdAt)}的订单 ${o.orderNo}：${o.statusName}，金额 ${yuan(o.payAmountFen)}，${goods}${logistics}`;
  });
  const which = statusName ?? '';
  const lead = data.orders.length === 1 ? `你最近的${which}订单：` : `你最近的 ${data.orders.length} 个${which}订单（共 ${data.total} 个）：`;
  return { lead, rest: [...lines, '点订单卡片可以查看详情和物流。'] };
}

export function afterSalesAnswer(data: { total: number; list: AfterSaleCardItem[] }): Answer {
  if (!data.list.length) return { lead: '你还没有售后申请。', rest: [] };
  return {
    lead: `你有 ${data.total} 个售后申请，最近的 ${data.list.length} 个：`,
    rest: data.list.map((a) => `- 售后单 ${a.afterSaleNo}（订单 ${a.orderNo}）：${a.statusName}，退款金额 ${yuan(a.refundAmountFen)}，${dayText(a.createdAt)}申请`),
  };
}

/** ¥10.00，满¥100.00可用 / 8.5折，最多减¥20.00，无门槛: what the coupon takes off and from what amount. */
const offerText = (c: CouponOffer) => `${couponOfferText(c)}，${couponThresholdText(c.thresholdFen)}`;

function couponLine(c: CouponCardItem): string {
  const state = c.owned ? '已领取' : c.claimable ? '可领取' : '';
  const end = c.endAt ? `，${dayText(c.endAt)}到期` : '';
  return `- ${nameOf(c.name, 30)}：${offerText(c)}${state ? `，${state}` : ''}${end}`;
}

export function goodsCouponsAnswer(data: { coupons: CouponCardItem[] }): Answer {
  if (!data.coupons.length) return { lead: '这件商品暂时没有可用或可领的优惠券。', rest: [] };
  const claimable = data.coupons.some((c) => c.claimable && !c.owned);
  return {
    lead: `这件商品有 ${data.coupons.length} 张优惠券：`,
    rest: [...data.coupons.map(couponLine), ...(claimable ? ['想领哪张，告诉我，我帮你准备好领取确认。'] : [])],
  };
}

interface CartCouponsData {
  cartEmpty?: boolean;
  cartAmountFen?: number;
  coupons: CouponCardItem[];
  discounts?: { couponId: number; discountFen: number }[];
  notUsable?: (CouponCardItem & { reason: string | null })[];
}

export function cartCouponsAnswer(data: CartCouponsData): Answer {
  if (data.cartEmpty) return { lead: '你的购物车里还没有可结算的商品，加购后我再帮你看能用哪些券。', rest: [] };
  const notUsable = (data.notUsable ?? []).slice(0, 3).map((c) => `- ${nameOf(c.name, 30)}：${nameOf(c.reason ?? '暂不可用', 40)}`);
  if (!data.coupons.length) {
    return { lead: `购物车商品共 ${yuan(data.cartAmountFen ?? 0)}，你的优惠券暂时都用不上。`, rest: notUsable };
  }
  const discountOf = new Map((data.discounts ?? []).map((d) => [d.couponId, d.discountFen]));
  return {
    lead: `购物车商品共 ${yuan(data.cartAmountFen ?? 0)}，可以用这 ${data.coupons.length} 张券：`,
    rest: [
      ...data.coupons.map((c) => `- ${nameOf(c.name, 30)}（${offerText(c)}）：可减 ${yuan(discountOf.get(c.couponId) ?? 0)}`),
      ...(notUsable.length ? ['暂不可用的：', ...notUsable] : []),
      '结算时会自动为你选择优惠最多的一张。',
    ],
  };
}

export function claimableAnswer(data: { coupons: CouponCardItem[] }): Answer {
  if (!data.coupons.length) return { lead: '暂时没有可以领取的优惠券。', rest: [] };
  return {
    lead: `现在有 ${data.coupons.length} 张券可以领取：`,
    rest: [...data.coupons.map(couponLine), '想领哪张，告诉我，我帮你准备好领取确认。'],
  };
}

export function pointsAnswer(data: { balance: number; expiringSoon: number; expiresAt: string | null }): Answer {
  const expiring = data.expiringSoon > 0 ? `，其中 ${data.expiringSoon} 积分${data.expiresAt ? `有效期至${lastDayText(data.expiresAt)}` : '将于近期过期'}，记得尽快使用` : '';
  return { lead: `你现在有 ${data.balance} 积分${expiring}。`, rest: [] };
}

interface AddToCartData {
  needsSku: boolean;
  goods?: { name: string };
  options?: { specText: string; priceFen: number; stock: number }[];
  proposal?: { name: string; skuText: string; quantity: number; priceFen: number };
  /** The chosen SKU's running 秒杀, bought on its own page rather than through the cart. */
  flashSale?: { priceFen: number; priceLabel: string } | null;
}

export function addToCartAnswer(data: AddToCartData): Answer {
  if (data.needsSku) {
    const options = (data.options ?? []).slice(0, 8).map((o) => `- ${nameOf(o.specText, 30)}：${yuan(o.priceFen)}，库存 ${o.stock} 件`);
    if (!options.length) return { lead: `「${nameOf(data.goods?.name ?? '')}」的所有规格都已售罄。`, rest: [] };
    return { lead: `「${nameOf(data.goods?.name ?? '')}」有多个规格，你想要哪个规格？`, rest: options };
  }
  const p = data.proposal!;
  const sku = p.skuText ? `（${nameOf(p.skuText, 30)}）` : '';
  const flash = data.flashSale
    ? [`这个规格正在秒杀（${data.flashSale.priceLabel} ${yuan(data.flashSale.priceFen)}），秒杀价需在商品页的秒杀入口「立即抢购」；加入购物车按 ${yuan(p.priceFen)} 结算。`]
    : [];
  return {
    lead: `已为你准备好：${nameOf(p.name)}${sku} ×${p.quantity}，单价 ${yuan(p.priceFen)}。`,
    rest: [...flash, '请在下方卡片上点「确认加入」，确认后才会加入购物车。'],
  };
}

export function claimCouponAnswer(data: { proposal: ClaimCouponProposal }): Answer {
  const p = data.proposal;
  return {
    lead: `可以领取「${nameOf(p.name, 30)}」：${offerText({ ...p, kind: p.couponKind })}。`,
    rest: ['请在下方卡片上点「确认领取」，确认后才会领取。'],
  };
}
