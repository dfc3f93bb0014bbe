import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type {
  DistributionAfterSale,
  DistributionGoodsCard,
  DistributionGoodsSort,
  DistributionPage,
  DistributionProgramme,
  ShareLinkView,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { distributionKeys } from './keys.ts';

export const GOODS_PAGE_SIZE = 12;

export interface GoodsQuery {
  keyword?: string;
  sort: DistributionGoodsSort;
  pageNum: number;
}

/** The programme's goods with what one unit earns the member. */
export function useDistributionGoods(programme: DistributionProgramme, q: GoodsQuery) {
  return useQuery({
    queryKey: distributionKeys.goods(programme, q),
    queryFn: () =>
      request.get<DistributionPage<DistributionGoodsCard>>(
        '/member/distribution/goods/page',
        { programme, ...q, keyword: q.keyword || undefined, pageSize: GOODS_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** 分享: the link with the member's share code, its QR code and what a poster needs (spec §7). */
export function useShareLink() {
  return useMutation({
    mutationFn: (input: { goodsId: number; skuId?: number; programme: DistributionProgramme }) =>
      request.post<ShareLinkView>('/member/distribution/goods/get_url_scheme', input, { silent: true }),
  });
}

export const AFTER_SALES_PAGE_SIZE = 10;

/** The after-sales on orders the member earned from, with what each did to the commission. */
export function useDistributionAfterSales(programme: DistributionProgramme, pageNum: number) {
  return useQuery({
    queryKey: distributionKeys.afterSales(programme, pageNum),
    queryFn: () =>
      request.get<DistributionPage<DistributionAfterSale>>(
        '/member/distribution/afterSale/page',
        { programme, pageNum, pageSize: AFTER_SALES_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
