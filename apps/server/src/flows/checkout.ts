import {
  Code,
  type CheckoutCoupons,
  type CheckoutPoints,
  type CheckoutRedemption,
  type CheckoutQuote,
  type CheckoutQuoteItem,
  type CheckoutQuoteWithCoupons,
  type CheckoutSubmitted,
  type OrderStatus,
  type ActivityKind,
} from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import type { DbOrTx } from '../lib/db.ts';
import { AppError, badRequest, notFound } from '../lib/errors.ts';
import { newBusinessNo } from '../lib/ids.ts';
import { defaultAddress, findAddress, presentAddress, snapshotOf } from '../modules/address/address.service.ts';
import { assertBuyable, assertOnSale, cartLines, removeLines } from '../modules/cart/cart.service.ts';
import {
  categoryPathsOf,
  checkoutOptions,
  decideCoupon,
  holdForOrder,
  presentOption,
  type CouponOption,
} from '../modules/coupons/coupons.service.ts';
import { findTradeSkus, type TradeSku } from '../modules/inventory/index.ts';
import { stockLeft } from '../modules/inventory/inventory.service.ts';
import { flashLine, soldOut, takeFlashUnits, timeDiscountPrices, type FlashLine } from '../modules/activities/index.ts';
import { ACTIVITY_KIND_NAMES } from '../modules/activities/index.ts';
import { findOrderByIdempotencyKey, markOrderPaid, placeOrder } from '../modules/orders/orders.service.ts';
import {
  checkoutOffer,
  pointsToSpend,
  redeemable,
  redeemForOrder,
  spendForOrder,
  type Redeemable,
} from '../modules/points/index.ts';
import { priceOrder, prorate, type CouponUse, type FreightRule, type PointsUse, type Quote } from '../modules/pricing/index.ts';
import { getSetting } from '../modules/site/site.service.ts';
import { getRealNameForOrder } from '../modules/realname/realname.service.ts';
import type { QuoteBody, SubmitBody } from './checkout.schema.ts';

/**
 * Orders whose goods come to more than ¥10,000,000 are refused: every amount of an order is an
 * integer column of fen (at most 2,147,483,647), and this leaves room for freight.
 */
export const MAX_ORDER_FEN = 1_000_000_000;

interface Item {
  sku: TradeSku;
  quantity: number;
  cartItemId?: string;
  /** The price of a running activity (a 限时折扣, or the 秒杀 bought on purpose) and which. */
  activity?: { id: number; kind: ActivityKind; title: string; kindText: string; priceFen: number };
  /** Set for 立即抢购: the 秒杀 whose own stock and limit this line takes. */
  flash?: FlashLine;
}

/** What is being bought: the goods, and for 立即兑换 the points-mall goods as the member may redeem it. */
interface Source {
  items: Item[];
  redeem?: Redeemable;
}

export const freightRule = (ctx: AppContext): Promise<FreightRule> => getSetting(ctx, 'freight');

/**
 * The goods being bought, read fresh (inside the transaction on submit), each checked buyable; a
 * points-mall goods is also checked redeemable (on shelf, its own stock, the member's limit and points).
 */
async function resolveSource(db: DbOrTx, memberId: string, body: QuoteBody): Promise<Source> {
  if (body.pointsMall) {
    if (body.couponId) throw badRequest('积分兑换订单不能使用优惠券');
    if (body.points) throw badRequest('积分兑换订单不能再使用积分抵扣');
    const redeem = await redeemable(db, memberId, body.pointsMall.id, body.pointsMall.quantity);
    const sku = (await findTradeSkus(db, [redeem.row.sku_id])).get(redeem.row.sku_id);
    assertBuyable(sku, body.pointsMall.quantity);
    return { items: [{ sku, quantity: body.pointsMall.quantity }], redeem };
  }
  return { items: await resolveItems(db, memberId, body) };
}

async function resolveItems(db: DbOrTx, memberId: string, body: QuoteBody): Promise<Item[]> {
  let wanted: { skuId: number; quantity: number; cartItemId?: string }[];
  if (body.buyNow) {
    wanted = [body.buyNow];
  } else {
    const ids = [...new Set(body.cartItemIds!)];
    const lines = await cartLines(db, memberId, ids);
    if (lines.length !== ids.length) throw notFound('购物车中没有该商品，请刷新后重试');
    // In the order the buyer chose them, as the checkout page lists them.
    lines.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    wanted = lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity, cartItemId: l.id }));
  }
  const skus = await findTradeSkus(
    db,
    wanted.map((w) => w.skuId),
  );
  const flashId = body.buyNow?.activityId;
  const items: Item[] = wanted.map((w) => {
    const sku = skus.get(w.skuId);
    // A 秒杀's units are the activity's own (checked with it below), not the goods' stock.
    if (flashId !== undefined) assertOnSale(sku);
    else assertBuyable(sku, w.quantity);
    return { sku, quantity: w.quantity, cartItemId: w.cartItemId };
  });
  return withActivityPrices(db, memberId, items, flashId);
}

