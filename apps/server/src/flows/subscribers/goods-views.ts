import type { CatalogSubscriber } from '../../modules/catalog/catalog.service.ts';
import { countGoodsVisit } from '../../modules/dashboard/dashboard.service.ts';
import { recordView } from '../../modules/engagement/engagement.service.ts';

/** 工作台's conversion counts every visitor of a goods page, signed in or not (in memory, batched). */
export const visitorsSubscriber: CatalogSubscriber = {
  name: 'visitors',
  goodsViewed: (ctx, { visitorId, memberId, ip }) => countGoodsVisit(ctx, { visitorId, memberId, ip }),
};

/** 我的足迹: a signed-in member's goods pages, one line a goods a day. */
export const browsingHistorySubscriber: CatalogSubscriber = {
  name: 'browsing-history',
  goodsViewed: (ctx, { memberId, goodsId }) => (memberId ? recordView(ctx, memberId, goodsId) : undefined),
};
