import { z } from 'zod';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, int, pageQuery, text } from '../../lib/validation.ts';
import { AFTERSALE_STATUSES, AFTERSALE_TYPES } from '@mall/shared';
import { IMAGE_NAME, MAX_IMAGES } from './uploads.ts';

/** The reasons a buyer may choose (an allowlist: free text goes in the description). */
export const AFTERSALE_REASONS = [
  '不想要了',
  '拍错/多拍',
  '未按约定时间发货',
  '商品与描述不符',
  '质量问题',
  '收到商品破损',
  '少件/漏发',
  '发错货',
  '七天无理由退货',
  '其他',
] as const;

const uuidField = (label: string) => text(label, { min: 1, max: 36, pattern: UUID_PATTERN });
const types = Object.keys(AFTERSALE_TYPES) as [keyof typeof AFTERSALE_TYPES, ...(keyof typeof AFTERSALE_TYPES)[]];
const statuses = ['ALL', ...AFTERSALE_STATUSES] as [string, ...string[]];

/** Form bodies repeat a key for arrays; a single value arrives as a string. */
const imageList = z.preprocess(
  (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z
    .array(text('图片', { min: 1, max: 60, pattern: IMAGE_NAME, patternMessage: '图片不正确，请重新上传' }), {
      error: '图片格式不正确',
    })
    .max(MAX_IMAGES, `最多上传 ${MAX_IMAGES} 张图片`)
    .refine((a) => new Set(a).size === a.length, '图片重复'),
);

export const applyBody = z.object({
  orderItemId: uuidField('订单商品'),
  type: enumOf('售后类型', types),
  reason: enumOf('售后原因', AFTERSALE_REASONS),
  description: text('问题描述', { max: 500 }).default(''),
  quantity: int('申请数量', { min: 1, max: 9999 }),
  images: imageList,
});

export const applyInfoQuery = z.object({ orderItemId: uuidField('订单商品') });
export const idBody = z.object({ id: uuidField('售后单') });

export const returnLogisticsBody = z.object({
  id: uuidField('售后单'),
  company: text('物流公司', { min: 1, max: 30 }),
  trackingNo: text('物流单号', {
    min: 4,
    max: 40,
    pattern: /^[A-Za-z0-9-]+$/,
    patternMessage: '物流单号只能包含字母、数字和短横线',
  }),
});

export const pageBody = z.object({ ...pageQuery, status: enumOf('售后状态', statuses).default('ALL') });

const afterSaleNo = text('售后单号', { min: 1, max: 40, pattern: /^AS\d+$/ });
export const opsNoBody = z.object({ afterSaleNo });
export const opsRejectBody = z.object({ afterSaleNo, reason: text('拒绝原因', { min: 1, max: 200 }) });
