import { useQuery } from '@tanstack/react-query';
import { favoriteKeys } from '../../../lib/queryKeys.ts';
import { request } from '../../../lib/request.ts';

export function checkFavorite(goodsId: number) {
  return request.get<{ goodsId: number; favorite: boolean }>('/member/goods/favorite/check', { goodsId }, { silent: true });
}

/** Only a signed-in member has favourites; a visitor's heart is simply empty. */
export function useFavoriteState(goodsId: number | null, signedIn: boolean) {
  return useQuery({
    queryKey: favoriteKeys.state(goodsId ?? 0),
    queryFn: async () => (await checkFavorite(goodsId!)).favorite,
    enabled: goodsId !== null && signedIn,
  });
}
