import type { DeliveryRegionKind } from '@mall/shared';
import type { DeliveryRule } from '../site/index.ts';

/**
 * When goods ordered now reach a province, by the 配送时效 rule: a pure function of the rule, the
 * buyer's province and the moment, so the goods page and its tests read the same answer.
 * Days are counted in Asia/Shanghai (UTC+8 all year, no daylight saving).
 */

export interface ArrivalEstimate {
  kind: DeliveryRegionKind;
  /** Days from shipping to arrival. */
  days: number;
  /** Whether an order placed now ships today (before the cut-off hour). */
  shipsToday: boolean;
  /** The arrival day in Asia/Shanghai, YYYY-MM-DD. */
  arrivalDate: string;
  /** 「16:00 前下单，预计明天（11月26日）送达」 or 「现在下单，预计 11月28日（周六）送达」. */
  text: string;
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;
const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const NEAR_DAYS = ['今天', '明天', '后天'];

export function regionKind(rule: DeliveryRule, provinceCode: string): DeliveryRegionKind {
  if (provinceCode === rule.shipFromProvince) return 'same';
  return rule.remoteProvinces.includes(provinceCode) ? 'remote' : 'other';
}

export function arrivalEstimate(rule: DeliveryRule, provinceCode: string, now: Date): ArrivalEstimate {
  const kind = regionKind(rule, provinceCode);
  const days = kind === 'same' ? rule.sameProvinceDays : kind === 'remote' ? rule.remoteDays : rule.otherProvinceDays;
  // A Date whose UTC fields read as the wall clock in Shanghai.
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const shipsToday = local.getUTCHours() < rule.cutoffHour;
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const offset = (shipsToday ? 0 : 1) + days;
  const arrival = new Date(today + offset * DAY_MS);
  const monthDay = `${arrival.getUTCMonth() + 1}月${arrival.getUTCDate()}日`;
  const when =
    offset < NEAR_DAYS.length
      ? `${NEAR_DAYS[offset]}（${monthDay}）`
      : ` ${monthDay}（${WEEKDAYS[arrival.getUTCDay()]}）`;
  const lead = shipsToday ? `${String(rule.cutoffHour).padStart(2, '0')}:00 前下单` : '现在下单';
  return {
    kind,
    days,
    shipsToday,
    arrivalDate: arrival.toISOString().slice(0, 10),
    text: `${lead}，预计${when}送达`,
  };
}
