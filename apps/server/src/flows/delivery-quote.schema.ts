import { z } from 'zod';
import { int, intId } from '../lib/validation.ts';

const code = (label: string, digits: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}不正确`) })
    .trim()
    .min(1, `请选择${label}`)
    .max(12, `${label}不正确`)
    .regex(new RegExp(`^\\d{${digits}}$`), `${label}不正确`);

/** GET /member/goods/delivery/estimate: the goods (and SKU, quantity) and the region delivered to. */
export const deliveryEstimateQuery = z.object({
  goodsId: intId('商品编号'),
  skuId: intId('规格编号').optional(),
  quantity: int('购买数量', {
    min: 1,
    max: 999,
    minMessage: '购买数量至少 1 件',
    maxMessage: '购买数量不能超过 999 件',
  }).default(1),
  provinceCode: code('所在省份', 2),
  cityCode: code('所在城市', 4),
  districtCode: code('所在区县', 6),
});