/**
 * Activity prices: 立即抢购 of a 秒杀 is checked (running, the SKU in it, stock, the member's limit)
 * and priced at its price; any other line gets the 限时折扣 running for its SKU, if one is.
 */
async function withActivityPrices(db: DbOrTx, memberId: string, items: Item[], flashId: number | undefined): Promise<Item[]> {
  if (flashId !== undefined) {
    const item = items[0]!;
    const flash = await flashLine(db, { memberId, activityId: flashId, skuId: item.sku.skuId, quantity: item.quantity });
    const activity = { id: flash.activityId, kind: 'FLASH_SALE' as const, title: flash.title, kindText: ACTIVITY_KIND_NAMES.FLASH_SALE, priceFen: flash.priceFen };
    return [{ ...item, flash, activity }];
  }
  const discounts = await timeDiscountPrices(
    db,
    items.map((i) => ({ skuId: i.sku.skuId, priceFen: i.sku.priceFen })),
  );
  return items.map((item) => {
    const d = discounts.get(item.sku.skuId);
    if (!d) return item;
    return { ...item, activity: { id: d.activityId, kind: 'TIME_DISCOUNT' as const, title: d.title, kindText: ACTIVITY_KIND_NAMES.TIME_DISCOUNT, priceFen: d.priceFen } };
  });
}

function price(items: Item[], freight: FreightRule, coupon?: CouponUse, points?: PointsUse): Quote {
  const quote = priceOrder({
    lines: items.map((i) => ({
      skuId: String(i.sku.skuId),
      quantity: i.quantity,
      unitPrice: i.sku.priceFen,
      activityUnitPrice: i.activity?.priceFen,
    })),
    coupon,
    points,
    freight,
  });
  if (quote.goodsAmount > MAX_ORDER_FEN) throw badRequest('订单金额超过单笔上限 ¥10,000,000.00，请分开下单');
  return quote;
}

interface Priced {
  quote: Quote;
  coupon?: CouponOption;
  coupons: CheckoutCoupons;
  points: CheckoutPoints;
  redemption: CheckoutRedemption | null;
}

const NO_COUPONS: CheckoutCoupons = { chosenId: null, none: true, usable: [], unusable: [] };
/** A submit's pricing when no points were asked for: nothing spent, nothing read (never shown). */
const NO_POINTS_ASKED: CheckoutPoints = {
  balance: 0,
  maxUsable: 0,
  used: 0,
  valueFen: 0,
  fenPer100Points: 0,
  maxDeductPercent: 0,
  hint: null,
};

/**
 * Prices the goods, then the coupon step: the member's coupons are evaluated on the lines as they
 * cost after activity prices; the chosen one (or the best usable one) is applied by the pipeline,
 * its discount allocated to the lines in its scope.
 */
async function priceWithCoupon(
  db: DbOrTx,
  memberId: string,
  items: Item[],
  freight: FreightRule,
  choice: string | null | undefined,
  paths: Map<number, readonly number[]>,
): Promise<Omit<Priced, 'points' | 'redemption'> & { couponUse?: CouponUse }> {
  const plain = price(items, freight);
  const found = await checkoutOptions(
    db,
    memberId,
    items.map((item, i) => ({
      goodsId: item.sku.goodsId,
      categoryPath: paths.get(item.sku.goodsId) ?? [],
      payableFen: plain.lines[i]!.goodsAmount - plain.lines[i]!.activityDiscount,
    })),
    choice ?? undefined,
  );
  const coupon = decideCoupon(found, choice);
  const couponUse = coupon && { id: coupon.row.id, amountFen: coupon.verdict.discountFen, lineIndexes: coupon.verdict.inScope };
  const quote = couponUse ? price(items, freight, couponUse) : plain;
  const byDiscount = (a: CouponOption, b: CouponOption) =>
    b.verdict.discountFen - a.verdict.discountFen || a.row.validTo.getTime() - b.row.validTo.getTime();
  const shown = found.chosen && !found.options.includes(found.chosen) ? [...found.options, found.chosen] : found.options;
  return {
    quote,
    coupon,
    couponUse,
    coupons: {
      chosenId: coupon?.row.id ?? null,
      none: choice === null,
      usable: shown.filter((o) => o.verdict.usable).sort(byDiscount).map(presentOption),
      unusable: shown.filter((o) => !o.verdict.usable).map(presentOption),
    },
  };
}

