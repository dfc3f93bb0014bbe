import { Code, formatFen, type DistributionProgramme } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { findTradeSkus } from '../inventory/index.ts';
import { lineCommission, percentText, type CommissionRule } from './commission-rules.ts';
import type { DistributionGoodsInput } from './distribution.schema.ts';
import * as sharing from './sharing.repo.ts';

/**
 * The console's 分销商品: which goods each programme pays commission on. 分销 sets a rule per SKU (a
 * fixed amount per unit, never above the SKU's price, or a rate of up to 50 % of the paid amount);
 * 推广 marks SKUs and pays its levels' rates. Saving a goods replaces its SKUs in the programme.
 */

export function ruleOf(
  row: Pick<sharing.DistributionSkuRow, 'ruleType' | 'amountFen' | 'basisPoints'>,
): CommissionRule | null {
  if (row.ruleType === 'FIXED' && row.amountFen !== null) return { type: 'FIXED', amountFen: row.amountFen };
  if (row.ruleType === 'RATE' && row.basisPoints !== null) return { type: 'RATE', basisPoints: row.basisPoints };
  return null;
}

/** 佣金 ¥5.00/件 or 佣金 8%: how a rule reads in lists. */
export function ruleText(rule: CommissionRule | null): string {
  if (!rule) return '按推广等级比例';
  if (rule.type === 'FIXED') return `${formatFen(rule.amountFen)}/件`;
  return percentText(rule.basisPoints);
}

export async function saveGoods(ctx: AppContext, input: DistributionGoodsInput) {
  const skus = await findTradeSkus(
    ctx.db,
    input.skus.map((s) => s.skuId),
  );
  const rows = input.skus.map((s, i) => {
    const sku = skus.get(s.skuId);
    if (!sku || sku.goodsId !== input.goodsId) throw new AppError(Code.SKU_NOT_FOUND, `第 ${i + 1} 个规格不属于该商品`);
    if (input.programme === 'PROMOTER') return { skuId: s.skuId, ruleType: null, amountFen: null, basisPoints: null };
    if (s.ruleType === 'FIXED' && s.amountFen! > sku.priceFen)
      throw new AppError(
        Code.BAD_REQUEST,
        `“${sku.specText || sku.goodsName}”的佣金不能高于售价 ${formatFen(sku.priceFen)}`,
      );
    return {
      skuId: s.skuId,
      ruleType: s.ruleType!,
      amountFen: s.ruleType === 'FIXED' ? s.amountFen! : null,
      basisPoints: s.ruleType === 'RATE' ? s.basisPoints! : null,
    };
  });
  await ctx.db.transaction((tx) => sharing.replaceGoodsSkus(tx, input.programme, input.goodsId, rows));
  return (await opsGoods(ctx, input.programme, [input.goodsId]))[0]!;
}

export async function removeGoods(ctx: AppContext, programme: DistributionProgramme, goodsId: number) {
  await ctx.db.transaction((tx) => sharing.replaceGoodsSkus(tx, programme, goodsId, []));
}

/** Goods of a programme as the console lists them: name, picture, and each SKU with its price and rule. */
async function opsGoods(ctx: AppContext, programme: DistributionProgramme, goodsIds: number[]) {
  const rows = await sharing.skusOfGoods(ctx.db, programme, goodsIds);
  const [goods, skus] = await Promise.all([
    goodsSummaries(ctx, goodsIds),
    findTradeSkus(
      ctx.db,
      rows.map((r) => r.skuId),
    ),
  ]);
  return goodsIds.map((goodsId) => {
    const g = goods.get(goodsId);
    return {
      goodsId,
      goodsName: g?.name ?? '商品已删除',
      image: g?.image ?? null,
      onShelf: g?.onShelf ?? false,
      skus: rows
        .filter((r) => r.goodsId === goodsId)
        .map((r) => {
          const sku = skus.get(r.skuId);
          const rule = ruleOf(r);
          return {
            skuId: r.skuId,
            specText: sku?.specText ?? '',
            priceFen: sku?.priceFen ?? 0,
            ruleType: rule?.type ?? null,
            amountFen: r.amountFen,
            basisPoints: r.basisPoints,
            ruleText: ruleText(rule),
            /** What one unit at today's price earns (分销). */
            commissionFen: rule && sku ? lineCommission(rule, sku.priceFen, 1) : null,
          };
        }),
    };
  });
}

export async function opsGoodsPage(
  ctx: AppContext,
  q: { programme: DistributionProgramme; pageNum: number; pageSize: number },
) {
  const { goodsIds, total } = await sharing.goodsIdsPage(ctx.db, q.programme, q.pageNum, q.pageSize);
  return { list: await opsGoods(ctx, q.programme, goodsIds), total, pageNum: q.pageNum, pageSize: q.pageSize };
}
