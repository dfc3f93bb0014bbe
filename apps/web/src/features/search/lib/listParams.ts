import { DEFAULT_PAGE_SIZE, yuanToFen } from '@mall/shared';
import type { CategoryNode } from '../../../lib/catalogTypes.ts';
import type { SearchQuery, SortKey } from '../types.ts';

/**
 * /goodsList keeps every filter in the URL (so back/forward and shared links work):
 * keyword, categoryId, brand (repeated), min/max price in yuan, sort and page.
 */
export interface ListParams {
  keyword: string;
  categoryId: number | null;
  brandIds: number[];
  /** Yuan as typed by the buyer. */
  minYuan: number | null;
  maxYuan: number | null;
  sort: SortKey;
  page: number;
}

export const SORT_KEYS: SortKey[] = ['comprehensive', 'sales', 'priceAsc', 'priceDesc', 'newest'];
const MAX_PAGE = 1000;

const posInt = (v: string | null) => (v && /^[1-9]\d{0,8}$/.test(v) ? Number(v) : null);
const yuan = (v: string | null) => (v && /^\d{1,9}(\.\d{1,2})?$/.test(v) ? Number(v) : null);

export function readListParams(search: URLSearchParams): ListParams {
  const sort = search.get('sort') as SortKey | null;
  return {
    keyword: (search.get('keyword') ?? '').trim().slice(0, 100),
    categoryId: posInt(search.get('categoryId')),
    brandIds: [...new Set(search.getAll('brand').map(posInt).filter((n): n is number => n !== null))],
    minYuan: yuan(search.get('min')),
    maxYuan: yuan(search.get('max')),
    sort: sort && SORT_KEYS.includes(sort) ? sort : 'comprehensive',
    page: Math.min(posInt(search.get('page')) ?? 1, MAX_PAGE),
  };
}

export function writeListParams(p: ListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.keyword) out.set('keyword', p.keyword);
  if (p.categoryId) out.set('categoryId', String(p.categoryId));
  for (const b of p.brandIds) out.append('brand', String(b));
  if (p.minYuan !== null) out.set('min', String(p.minYuan));
  if (p.maxYuan !== null) out.set('max', String(p.maxYuan));
  if (p.sort !== 'comprehensive') out.set('sort', p.sort);
  if (p.page > 1) out.set('page', String(p.page));
  return out;
}

/** The search call for these filters; yuan become fen, a reversed range is put right. */
export function toSearchQuery(p: ListParams): SearchQuery {
  let [min, max] = [p.minYuan, p.maxYuan];
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  return {
    keyword: p.keyword,
    categoryId: p.categoryId ?? undefined,
    brandIds: p.brandIds.length ? p.brandIds : undefined,
    minPrice: yuanToFen(min) ?? undefined,
    maxPrice: yuanToFen(max) ?? undefined,
    sort: p.sort,
    pageNum: p.page,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/** The chain of categories from the top down to `id`, or [] when it is not in the tree. */
export function categoryPath(tree: CategoryNode[] | undefined, id: number | null): CategoryNode[] {
  if (!tree || id === null) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryPath(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
