import { describe, expect, it } from 'vitest';
import { categoryPath, readListParams, toSearchQuery, writeListParams } from './listParams.ts';

describe('goods list URL parameters', () => {
  it('round-trips every filter', () => {
    const url = new URLSearchParams('keyword=手机&categoryId=3&brand=1&brand=7&min=100&max=1999.5&sort=priceDesc&page=2');
    const p = readListParams(url);
    expect(p).toEqual({ keyword: '手机', categoryId: 3, brandIds: [1, 7], minYuan: 100, maxYuan: 1999.5, sort: 'priceDesc', page: 2 });
    expect(readListParams(writeListParams(p))).toEqual(p);
  });

  it('ignores what is not a valid value', () => {
    const p = readListParams(new URLSearchParams('categoryId=abc&brand=-1&brand=x&min=1e9&sort=DROP&page=0'));
    expect(p).toMatchObject({ categoryId: null, brandIds: [], minYuan: null, sort: 'comprehensive', page: 1 });
    expect(writeListParams(p).toString()).toBe('');
  });

  it('turns yuan into fen and puts a reversed range right', () => {
    const q = toSearchQuery(readListParams(new URLSearchParams('min=50&max=12.34')));
    expect(q).toMatchObject({ minPrice: 1234, maxPrice: 5000, pageNum: 1, pageSize: 10, sort: 'comprehensive' });
  });

  it('finds the category chain', () => {
    const tree = [{ id: 1, name: '手机数码', level: 1, icon: null, children: [{ id: 2, name: '手机通讯', level: 2, icon: null, children: [{ id: 3, name: '手机', level: 3, icon: null }] }] }];
    expect(categoryPath(tree, 3).map((c) => c.name)).toEqual(['手机数码', '手机通讯', '手机']);
    expect(categoryPath(tree, 99)).toEqual([]);
  });
});
