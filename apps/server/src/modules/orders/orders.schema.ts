import { z } from 'zod';
import { ORDER_STATUSES } from '@mall/shared';
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
