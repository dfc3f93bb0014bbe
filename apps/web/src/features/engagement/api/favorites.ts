import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favoriteKeys } from '../../../lib/queryKeys.ts';
import { request } from '../../../lib/request.ts';
import type { FavoriteEntry, Page } from './types.ts';

export const FAVORITES_PAGE_SIZE = 20;

export function getFavoritesPage(pageNum: number) {
  return request.get<Page<FavoriteEntry>>('/member/goods/favorite/page', { pageNum, pageSize: FAVORITES_PAGE_SIZE });
}

export function useFavorites(pageNum: number) {
  return useQuery({
    queryKey: favoriteKeys.page(pageNum),
    queryFn: () => getFavoritesPage(pageNum),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function removeFavorites(goodsIds: number[]) {
  return request.post<{ removed: number }>('/member/goods/favorite/remove', { goodsIds });
}

export function useRemoveFavorites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFavorites,
    onSuccess: (_r, goodsIds) => {
      void client.invalidateQueries({ queryKey: favoriteKeys.pages });
      // The goods page's heart must not show 已收藏 any more.
      for (const id of goodsIds) client.setQueryData(favoriteKeys.state(id), false);
    },
  });
}