/**
 * The whole pricing of a checkout. A usual order: the coupon step, then 积分抵扣 of the points the
 * buyer asked for, checked against the balance and the cap on what the goods cost after the coupon.
 * A redemption: no coupon; its points cover the goods' price less the cash part, and the goods ships
 * as it would bought for cash (the freight step counts the points as money).
 */
async function priceCheckout(
  db: DbOrTx,
  memberId: string,
  source: Source,
  freight: FreightRule,
  body: QuoteBody,
  paths: Map<number, readonly number[]>,
  shown: { pointsOffer: boolean },
): Promise<Priced & { spend: { points: number; valueFen: number } }> {
  const { items, redeem } = source;
  if (redeem) {
    const item = items[0]!;
    const { points, cashFen } = redeem.redemption;
    const valueFen = Math.max(0, item.sku.priceFen - cashFen) * item.quantity;
    const quote = price(items, freight, undefined, { points, amountFen: valueFen });
    return {
      quote,
      coupons: NO_COUPONS,
      redemption: redeem.redemption,
      points: {
        balance: redeem.balance,
        maxUsable: 0,
        used: points,
        valueFen: quote.pointsDiscount,
        fenPer100Points: 0,
        maxDeductPercent: 0,
        hint: '积分兑换订单不能再使用积分抵扣',
      },
      spend: { points: 0, valueFen: 0 },
    };
  }
  const withCoupon = await priceWithCoupon(db, memberId, items, freight, body.couponId, paths);
  const base = withCoupon.quote.lines.reduce((a, l) => a + l.payable, 0);
  // A submit that spends no points needs no offer (the balance and the points settings): only the
  // quote shows it. Spending is checked again by the conditional update of the balance.
  if (!shown.pointsOffer && !body.points) {
    return { ...withCoupon, redemption: null, points: NO_POINTS_ASKED, spend: { points: 0, valueFen: 0 } };
  }
  const offer = await checkoutOffer(db, memberId, base);
  const spend = pointsToSpend(offer, body.points ?? 0);
  const quote = spend.points
    ? price(items, freight, withCoupon.couponUse, { points: spend.points, amountFen: spend.valueFen })
    : withCoupon.quote;
  return {
    ...withCoupon,
    quote,
    redemption: null,
    points: { ...offer, used: spend.points, valueFen: quote.pointsDiscount },
    spend,
  };
}

function presentQuote(
  items: Item[],
  quote: Quote,
): Omit<CheckoutQuote, 'freightRule' | 'address' | 'needsRealName' | 'realNameHint' | 'payMinutes' | 'points' | 'redemption'> {
  return {
    items: items.map((item, i): CheckoutQuoteItem => {
      const line = quote.lines[i]!;
      return {
        cartItemId: item.cartItemId ?? null,
        skuId: item.sku.skuId,
        goodsId: item.sku.goodsId,
        goodsName: item.sku.goodsName,
        image: item.sku.image,
        specText: item.sku.specText,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        goodsAmount: line.goodsAmount,
        discountAmount: line.activityDiscount + line.couponDiscount + line.pointsDiscount,
        payable: line.payable,
        isCrossBorder: item.sku.isCrossBorder,
        activity: item.activity
          ? { id: item.activity.id, title: item.activity.title, kindText: item.activity.kindText, priceFen: item.activity.priceFen }
          : null,
      };
    }),
    goodsAmount: quote.goodsAmount,
    activityDiscount: quote.activityDiscount,
    couponDiscount: quote.couponDiscount,
    pointsDiscount: quote.pointsDiscount,
    freight: quote.freight,
    payableAmount: quote.payable,
    totalQuantity: items.reduce((a, i) => a + i.quantity, 0),
  };
}

const crossBorderMessage = '订单含跨境商品，按海关要求需填写订购人实名信息，请先选择实名认证信息';

