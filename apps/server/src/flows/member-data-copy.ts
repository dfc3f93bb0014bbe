import { formatTime, PAYMENT_METHOD_NAMES, type DataCopyFileKind } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import { asText, csvDocument } from '../lib/csv.ts';
import { exportFor as profileOf } from '../modules/accounts/index.ts';
import { exportFor as addressesOf } from '../modules/address/index.ts';
import { exportFor as afterSalesOf } from '../modules/aftersale/index.ts';
import { exportFor as couponsOf } from '../modules/coupons/index.ts';
import { exportFor as engagementOf } from '../modules/engagement/index.ts';
import { consentsForCopy, dataCopiesForCopy } from '../modules/member/index.ts';
import { exportFor as ordersOf } from '../modules/orders/index.ts';
import { exportFor as pointsOf } from '../modules/points/index.ts';

/**
 * What a 个人信息副本 holds (PIPL art. 45), gathered from each module's service at download time, so it
 * is the member's data as it is now and nothing of it is kept beside the live tables. Amounts are in fen
 * (`…Fen`) with the same amount in yuan beside it as text (`…Yuan`: "12.34").
 */

/** `12345` → `"123.45"` (text, so no spreadsheet or parser rounds it). */
export function yuanText(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Every `xxxFen` number of a value gets an `xxxYuan` text beside it, however deep. */
export function withYuan(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withYuan);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = withYuan(v);
    if (key.endsWith('Fen') && typeof v === 'number') out[`${key.slice(0, -3)}Yuan`] = yuanText(v);
  }
  return out;
}

export async function memberDataCopy(ctx: AppContext, memberId: string, now = new Date()) {
  const engagement = await engagementOf(ctx, memberId);
  return withYuan({
    说明: '这是您在本商城的个人信息副本（依据《个人信息保护法》第四十五条）。金额以“分”（…Fen）为单位，并附“元”（…Yuan）。时间为 UTC（ISO 8601）。',
    generatedAt: now.toISOString(),
    profile: await profileOf(ctx, memberId),
    addresses: await addressesOf(ctx, memberId),
    orders: await ordersOf(ctx, memberId),
    afterSales: await afterSalesOf(ctx, memberId),
    coupons: await couponsOf(ctx, memberId),
    pointsLedger: await pointsOf(ctx, memberId),
    favorites: engagement.favorites,
    footprints: engagement.footprints,
    consentRecords: await consentsForCopy(ctx.db, memberId),
    dataCopyRequests: await dataCopiesForCopy(ctx.db, memberId),
  });
}

export const ORDERS_CSV_HEADER = [
  '订单编号', '下单时间', '订单状态', '商品名称', '规格', '单价（元）', '数量', '商品金额（元）', '优惠（元）', '运费（元）', '实付金额（元）', '支付方式', '收货人', '收货地址', '物流公司', '运单号',
] as const;

/** The member's orders as a spreadsheet: one row per order line, times in Beijing time. */
export function ordersCsv(orders: Awaited<ReturnType<typeof ordersOf>>): string {
  const rows = orders.flatMap((o) => {
    const address = (o.address ?? {}) as { receiverName?: string; provinceName?: string; cityName?: string; districtName?: string; detail?: string };
    const place = [address.provinceName, address.cityName, address.districtName, address.detail].filter(Boolean).join('');
    const discount = o.activityDiscountFen + o.couponDiscountFen + o.pointsDiscountFen;
    return o.lines.map((l) => [
      asText(o.orderNo),
      formatTime(o.createdAt, 'YYYY-MM-DD HH:mm:ss'),
      o.statusText,
      l.name,
      l.specText,
      yuanText(l.unitPriceFen),
      l.quantity,
      yuanText(l.goodsAmountFen),
      yuanText(discount),
      yuanText(o.freightFen),
      yuanText(o.paidAmountFen),
      o.paymentMethod ? (PAYMENT_METHOD_NAMES[o.paymentMethod] ?? o.paymentMethod) : '',
      address.receiverName ?? '',
      place,
      o.logisticsCompany ?? '',
      asText(o.trackingNo),
    ]);
  });
  return csvDocument(ORDERS_CSV_HEADER, rows);
}

/** One file of a copy: its bytes and type. */
export async function dataCopyFile(ctx: AppContext, memberId: string, kind: DataCopyFileKind) {
  if (kind === 'csv') return { body: ordersCsv(await ordersOf(ctx, memberId)), type: 'text/csv; charset=utf-8' };
  return { body: JSON.stringify(await memberDataCopy(ctx, memberId), null, 2), type: 'application/json; charset=utf-8' };
}
