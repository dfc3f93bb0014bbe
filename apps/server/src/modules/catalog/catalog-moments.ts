import type { AppContext } from '../../lib/context.ts';

/** A buyer's visit to a goods page. */
export interface GoodsView {
  goodsId: number;
  /** The VistorId header (spec §7), when the client sent one. */
  visitorId?: string | null;
  memberId?: string;
  ip: string;
}

/**
 * The catalogue's moments that other domains follow (工作台's visitors, 我的足迹, search's
 * vocabulary), published by the catalogue to the subscribers flows/ registers at start-up, so the
 * catalogue imports none of them.
 */
export interface CatalogSubscriber {
  /** Named in logs and in docs/architecture.md's list of subscribers. */
  name: string;
  /** A goods page was opened by a browser (a page the server renders is not a visit). */
  goodsViewed?(ctx: AppContext, view: GoodsView): Promise<void> | void;
  /** An operator's write of goods, categories or brands committed (the cached catalogue is already dropped). */
  catalogWritten?(ctx: AppContext): void;
}

let subscribers: readonly CatalogSubscriber[] = [];

export function setCatalogSubscribers(list: readonly CatalogSubscriber[]) {
  subscribers = [...list];
}

export async function publishGoodsViewed(ctx: AppContext, view: GoodsView) {
  for (const s of subscribers) {
    const done = s.goodsViewed?.(ctx, view);
    if (done) await done; // most subscribers count in memory and return nothing to wait for
  }
}

export function publishCatalogWritten(ctx: AppContext) {
  for (const s of subscribers) s.catalogWritten?.(ctx);
}