/**
 * 立即抢购 of a 秒杀 SKU that this process knows sold out (a mark shared by every server process,
 * modules/activities/sold-out-marks.ts) is refused 已抢光 without a query: after a session sells out
 * the refusals are most of the load. The checkout routes ask first, on the raw body, before the
 * buyer's session is read (a sold-out 秒杀 is no secret); the flow asks again wherever a buyer may
 * have waited (the turnstile, the pool).
 */
export function refuseSoldOut(ctx: AppContext, body: unknown) {
  const flash = flashAsked(body);
  if (flash && ctx.soldOut.refuses(flash.activityId, flash.skuId)) throw soldOut();
}

/** The 秒杀 SKU a raw checkout body's 立即抢购 asks for, read before validation (the schema checks it after). */
function flashAsked(rawBody: unknown): { activityId: number; skuId: number } | null {
  const buyNow = (rawBody as { buyNow?: { activityId?: unknown; skuId?: unknown } } | null)?.buyNow;
  const { activityId, skuId } = buyNow ?? {};
  return typeof activityId === 'number' && typeof skuId === 'number' ? { activityId, skuId } : null;
}

/** What the checkout page shows: lines, amounts, freight rule and the chosen (or default) address. */
export async function quoteCheckout(ctx: AppContext, memberId: string, body: QuoteBody): Promise<CheckoutQuoteWithCoupons> {
  const freight = await freightRule(ctx);
  const source = await resolveSource(ctx.db, memberId, body);
  const items = source.items;
  const paths = await categoryPathsOf(
    ctx,
    items.map((i) => i.sku),
  );
  const { quote, coupons, points, redemption } = await priceCheckout(ctx.db, memberId, source, freight, body, paths, {
    pointsOffer: true,
  });
  const address = body.addressId
    ? await findAddress(ctx.db, memberId, body.addressId)
    : await defaultAddress(ctx.db, memberId);
  if (body.addressId && !address) throw notFound('收货地址不存在');
  const needsRealName = items.some((i) => i.sku.isCrossBorder);
  return {
    ...presentQuote(items, quote),
    freightRule: freight,
    address: address ? presentAddress(address) : null,
    needsRealName,
    realNameHint: needsRealName ? crossBorderMessage : null,
    payMinutes: await getSetting(ctx, body.buyNow?.activityId ? 'flashSalePayMinutes' : 'orderPayMinutes'),
    coupons,
    points,
    redemption,
  };
}

/** Not guessable: the date in Asia/Shanghai and 12 digits from a secure random source. */
export const newOrderNo = (now = new Date()) => newBusinessNo('', now);

/** `created` is false when this key had already made the order (a double click or a retry). */

/** Thrown inside the order's transaction when a twin request (same idempotency key) placed it first: rolls this one back. */
const TWIN_MADE_IT = Symbol('twin made the order');
export type Submitted = CheckoutSubmitted;

async function existingOrder(db: DbOrTx, memberId: string, key: string): Promise<Submitted | undefined> {
  const row = await findOrderByIdempotencyKey(db, memberId, key);
  return (
    row && {
      orderNo: row.orderNo,
      status: row.status as OrderStatus,
      payableAmount: row.payableAmount,
      payDeadline: row.payDeadline.toISOString(),
      created: false,
    }
  );
}

/**
 * Creates the order. Everything that is only read (the goods and their prices, the address, the
 * real-name record, the coupons and points on offer) is read before the transaction, on the pool:
 * inside it each read would be one more round trip while the order's rows and locks wait. Reading
 * them inside a READ COMMITTED transaction decided nothing more anyway — a price or a coupon may
 * change a moment after either read. What must hold at the order's commit is decided by the writes
 * in the transaction: its unique (member, key) makes a concurrent twin wait and then find it; the
 * stock subscriber takes the stock by conditional updates; a 秒杀's units and limit, the coupon's
 * hold, the points and a redemption's limit and stock are conditional updates (or counted under a
 * lock) there too, and any refusal rolls the whole order back. The bought cart lines are removed.
 */
