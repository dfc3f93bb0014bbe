import { useQuery } from '@tanstack/react-query';
import { DEFAULT_BANNER_CATEGORIES } from '@mall/shared';
import type { CategoryNode } from '../../../entities/goods/types.ts';
import { request } from '../../../lib/request.ts';
import { settingsKeys } from './settingsKeys.ts';

/**
 * The top-level categories the buyer's home makes its default banners from: the buyer's own tree (what
 * the home reads, visible categories only, in its order), the first DEFAULT_BANNER_CATEGORIES of them.
 */
export const getDefaultBannerCategories = async (signal?: AbortSignal): Promise<string[]> => {
  const tree = await request.get<CategoryNode[]>('/member/goods/category/tree', undefined, { signal, silent: true });
  return tree.slice(0, DEFAULT_BANNER_CATEGORIES).map((c) => c.name);
};

export function useDefaultBannerCategories() {
  return useQuery({
    queryKey: [...settingsKeys.all, 'default-banners'],
    queryFn: ({ signal }) => getDefaultBannerCategories(signal),
    staleTime: 30_000,
  });
}
