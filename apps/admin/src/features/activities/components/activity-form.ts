import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { yuanToFen, type ActivityKind, type ConsoleActivity } from '@mall/shared';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The 秒杀/活动 form's pure parts: rows of SKUs as typed (yuan, 折) turned into the create/update
 * call (fen, percent), the price a 折扣 gives, and Beijing wall-clock times to ISO and back. The
 * server decides the rest (a price not below the usual one, a stock shortfall) and its message is shown.
 */

export const SHOP_TZ = 'Asia/Shanghai';
/** The wall-clock pattern the time pickers use (read as Beijing time). */
export const WALL = 'YYYY-MM-DD HH:mm';

export type DiscountMode = 'price' | 'percent';

export interface SkuRow {
  skuId: number;
  goodsId: number;
  goodsName: string;
  specText: string;
  usualPriceFen: number;
  goodsStock: number;
  /** 限时折扣: a 折扣价 or a 折扣; a 秒杀 always has a price. */
  mode: DiscountMode;
  priceYuan: number | null;
  /** 8.5 for 8.5 折. */
  zhe: number | null;
  stock: number | null;
}

export interface ActivityRequest {
  kind: ActivityKind;
  title: string;
  startsAt: string;
  endsAt: string;
  perMemberLimit: number;
  skus: { skuId: number; priceFen?: number; percent?: number; stock: number }[];
}

export interface FormInput {
  kind: ActivityKind;
  title: string;
  /** Beijing wall-clock times, `YYYY-MM-DD HH:mm`. */
  window: [string, string] | null;
  perMemberLimit: number | null;
  rows: SkuRow[];
}

export type RowErrors = Record<number, string>;
export type BuildResult =
  | { ok: true; request: ActivityRequest }
  | { ok: false; field?: 'title' | 'window'; message: string; rowErrors: RowErrors };

/** 12.34 → 1234; null when it is not a positive amount with at most two decimals (the server refuses a free 秒杀). */
export function activityPriceFen(yuan: number | null | undefined): number | null {
  const fen = yuanToFen(yuan);
  return fen !== null && fen > 0 ? fen : null;
}

/** 8.5 折 → 85; null outside 0.1–9.9 or with more than one decimal. */
export function zheToPercent(zhe: number | null | undefined): number | null {
  if (zhe === null || zhe === undefined || !Number.isFinite(zhe)) return null;
  const percent = Math.round(zhe * 10);
  return Math.abs(percent - zhe * 10) < 1e-6 && percent >= 1 && percent <= 99 ? percent : null;
}

/** The price a percent gives (the server's rule: floored to the fen, at least 1 fen). */
export const discountedFen = (usualFen: number, percent: number) => Math.max(1, Math.floor((usualFen * percent) / 100));

/** The activity price a row would give as typed, or null when it is not complete. */
export function rowPriceFen(row: SkuRow, kind: ActivityKind): number | null {
  if (kind === 'TIME_DISCOUNT' && row.mode === 'percent') {
    const p = zheToPercent(row.zhe);
    return p === null ? null : discountedFen(row.usualPriceFen, p);
  }
  return activityPriceFen(row.priceYuan);
}

/** A Beijing wall-clock time (`2026-11-26 10:00`) as ISO 8601 with its offset. */
export const wallToIso = (wall: string) => dayjs.tz(wall, WALL, SHOP_TZ).format('YYYY-MM-DDTHH:mm:ssZ');
/** An ISO time as a Beijing wall-clock time. */
export const isoToWall = (iso: string) => dayjs(iso).tz(SHOP_TZ).format(WALL);

/** Today's (Beijing) two-hour session starting at `hour`, as wall-clock times. */
export function sessionWindow(hour: number, now: Date = new Date()): [string, string] {
  const start = dayjs(now).tz(SHOP_TZ).hour(hour).minute(0).second(0).millisecond(0);
  return [start.format(WALL), start.add(2, 'hour').format(WALL)];
}

export function buildRequest(v: FormInput): BuildResult {
  const fail = (message: string, field?: 'title' | 'window', rowErrors: RowErrors = {}): BuildResult => ({
    ok: false,
    field,
    message,
    rowErrors,
  });
  const title = v.title.trim();
  if (!title) return fail('请填写活动名称', 'title');
  if (!v.window) return fail('请选择活动时间', 'window');
  const [start, end] = v.window;
  if (!dayjs.tz(end, WALL, SHOP_TZ).isAfter(dayjs.tz(start, WALL, SHOP_TZ)))
    return fail('结束时间须晚于开始时间', 'window');
  if (!v.rows.length) return fail('请添加活动商品');

  const rowErrors: RowErrors = {};
  const skus: ActivityRequest['skus'] = [];
  for (const r of v.rows) {
    if (v.kind === 'FLASH_SALE') {
      const priceFen = activityPriceFen(r.priceYuan);
      const stock = r.stock ?? 0;
      if (priceFen === null) rowErrors[r.skuId] = '请填写秒杀价（大于 0，最多两位小数）';
      else if (!Number.isInteger(stock) || stock < 1) rowErrors[r.skuId] = '秒杀库存至少 1 件';
      else skus.push({ skuId: r.skuId, priceFen, stock });
    } else if (r.mode === 'percent') {
      const percent = zheToPercent(r.zhe);
      if (percent === null) rowErrors[r.skuId] = '请填写折扣（0.1–9.9 折，最多一位小数）';
      else skus.push({ skuId: r.skuId, percent, stock: 0 });
    } else {
      const priceFen = activityPriceFen(r.priceYuan);
      if (priceFen === null) rowErrors[r.skuId] = '请填写折扣价（大于 0，最多两位小数）';
      else skus.push({ skuId: r.skuId, priceFen, stock: 0 });
    }
  }
  if (Object.keys(rowErrors).length) return fail('请检查活动商品的设置', undefined, rowErrors);
  return {
    ok: true,
    request: {
      kind: v.kind,
      title,
      startsAt: wallToIso(start),
      endsAt: wallToIso(end),
      perMemberLimit: v.perMemberLimit ?? 0,
      skus,
    },
  };
}

/** An activity being edited, as the form's input. */
export function toFormInput(a: ConsoleActivity): FormInput {
  return {
    kind: a.kind,
    title: a.title,
    window: [isoToWall(a.startsAt), isoToWall(a.endsAt)],
    perMemberLimit: a.perMemberLimit,
    rows: a.skus.map((s) => ({
      skuId: s.skuId,
      goodsId: s.goodsId,
      goodsName: s.goodsName,
      specText: s.specText,
      usualPriceFen: s.usualPriceFen,
      goodsStock: s.goodsStock,
      mode: s.percent !== null ? 'percent' : 'price',
      priceYuan: s.priceFen !== null ? s.priceFen / 100 : null,
      zhe: s.percent !== null ? s.percent / 10 : null,
      stock: a.kind === 'FLASH_SALE' ? s.stock : null,
    })),
  };
}

/** A 秒杀's 已抢 share of what it put on sale (sold ÷ (sold + left)), 0–100. */
export function soldPercent(sold: number, left: number): number {
  const total = sold + left;
  return total > 0 ? Math.round((sold / total) * 100) : 0;
}
