import { formatFen, yuanToFen, type DistributionProgramme } from '@mall/shared';
import { specText } from '../../../entities/goods/specText.ts';
import type { SkuView } from '../../../entities/goods/types.ts';
import type { DistributionGoodsRow, DistributionSkuInput } from '../api/distribution.ts';
import { basisPointsToPercent, fenToYuan, MAX_RATE_BP, MIN_RATE_BP, percentToBasisPoints } from './money.ts';

/** One SKU of the goods in the 添加/编辑 form. */
export interface SkuRow {
  skuId: number;
  specText: string;
  priceFen: number;
  /** Whether the SKU earns commission (is a distribution SKU). */
  included: boolean;
  ruleType: 'FIXED' | 'RATE';
  /** 固定金额, 元 as typed. */
  amountYuan: number | null;
  /** 比例, % as typed. */
  ratePercent: number | null;
}

/** The goods' SKUs as rows: those already saved with their rule, the others not included yet. */
export function rowsOf(
  goods: { skus: Pick<SkuView, 'id' | 'specs' | 'price'>[] },
  saved: DistributionGoodsRow | undefined,
): SkuRow[] {
  const byId = new Map(saved?.skus.map((s) => [s.skuId, s]));
  return goods.skus.map((s) => {
    const had = byId.get(s.id);
    return {
      skuId: s.id,
      specText: specText(s.specs),
      priceFen: s.price,
      included: saved ? Boolean(had) : true,
      ruleType: had?.ruleType ?? 'FIXED',
      amountYuan: had?.amountFen != null ? fenToYuan(had.amountFen) : null,
      ratePercent: had?.basisPoints != null ? basisPointsToPercent(had.basisPoints) : null,
    };
  });
}

export type BuildResult =
  { ok: true; skus: DistributionSkuInput[] } | { ok: false; message: string; rowErrors: Record<number, string> };

/**
 * The save call's SKUs, checked as the server checks them (分销: a fixed amount above 0 and not above
 * the price, in fen; or 0.01–50 %, in basis points; 推广: just which SKUs), so each mistake is shown
 * on its row before anything is sent.
 */
export function buildSkus(programme: DistributionProgramme, rows: SkuRow[]): BuildResult {
  const chosen = rows.filter((r) => r.included);
  if (!chosen.length) return { ok: false, message: '请至少选择一个规格', rowErrors: {} };
  if (programme === 'PROMOTER') return { ok: true, skus: chosen.map((r) => ({ skuId: r.skuId })) };
  const rowErrors: Record<number, string> = {};
  const skus: DistributionSkuInput[] = [];
  for (const r of chosen) {
    if (r.ruleType === 'FIXED') {
      const fen = yuanToFen(r.amountYuan);
      if (r.amountYuan === null) rowErrors[r.skuId] = '请填写固定佣金';
      else if (r.amountYuan <= 0) rowErrors[r.skuId] = '固定佣金须大于 0';
      else if (fen === null) rowErrors[r.skuId] = '固定佣金最多两位小数';
      else if (fen > r.priceFen) rowErrors[r.skuId] = `固定佣金不能高于售价 ${formatFen(r.priceFen)}`;
      else skus.push({ skuId: r.skuId, ruleType: 'FIXED', amountFen: fen });
    } else {
      const bp = percentToBasisPoints(r.ratePercent);
      if (r.ratePercent === null) rowErrors[r.skuId] = '请填写佣金比例';
      else if (bp === null || bp < MIN_RATE_BP || bp > MAX_RATE_BP) rowErrors[r.skuId] = '佣金比例须在 0.01%–50% 之间';
      else skus.push({ skuId: r.skuId, ruleType: 'RATE', basisPoints: bp });
    }
  }
  const bad = Object.keys(rowErrors).length;
  if (bad) return { ok: false, message: `有 ${bad} 个规格的佣金需要修改`, rowErrors };
  return { ok: true, skus };
}
