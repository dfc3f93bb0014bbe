import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY, deliverySchema, type DeliveryRule } from '../site/delivery-setting.ts';
import { arrivalEstimate, regionKind } from './arrival-estimate.ts';

const rule: DeliveryRule = DEFAULT_DELIVERY; // 浙江 33; 1 / 2 / 5 days; 新疆 65, 西藏 54, 青海 63 remote; 16:00

/** A moment given as Shanghai wall-clock time. */
const at = (shanghai: string) => new Date(`${shanghai}+08:00`);

describe('regionKind', () => {
  it.each([
    ['33', 'same'],
    ['11', 'other'],
    ['44', 'other'],
    ['65', 'remote'],
    ['54', 'remote'],
    ['63', 'remote'],
  ] as const)('province %s is %s', (code, kind) => {
    expect(regionKind(rule, code)).toBe(kind);
  });

  it('the ship-from province is 同省 even when a rule lists it as remote', () => {
    expect(regionKind({ ...rule, shipFromProvince: '65' }, '65')).toBe('same');
  });
});

describe('arrivalEstimate', () => {
  // Wed 2026-11-25 in Shanghai.
  it.each([
    // same province, before the cut-off: ships today, arrives tomorrow
    ['2026-11-25T09:30:00', '33', rule, true, 1, '2026-11-26', '16:00 前下单，预计明天（11月26日）送达'],
    // one minute before the cut-off still ships today
    ['2026-11-25T15:59:59', '33', rule, true, 1, '2026-11-26', '16:00 前下单，预计明天（11月26日）送达'],
    // at the cut-off it ships tomorrow
    ['2026-11-25T16:00:00', '33', rule, false, 1, '2026-11-27', '现在下单，预计后天（11月27日）送达'],
    // other province, before and after the cut-off
    ['2026-11-25T10:00:00', '11', rule, true, 2, '2026-11-27', '16:00 前下单，预计后天（11月27日）送达'],
    ['2026-11-25T20:00:00', '11', rule, false, 2, '2026-11-28', '现在下单，预计 11月28日（周六）送达'],
    // remote region
    ['2026-11-25T10:00:00', '65', rule, true, 5, '2026-11-30', '16:00 前下单，预计 11月30日（周一）送达'],
    ['2026-11-25T23:59:00', '54', rule, false, 5, '2026-12-01', '现在下单，预计 12月1日（周二）送达'],
    // same-day delivery inside the province
    [
      '2026-11-25T08:00:00',
      '33',
      { ...rule, sameProvinceDays: 0 },
      true,
      0,
      '2026-11-25',
      '16:00 前下单，预计今天（11月25日）送达',
    ],
    // cut-off 0: nothing ships the day it is ordered
    [
      '2026-11-25T00:30:00',
      '33',
      { ...rule, cutoffHour: 0 },
      false,
      1,
      '2026-11-27',
      '现在下单，预计后天（11月27日）送达',
    ],
    // a morning cut-off shown with two digits
    [
      '2026-11-25T08:00:00',
      '11',
      { ...rule, cutoffHour: 9 },
      true,
      2,
      '2026-11-27',
      '09:00 前下单，预计后天（11月27日）送达',
    ],
    // past the year's end
    ['2026-12-30T18:00:00', '44', rule, false, 2, '2027-01-02', '现在下单，预计 1月2日（周六）送达'],
  ] as const)('%s to %s', (when, province, r, shipsToday, days, arrivalDate, text) => {
    expect(arrivalEstimate(r, province, at(when))).toEqual({
      kind: regionKind(r, province),
      days,
      shipsToday,
      arrivalDate,
      text,
    });
  });

  it('counts the day in Shanghai, not in UTC', () => {
    // 2026-11-25 17:00 UTC is 01:00 on the 26th in Shanghai: before the cut-off of the 26th.
    expect(arrivalEstimate(rule, '33', new Date('2026-11-25T17:00:00Z'))).toMatchObject({
      shipsToday: true,
      arrivalDate: '2026-11-27',
    });
  });
});

describe('the 配送时效 setting', () => {
  it.each([
    [{ ...rule, sameProvinceDays: -1 }, '同省送达天数不能为负'],
    [{ ...rule, otherProvinceDays: 1.5 }, '外省送达天数必须是整数（天）'],
    [{ ...rule, remoteDays: 31 }, '偏远地区送达天数不能超过 30 天'],
    [{ ...rule, remoteDays: '5' }, '偏远地区送达天数格式不正确'],
    [{ ...rule, shipFromProvince: '99' }, '发货省份不是有效的省份代码'],
    [{ ...rule, shipFromProvince: "33' OR 1=1" }, '发货省份不是有效的省份代码'],
    [{ ...rule, remoteProvinces: ['65', '65'] }, '偏远地区不能重复'],
    [{ ...rule, remoteProvinces: ['新疆'] }, '偏远地区不是有效的省份代码'],
    [{ ...rule, remoteProvinces: ['33'] }, '发货省份不能同时设为偏远地区'],
    [{ ...rule, cutoffHour: 24 }, '截单时间不能晚于 23 点'],
    [{ ...rule, cutoffHour: 16.5 }, '截单时间必须是整点（0–23）'],
    [{ ...rule, sameProvinceDays: 3 }, '外省送达天数不能少于同省送达天数'],
    [{ ...rule, remoteDays: 1 }, '偏远地区送达天数不能少于外省送达天数'],
    ['fast', '配送时效格式不正确'],
  ])('refuses %j', (value, message) => {
    const parsed = deliverySchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('accepts the default and trims codes', () => {
    expect(deliverySchema.parse({ ...rule, shipFromProvince: ' 31 ' }).shipFromProvince).toBe('31');
  });
});
