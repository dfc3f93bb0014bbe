import { describe, expect, it } from 'vitest';
import { dimensionsOf, initialSelection, selectedSku, toggleValue, valueState, type PickableSku } from './sku.ts';

// 黑色 has 128G and 256G (256G sold out); 白色 only 256G; 白色+128G does not exist.
const skus: PickableSku[] = [
  { id: 1, specs: { 颜色: '黑色', 容量: '128G' }, stock: 5 },
  { id: 2, specs: { 颜色: '黑色', 容量: '256G' }, stock: 0 },
  { id: 3, specs: { 颜色: '白色', 容量: '256G' }, stock: 3 },
];
const dims = dimensionsOf(skus);

describe('sku picker rules', () => {
  it('finds the dimensions in order', () => {
    expect(dims).toEqual([
      { name: '颜色', values: ['黑色', '白色'] },
      { name: '容量', values: ['128G', '256G'] },
    ]);
  });

  it.each([
    [{}, '颜色', '黑色', 'available'],
    [{}, '容量', '256G', 'available'],
    [{ 颜色: '黑色' }, '容量', '256G', 'soldOut'],
    [{ 颜色: '白色' }, '容量', '128G', 'missing'],
    [{ 颜色: '白色' }, '容量', '256G', 'available'],
    [{ 容量: '128G' }, '颜色', '白色', 'missing'],
    [{ 容量: '256G' }, '颜色', '黑色', 'soldOut'],
  ] as const)('with %o, %s=%s is %s', (selection, dim, value, state) => {
    expect(valueState(skus, selection, dim, value)).toBe(state);
  });

  it('pre-selects the first SKU in stock and resolves a full selection', () => {
    const sel = initialSelection(skus, dims);
    expect(sel).toEqual({ 颜色: '黑色', 容量: '128G' });
    expect(selectedSku(skus, dims, sel)?.id).toBe(1);
    expect(selectedSku(skus, dims, { 颜色: '黑色' })).toBeUndefined();
  });

  it('drops a choice that the new value makes impossible', () => {
    expect(toggleValue(skus, dims, { 颜色: '黑色', 容量: '128G' }, '颜色', '白色')).toEqual({ 颜色: '白色', 容量: undefined });
    expect(toggleValue(skus, dims, { 颜色: '白色', 容量: '256G' }, '颜色', '白色')).toEqual({ 颜色: undefined, 容量: '256G' });
  });

  it('has nothing to pre-select when everything is sold out', () => {
    expect(initialSelection([{ id: 9, specs: { 颜色: '红' }, stock: 0 }], [{ name: '颜色', values: ['红'] }])).toEqual({});
  });
});