async function submitOnce(ctx: AppContext, memberId: string, body: SubmitBody): Promise<Submitted> {
  const freight = await freightRule(ctx);
  // 站点设置 orderPayMinutes (ORDER_PAY_MINUTES in the environment until an operator changes it);
  // a 秒杀 order has flashSalePayMinutes, shorter, so its units go back to the session sooner.
  const payMinutes = await getSetting(ctx, body.buyNow?.activityId ? 'flashSalePayMinutes' : 'orderPayMinutes');
  const payDeadline = new Date(Date.now() + payMinutes * 60_000);
  // A 秒杀 line is checked here too: a refusal before the transaction costs it nothing.
  const [source, address, realName] = await Promise.all([
    resolveSource(ctx.db, memberId, body),
    findAddress(ctx.db, memberId, body.addressId),
    // The record must be this member's own (the real-name module checks; another's reads as absent).
    body.realNameId ? getRealNameForOrder(ctx.db, memberId, body.realNameId) : undefined,
  ]);
  const items = source.items;
  if (!address) throw notFound('收货地址不存在，请重新选择');
  if (items.some((i) => i.sku.isCrossBorder) && !body.realNameId) throw badRequest(crossBorderMessage);
  if (body.realNameId && !realName) throw notFound('实名认证信息不存在，请重新选择');
  const paths = await categoryPathsOf(
    ctx,
    items.map((i) => i.sku),
  );
  const { quote, coupon, spend } = await priceCheckout(ctx.db, memberId, source, freight, body, paths, { pointsOffer: false });

  // Asked again at each step a 秒杀 buyer may have waited at (the pool, the reads above): once the
  // session has sold out meanwhile, no transaction is opened, or the one just opened does nothing more.
  refuseSoldOut(ctx, body);
  const made = await ctx.db.transaction(async (tx): Promise<Submitted | undefined> => {
    refuseSoldOut(ctx, body);
    await assertStillInStock(tx, items);
    const shares = prorate(
      quote.payable,
      quote.lines.map((l) => l.payable),
    );
    const orderNo = newOrderNo();
    // A 秒杀 line's units come out of the activity's stock (and its limit) before the order's sale takes them.
    for (const item of items) {
      if (item.flash) await takeFlashUnits(tx, { memberId, line: item.flash, skuId: item.sku.skuId, quantity: item.quantity, orderNo });
    }
    // The orders module writes the rows; its `placed` moment takes the stock (a shortfall throws
    // and rolls everything back, naming the goods).
    const order = await placeOrder(
      tx,
      {
        orderNo,
        memberId,
        goodsAmount: quote.goodsAmount,
        activityDiscount: quote.activityDiscount,
        couponDiscount: quote.couponDiscount,
        pointsDiscount: quote.pointsDiscount,
        freight: quote.freight,
        payableAmount: quote.payable,
        address: snapshotOf(address),
        realNameId: body.realNameId ?? null,
        realName: realName ? { name: realName.name, idNumberMasked: realName.masked } : null,
        remark: body.remark ?? '',
        idempotencyKey: body.idempotencyKey,
        payDeadline,
      },
      items.map((item, i) => {
        const line = quote.lines[i]!;
        const bought = line.activityDiscount > 0 ? item.activity : undefined;
        return {
          goodsId: item.sku.goodsId,
          skuId: item.sku.skuId,
          name: item.sku.goodsName,
          image: item.sku.image,
          specText: item.sku.specText,
          unitPrice: line.unitPrice,
          quantity: line.quantity,
          goodsAmount: line.goodsAmount,
          discountAmount: line.activityDiscount + line.couponDiscount + line.pointsDiscount,
          paidShare: shares[i]!,
          isCrossBorder: item.sku.isCrossBorder,
          // The activity that priced the line and what it took off: the order's pages tag the line and split the discounts.
          activityId: bought?.id ?? null,
          activityKind: bought?.kind ?? null,
          activityDiscount: line.activityDiscount,
        };
      }),
    );
    // A twin request made it first: undo what this one did (a 秒杀's units taken above) and read it after.
    if (!order) throw TWIN_MADE_IT;
    // The coupon is held by this unpaid order: one conditional update, so of two checkouts racing
    // with one coupon exactly one holds it; the other is refused and its order rolled back.
    if (coupon) {
      await holdForOrder(tx, {
        memberId,
        couponId: coupon.row.id,
        orderId: order.id,
        orderNo: order.orderNo,
        discountFen: quote.couponDiscount,
        orderAmountFen: quote.payable,
      });
    }
    // Points by conditional updates of the balance (and the mall's stock): a member's simultaneous
    // check-outs never spend more than the balance; a refusal rolls the order back.
    if (spend.points) await spendForOrder(tx, { memberId, orderNo: order.orderNo, ...spend });
    if (body.pointsMall) await redeemForOrder(tx, { memberId, orderNo: order.orderNo, ...body.pointsMall });
    // Nothing to pay (a points-only redemption with free delivery, discounts covering everything): paid now.
    const paidNow = quote.payable === 0 && (await markOrderPaid(tx, { orderId: order.id, amountFen: 0, paymentMethod: 'none' }));

    const bought = items.flatMap((i) => (i.cartItemId ? [i.cartItemId] : []));
    if (bought.length) await removeLines(tx, memberId, bought);
    return {
      orderNo: order.orderNo,
      status: paidNow ? 'PENDING_SHIPMENT' : (order.status as OrderStatus),
      payableAmount: quote.payable,
      payDeadline: payDeadline.toISOString(),
      created: true,
    };
  }).catch((err: unknown) => {
    if (err === TWIN_MADE_IT) return undefined;
    throw err;
  });
  if (made) return made;
  return twinOf(ctx, memberId, body.idempotencyKey);
}

