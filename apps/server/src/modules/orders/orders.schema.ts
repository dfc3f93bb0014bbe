import { z } from 'zod';
import { isCarrierName, ORDER_STATUSES, PAYMENT_METHOD_NAMES } from '@mall/shared';
import { enumOf, pageQuery, text } from '../../lib/validation.ts';

const STATUSES = ['ALL', ...ORDER_STATUSES] as const;

export const orderNoField = text('订单号', { min: 1, max: 40 });

export const pageBody = z.object({
  ...pageQuery,
  status: enumOf('订单状态', STATUSES).optional(),
  keyword: text('搜索关键词', { max: 50 }).optional(),
});
export const orderNoBody = z.object({ orderNo: orderNoField });
export const cancelBody = z.object({ orderNo: orderNoField, reason: text('取消原因', { max: 100 }).optional() });
export const shipBody = z.object({
  orderNo: orderNoField,
  company: text('物流公司', { min: 1, max: 30 }),
  trackingNo: text('物流单号', {
    min: 1,
    max: 40,
    pattern: /^[A-Za-z0-9-]+$/,
    patternMessage: '物流单号只能包含字母、数字和短横线',
  }),
});

/* ---- The console ---- */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day YYYY-MM-DD (Asia/Shanghai) that exists, between 2000 and 2099. */
const day = (label: string) =>
  text(label, { min: 1, max: 10, pattern: DAY, patternMessage: `${label}格式应为 YYYY-MM-DD` }).refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2099-12-31';
  }, `${label}不是有效的日期`);

const PAYMENT_METHODS = Object.keys(PAYMENT_METHOD_NAMES) as [string, ...string[]];

/** The console's order filters, shared by the list and the CSV export. */
const opsOrderFilter = {
  status: enumOf('订单状态', STATUSES).optional(),
  keyword: text('搜索关键词', { max: 50 }).optional(),
  dateFrom: day('开始日期').optional(),
  dateTo: day('结束日期').optional(),
  paymentMethod: enumOf('支付方式', PAYMENT_METHODS).optional(),
};
const datesInOrder = (q: { dateFrom?: string; dateTo?: string }) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const DATES_MESSAGE = { message: '开始日期不能晚于结束日期' };

export const opsOrderQuery = z.object({ ...pageQuery, ...opsOrderFilter }).refine(datesInOrder, DATES_MESSAGE);
export const opsExportQuery = z.object(opsOrderFilter).refine(datesInOrder, DATES_MESSAGE);
export type OpsOrderFilter = z.output<typeof opsExportQuery>;

/** Shipping from the console or the CLI: the carrier is one of the shared list (packages/shared/src/carriers.ts). */
export const opsShipBody = shipBody.extend({
  company: text('物流公司', { min: 1, max: 30 }).refine(isCarrierName, '请从列表中选择物流公司'),
});

export const opsRemarkBody = z.object({ orderNo: orderNoField, remark: text('备注', { max: 200 }) });

/* ---- A store's console ---- */

export const storeOrderQuery = z.object({
  ...pageQuery,
  status: enumOf('订单状态', STATUSES).optional(),
  orderNo: text('订单号', { max: 40, pattern: /^[A-Za-z0-9]*$/, patternMessage: '订单号只能包含字母和数字' }).optional(),
});
export type StoreOrderQuery = z.output<typeof storeOrderQuery>;
export const storeOrderNoQuery = z.object({ orderNo: orderNoField });
