import {
  yuanToFen,
  type CouponChannel,
  type CouponKind,
  type CouponScope,
  type CouponValidityType,
  type OpsCouponTemplate,
} from '@mall/shared';

/** Integer fen as the yuan the form shows (1990 → 19.9). */
export const fenToYuan = (fen: number): number => fen / 100;

/** 8.5 (折, one decimal at most, 0.1–9.9) as the percent paid the server keeps (85); null when it is not a discount. */
export function zheToPercent(zhe: number | string | null | undefined): number | null {
  if (zhe === null || zhe === undefined || zhe === '') return null;
  const text = String(zhe).trim();
  if (!/^\d(\.\d)?$/.test(text)) return null;
  const [whole, part = '0'] = text.split('.');
  const percent = Number(whole) * 10 + Number(part);
  return percent >= 1 && percent <= 99 ? percent : null;
}

/** 85 → 8.5 (折). */
export const percentToZhe = (percent: number): number => percent / 10;

const DAY_MS = 86_400_000;
const SHANGHAI_MS = 8 * 3_600_000;

/** The Asia/Shanghai calendar date (YYYY-MM-DD) of an instant. */
export const shanghaiDate = (iso: string): string => new Date(Date.parse(iso) + SHANGHAI_MS).toISOString().slice(0, 10);

/** The start of a Shanghai day as the instant the server takes. */
export const dayStart = (date: string): string => `${date}T00:00:00+08:00`;

/** The Shanghai day after `date` (the range's end is exclusive: the last day is valid all day). */
export const nextDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The form's values: money in yuan, discount in 折, validity as Shanghai dates (both days included). */
export interface CouponFormValues {
  name: string;
  description?: string;
  kind: CouponKind;
  thresholdYuan?: number | string | null;
  amountYuan?: number | string | null;
  discountZhe?: number | string | null;
  capYuan?: number | string | null;
  scope: CouponScope;
  scopeIds?: number[];
  validityType: CouponValidityType;
  /** [first day, last day] as YYYY-MM-DD. */
  validDates?: [string, string] | null;
  validDays?: number | null;
  totalQuantity: number;
  perMemberLimit: number;
  channel: CouponChannel;
}

/** What POST /ops/promotion/coupon/create (and update with its id) takes. */
export interface CouponRequest {
  name: string;
  description: string;
  kind: CouponKind;
  thresholdFen: number;
  amountFen?: number;
  discountPercent?: number;
  capFen?: number;
  scope: CouponScope;
  scopeIds: number[];
  validityType: CouponValidityType;
  validFrom?: string;
  validTo?: string;
  validDays?: number;
  totalQuantity: number;
  perMemberLimit: number;
  channel: CouponChannel;
}

export type FormResult =
  { ok: true; request: CouponRequest } | { ok: false; field: keyof CouponFormValues; message: string };

/**
 * The form's values as the request, or the first field that is not right with its Chinese message.
 * When editing, unchanged dates send the template's own instants back, so a claimed coupon whose
 * rule was not touched is not refused for a rounding of its times.
 */
export function toCouponRequest(v: CouponFormValues, original?: OpsCouponTemplate | null): FormResult {
  const fail = (field: keyof CouponFormValues, message: string): FormResult => ({ ok: false, field, message });
  const name = (v.name ?? '').trim();
  if (!name) return fail('name', '请填写优惠券名称');
  const thresholdFen =
    v.thresholdYuan === undefined || v.thresholdYuan === null || v.thresholdYuan === ''
      ? 0
      : yuanToFen(v.thresholdYuan);
  if (thresholdFen === null) return fail('thresholdYuan', '使用门槛须为不小于 0 的金额，最多两位小数');
  const out: CouponRequest = {
    name,
    description: (v.description ?? '').trim(),
    kind: v.kind,
    thresholdFen,
    scope: v.scope,
    scopeIds: v.scope === 'ALL' ? [] : [...(v.scopeIds ?? [])],
    validityType: v.validityType,
    totalQuantity: v.totalQuantity,
    perMemberLimit: v.perMemberLimit,
    channel: v.channel,
  };
  if (v.kind === 'FULL_REDUCTION') {
    const amountFen = yuanToFen(v.amountYuan);
    if (amountFen === null || amountFen <= 0) return fail('amountYuan', '请填写减免金额（大于 0，最多两位小数）');
    if (thresholdFen > 0 && amountFen > thresholdFen) return fail('amountYuan', '减免金额不能大于使用门槛');
    out.amountFen = amountFen;
  } else {
    const percent = zheToPercent(v.discountZhe);
    if (percent === null) return fail('discountZhe', '折扣须在 0.1–9.9 折之间，最多一位小数');
    const capFen = yuanToFen(v.capYuan);
    if (capFen === null || capFen <= 0) return fail('capYuan', '请填写最高优惠金额（大于 0，最多两位小数）');
    out.discountPercent = percent;
    out.capFen = capFen;
  }
  if (v.scope !== 'ALL' && out.scopeIds.length === 0)
    return fail('scopeIds', v.scope === 'GOODS' ? '请选择适用商品' : '请选择适用分类');
  if (v.validityType === 'RANGE') {
    const [from, last] = v.validDates ?? [];
    if (!from || !last) return fail('validDates', '请选择有效期');
    if (last < from) return fail('validDates', '结束日期不能早于开始日期');
    const kept = original?.validityType === 'RANGE' && original.validFrom && original.validTo ? original : null;
    const same =
      kept &&
      shanghaiDate(kept.validFrom!) === from &&
      shanghaiDate(new Date(Date.parse(kept.validTo!) - 1).toISOString()) === last;
    out.validFrom = same ? kept.validFrom! : dayStart(from);
    out.validTo = same ? kept.validTo! : dayStart(nextDay(last));
  } else {
    if (!v.validDays || !Number.isInteger(v.validDays) || v.validDays < 1 || v.validDays > 365) {
      return fail('validDays', '领取后有效天数为 1–365 天');
    }
    out.validDays = v.validDays;
  }
  if (!Number.isInteger(v.totalQuantity) || v.totalQuantity < 1) return fail('totalQuantity', '发放总量至少 1 张');
  if (!Number.isInteger(v.perMemberLimit) || v.perMemberLimit < 1) return fail('perMemberLimit', '每人限领至少 1 张');
  if (v.perMemberLimit > v.totalQuantity) return fail('perMemberLimit', '每人限领不能大于发放总量');
  return { ok: true, request: out };
}

/** A template as the form's values (for 编辑). */
export function toFormValues(t: OpsCouponTemplate): CouponFormValues {
  const range = t.validityType === 'RANGE' && t.validFrom && t.validTo;
  return {
    name: t.name,
    description: t.description,
    kind: t.kind,
    thresholdYuan: fenToYuan(t.thresholdFen),
    amountYuan: t.kind === 'FULL_REDUCTION' ? fenToYuan(t.amountFen) : null,
    discountZhe: t.discountPercent === null ? null : percentToZhe(t.discountPercent),
    capYuan: t.capFen === null ? null : fenToYuan(t.capFen),
    scope: t.scope,
    scopeIds: t.scopeIds,
    validityType: t.validityType,
    validDates: range
      ? [shanghaiDate(t.validFrom!), shanghaiDate(new Date(Date.parse(t.validTo!) - 1).toISOString())]
      : null,
    validDays: t.validDays,
    totalQuantity: t.totalQuantity,
    perMemberLimit: t.perMemberLimit,
    channel: t.channel,
  };
}
