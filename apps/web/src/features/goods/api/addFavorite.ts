import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { favoriteKeys } from '../../../lib/queryKeys.ts';

export function addFavorite(goodsId: number) {
  return request.post<{ goodsId: number; favorite: true }>('/member/goods/favorite/add', { goodsId });
}

export function useAddFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: (_r, goodsId) => {
      client.setQueryData(favoriteKeys.state(goodsId), true);
      void client.invalidateQueries({ queryKey: favoriteKeys.pages });
    },
  });
}
