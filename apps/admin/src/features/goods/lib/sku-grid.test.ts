import { describe, expect, it } from 'vitest';
import { yuanToFen } from '@mall/shared';
import { combinations, gridProblem, keyOf, rebuildRows, type GridRow } from './sku-grid.ts';

const color = { name: '颜色', values: ['红', '蓝'] };
const size = { name: '容量', values: ['64G', '128G'] };

const row = (specs: Record<string, string>, o: Partial<GridRow> = {}): GridRow => ({
  key: JSON.stringify(Object.values(specs)),
  specs,
  price: 100,
  marketPrice: 0,
  stock: 1,
  code: '',
  ...o,
});

describe('the SKU grid', () => {
  it('makes every combination, first dimension slowest', () => {
    expect(combinations([color, size])).toEqual([
      { 颜色: '红', 容量: '64G' },
      { 颜色: '红', 容量: '128G' },
      { 颜色: '蓝', 容量: '64G' },
      { 颜色: '蓝', 容量: '128G' },
    ]);
    expect(combinations([])).toEqual([{}]);
  });

  it('keeps typed rows when a value is added', () => {
    const before = [row({ 颜色: '红' }, { price: 990 }), row({ 颜色: '蓝' }, { price: 1090 })];
    const after = rebuildRows([{ name: '颜色', values: ['红', '蓝', '绿'] }], before);
    expect(after.map((r) => [r.specs['颜色'], r.price])).toEqual([
      ['红', 990],
      ['蓝', 1090],
      ['绿', null],
    ]);
  });

  it('gives a saved SKU to the first combination it fits when a dimension is added; the others copy its price', () => {
    const before = [
      row({ 颜色: '红' }, { id: 7, code: 'R', price: 990, stock: 5 }),
      row({ 颜色: '蓝' }, { id: 8, code: 'B', price: 1090 }),
    ];
    const after = rebuildRows([color, size], before);
    expect(after.map((r) => [r.key, r.id, r.code, r.price, r.stock])).toEqual([
      [keyOf({ 颜色: '红', 容量: '64G' }, [color, size]), 7, 'R', 990, 5],
      [keyOf({ 颜色: '红', 容量: '128G' }, [color, size]), undefined, '', 990, null],
      [keyOf({ 颜色: '蓝', 容量: '64G' }, [color, size]), 8, 'B', 1090, 1],
      [keyOf({ 颜色: '蓝', 容量: '128G' }, [color, size]), undefined, '', 1090, null],
    ]);
  });

  it('keeps one row per saved SKU when a dimension goes, and leaves removed rows out', () => {
    const before = rebuildRows([color, size], [row({ 颜色: '红' }, { id: 7 }), row({ 颜色: '蓝' }, { id: 8 })]);
    const after = rebuildRows([color], before);
    expect(after.map((r) => r.id)).toEqual([7, 8]);
    const removed = new Set([keyOf({ 颜色: '蓝' }, [color])]);
    expect(rebuildRows([color], after, removed).map((r) => r.specs['颜色'])).toEqual(['红']);
  });

  it('says what is missing', () => {
    expect(gridProblem([])).toBe('请至少保留 1 个 SKU');
    expect(gridProblem([row({}, { price: null })])).toBe('SKU 第 1 行：请填写售价');
    expect(gridProblem([row({}, { stock: null })])).toBe('SKU 第 1 行：请填写库存');
    expect(gridProblem([row({}, { stock: null, id: 3 })])).toBeNull();
    expect(gridProblem([row({}, { price: 500, marketPrice: 100 })])).toMatch(/市场价不能低于售价/);
  });

  it('turns yuan into fen without float dust', () => {
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1299.99)).toBe(129999);
    expect(yuanToFen(null)).toBeNull();
  });
});
