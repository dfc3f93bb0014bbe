import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { favoriteKey } from './checkFavorite.ts';

export function addFavorite(goodsId: number) {
  return request.post<{ goodsId: number; favorite: true }>('/member/goods/favorite/add', { goodsId });
}

export function useAddFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: (_r, goodsId) => {
      client.setQueryData(favoriteKey(goodsId), true);
      void client.invalidateQueries({ queryKey: ['engagement', 'favorites'] });
    },
  });
}
