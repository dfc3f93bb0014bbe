import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import { favoriteKeys } from '../../../lib/queryKeys.ts';

export function removeFavorite(goodsId: number) {
  return request.post<{ removed: number }>('/member/goods/favorite/remove', { goodsIds: [goodsId] });
}

export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_r, goodsId) => {
      client.setQueryData(favoriteKeys.state(goodsId), false);
      void client.invalidateQueries({ queryKey: favoriteKeys.pages });
    },
  });
}
