import { formatFen, type DistributionGoodsCard, type DistributionGoodsSort, type DistributionPage } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { findTradeSkus } from '../inventory/index.ts';
import { lineCommission, percentText, tierCommissions, type PromoterLevel } from './commission-rules.ts';
import { ruleOf } from './distribution-goods.ts';
import type { MemberGoodsQuery } from './distribution.schema.ts';
import { promoterStandingOf, requireActive } from './income.ts';
import * as views from './member-views.repo.ts';

/**
 * The member's 分销商品 / 推广商品: the programme's goods on shelf with what one unit earns this member
 * at today's price — 分销 by each SKU's rule, 推广 by the member's level's direct rate — searched by
 * name and sorted. A programme holds tens to hundreds of goods: they are read whole through the
 * catalogue's readers and sorted here, so 佣金 sorts by the very function that pays it.
 */

/** What one SKU earns a member for one unit at `priceFen`. */
export type SkuEarning =
  { type: 'RULE'; rule: NonNullable<ReturnType<typeof ruleOf>> } | { type: 'LEVEL'; level: PromoterLevel };

export function unitCommission(earning: SkuEarning, priceFen: number): number {
  return earning.type === 'RULE'
    ? lineCommission(earning.rule, priceFen, 1)
    : tierCommissions(priceFen, earning.level, null).directFen;
}

/**
 * How the card reads: a rate as 赚 8% (推广's level, or one 分销 rate for every SKU); an amount as
 * 佣金 ¥5.00, or 最高佣金 ¥5.00 when the SKUs earn differently.
 */
export function commissionText(earnings: SkuEarning[], skuFen: number[]): string {
  const rates = new Set(
    earnings.map((e) =>
      e.type === 'LEVEL' ? e.level.directBasisPoints : e.rule.type === 'RATE' ? e.rule.basisPoints : -1,
    ),
  );
  const [rate] = [...rates];
  if (rates.size === 1 && rate !== undefined && rate >= 0) return `赚 ${percentText(rate)}`;
  const most = Math.max(0, ...skuFen);
  return new Set(skuFen).size > 1 ? `最高佣金 ${formatFen(most)}` : `佣金 ${formatFen(most)}`;
}

type Card = DistributionGoodsCard & { markedAt: number };

const ORDERINGS: Record<DistributionGoodsSort, (a: Card, b: Card) => number> = {
  default: (a, b) => b.markedAt - a.markedAt || b.goodsId - a.goodsId,
  commission: (a, b) => b.commissionFen - a.commissionFen || ORDERINGS.default(a, b),
  price: (a, b) => a.priceFen - b.priceFen || ORDERINGS.default(a, b),
  sales: (a, b) => b.salesCount - a.salesCount || ORDERINGS.default(a, b),
};

/** Matches like ILIKE '%keyword%': case-insensitive, every character literal (no wildcards). */
const matches = (name: string, keyword: string | undefined) =>
  !keyword || name.toLocaleLowerCase('zh-CN').includes(keyword.toLocaleLowerCase('zh-CN'));

export async function memberGoodsPage(
  ctx: AppContext,
  memberId: string,
  q: MemberGoodsQuery,
): Promise<DistributionPage<DistributionGoodsCard>> {
  await requireActive(ctx.db, memberId, q.programme);
  const [level, marked] = await Promise.all([
    q.programme === 'PROMOTER' ? promoterStandingOf(ctx.db, memberId).then((s) => s.level) : null,
    views.programmeSkus(ctx.db, q.programme),
  ]);
  const [skus, goods] = await Promise.all([
    findTradeSkus(
      ctx.db,
      marked.map((m) => m.skuId),
    ),
    goodsSummaries(ctx, [...new Set(marked.map((m) => m.goodsId))]),
  ]);
  const cards = new Map<number, Card & { earnings: SkuEarning[] }>();
  for (const m of marked) {
    const g = goods.get(m.goodsId);
    const sku = skus.get(m.skuId);
    if (!g?.onShelf || !sku || sku.goodsId !== m.goodsId || !matches(g.name, q.keyword)) continue;
    const rule = ruleOf(m);
    const earning: SkuEarning | null = level ? { type: 'LEVEL', level } : rule ? { type: 'RULE', rule } : null;
    if (!earning) continue;
    const fen = unitCommission(earning, sku.priceFen);
    const card = cards.get(m.goodsId) ?? {
      goodsId: m.goodsId,
      goodsName: g.name,
      image: g.image,
      priceFen: sku.priceFen,
      commissionFen: 0,
      commissionText: '',
      salesCount: g.sales,
      skus: [],
      markedAt: 0,
      earnings: [],
    };
    card.priceFen = Math.min(card.priceFen, sku.priceFen);
    card.commissionFen = Math.max(card.commissionFen, fen);
    card.markedAt = Math.max(card.markedAt, m.updatedAt.getTime());
    card.skus.push({ skuId: m.skuId, specText: sku.specText, priceFen: sku.priceFen, commissionFen: fen });
    card.earnings.push(earning);
    cards.set(m.goodsId, card);
  }
  const sorted = [...cards.values()].sort(ORDERINGS[q.sort]);
  const list = sorted
    .slice((q.pageNum - 1) * q.pageSize, q.pageNum * q.pageSize)
    .map(({ markedAt: _m, earnings, ...card }): DistributionGoodsCard => ({
      ...card,
      commissionText: commissionText(
        earnings,
        card.skus.map((s) => s.commissionFen),
      ),
    }));
  return { list, total: sorted.length, pageNum: q.pageNum, pageSize: q.pageSize };
}
