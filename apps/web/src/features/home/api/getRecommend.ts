import { request } from '../../../lib/request.ts';
import type { Page } from '@mall/shared';
import type { GoodsCard } from '../../../lib/catalogTypes.ts';

/** One page of the home page's recommended feed (read by the infinite scroll, not cached). */
export function getRecommend(pageNum: number, pageSize = 20) {
  return request.get<Page<GoodsCard>>('/member/goods/goods/recommend', { pageNum, pageSize });
}
