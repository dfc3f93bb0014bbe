import { z } from 'zod';
import { flag, int, intId, text } from '../../lib/validation.ts';

export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;

export const skuIdField = intId('商品规格');
export const quantityField = int('购买数量', { min: 1, max: MAX_LINE_QUANTITY });
export const cartItemId = text('购物车商品', { min: 1, max: 64 });

/** One id or several: a form may repeat the key, JSON may send an array. */
export const cartItemIds = z.preprocess(
  (v) => (typeof v === 'string' ? [v] : v),
  z
    .array(cartItemId, { error: (iss) => (iss.input === undefined ? '请选择购物车商品' : '购物车商品格式不正确') })
    .min(1, '请选择购物车商品')
    .max(MAX_CART_LINES, `一次最多选择 ${MAX_CART_LINES} 件商品`),
);

export const addBody = z.object({ skuId: skuIdField, quantity: quantityField.default(1) });
export const quantityBody = z.object({ id: cartItemId, quantity: quantityField });
export const selectBody = z.object({ id: cartItemId, selected: flag('选中状态') });
export const selectAllBody = z.object({ selected: flag('选中状态') });
export const removeBody = z.object({ ids: cartItemIds });