/**
 * The goods' stock asked again as the transaction's first statement (a read by primary key, before
 * any write or lock). The stock subscriber's conditional update decides; this spares the losers of a
 * rush for the last units: all their reads before the transaction saw units left, and without it
 * each would write an order, wait behind the winners' lock on the SKU row and roll back, holding a
 * pooled connection all along (checkout/contention took twice as long). Told 已售罄 here, they leave
 * after one read. A 秒杀 line's units are the activity's own, taken by its own conditional update.
 */
async function assertStillInStock(tx: DbOrTx, items: Item[]) {
  const goodsLines = items.filter((i) => !i.flash);
  const left = await stockLeft(
    tx,
    goodsLines.map((i) => i.sku.skuId),
  );
  for (const i of goodsLines) assertBuyable({ ...i.sku, stock: left.get(i.sku.skuId) ?? 0 }, i.quantity);
}

/**
 * The submit route's whole work (the session read included) for a 秒杀's 立即抢购: through the
 * turnstile below, asking the sold-out mark again on its turn. Other submits go straight through.
 */
export function throughFlashTurnstile<T>(ctx: AppContext, rawBody: unknown, work: () => Promise<T>): Promise<T> {
  if (!flashAsked(rawBody)) return work();
  return turnstileOf(ctx).pass(() => {
    refuseSoldOut(ctx, rawBody);
    return work();
  });
}

/**
 * At most `size` 立即抢购 of this process at the database at once, from the session read to the
 * order; the others wait their turn here (in arrival order, without a query). In a 秒杀's first
 * second thousands of buyers arrive together: let in all at once, each one's session read and
 * checkout's twenty-odd statements would queue behind everyone else's in the pool and nobody would
 * finish — the last units sold, and the sold-out mark set, only after every buyer's work. Let in a
 * few at a time, the units sell within the first few hundred buyers and the rest, still waiting
 * here, are answered 已抢光 by the mark without a query.
 */
class Turnstile {
  private inside = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly size: number) {}

  async pass<T>(fn: () => Promise<T>): Promise<T> {
    if (this.inside < this.size) this.inside += 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.inside -= 1;
    }
  }
}

const turnstiles = new WeakMap<AppContext['soldOut'], Turnstile>();
/** One turnstile per app, a little narrower than its pool (sign-ins and other calls keep connections). */
function turnstileOf(ctx: AppContext): Turnstile {
  let t = turnstiles.get(ctx.soldOut);
  if (!t) turnstiles.set(ctx.soldOut, (t = new Turnstile(Math.max(2, ctx.config.DATABASE_POOL_SIZE - 2))));
  return t;
}

/**
 * Places the order (a 秒杀's 立即抢购 arrives here through `throughFlashTurnstile`). The key is not
 * looked up first: the order's INSERT … ON CONFLICT in the transaction finds a twin that made it,
 * and a refusal asks whether one did. A retry or a double click whose twin made the order finds the
 * cart lines gone, the stock or the 秒杀 units taken, the coupon held, the points spent or a limit
 * reached: that is the same order, not a refusal.
 */
export async function submitCheckout(ctx: AppContext, memberId: string, body: SubmitBody): Promise<Submitted> {
  try {
    return await submitOnce(ctx, memberId, body);
  } catch (err) {
    if (err instanceof AppError) {
      const twin = await existingOrder(ctx.db, memberId, body.idempotencyKey);
      if (twin) return twin;
    }
    throw err;
  }
}

async function twinOf(ctx: AppContext, memberId: string, key: string): Promise<Submitted> {
  const twin = await existingOrder(ctx.db, memberId, key);
  if (!twin) throw new AppError(Code.SERVER_ERROR, '订单提交失败，请重试');
  return twin;
}
