import type { PromoterLevelRow } from '../api/distribution.ts';
import { yuanToFen } from '@mall/shared';
import { basisPointsToPercent, fenToYuan, percentToBasisPoints } from './money.ts';

/** One 推广 level as the editor holds it: rates in %, the sales threshold in 元. */
export interface LevelDraft {
  code: string;
  name: string;
  directPercent: number | null;
  indirectPercent: number | null;
  minSalesYuan: number | null;
  minTeamSize: number | null;
}

export const toDrafts = (levels: PromoterLevelRow[]): LevelDraft[] =>
  levels.map((l) => ({
    code: l.code,
    name: l.name,
    directPercent: basisPointsToPercent(l.directBasisPoints),
    indirectPercent: basisPointsToPercent(l.indirectBasisPoints),
    minSalesYuan: fenToYuan(l.minSettledSalesFen),
    minTeamSize: l.minTeamSize,
  }));

export type LevelsResult =
  { ok: true; levels: PromoterLevelRow[] } | { ok: false; message: string; rowErrors: Record<string, string> };

/**
 * The save call's levels, checked as the server checks them: names of 1–10 characters and unique;
 * rates 0–50 % (two decimals, sent as basis points); the first level asks nothing; each later one
 * more settled sales (元 → fen) and a larger team than the one before.
 */
export function buildLevels(drafts: LevelDraft[]): LevelsResult {
  const rowErrors: Record<string, string> = {};
  const levels: PromoterLevelRow[] = [];
  const names = new Set<string>();
  drafts.forEach((d, i) => {
    const name = d.name.trim();
    const direct = percentToBasisPoints(d.directPercent);
    const indirect = percentToBasisPoints(d.indirectPercent);
    const sales = yuanToFen(d.minSalesYuan);
    const team = d.minTeamSize;
    const prev = levels[i - 1];
    let error: string | undefined;
    if (!name) error = '请填写等级名称';
    else if (name.length > 10) error = '等级名称不能超过 10 个字';
    else if (names.has(name)) error = '等级名称不能重复';
    else if (direct === null || direct < 0 || direct > 5000) error = '直接推广佣金比例须在 0%–50% 之间（最多两位小数）';
    else if (indirect === null || indirect < 0 || indirect > 5000)
      error = '间接推广佣金比例须在 0%–50% 之间（最多两位小数）';
    else if (sales === null || sales < 0) error = '请填写已结算销售额门槛（元，最多两位小数）';
    else if (team === null || !Number.isInteger(team) || team < 0) error = '请填写团队人数门槛（整数）';
    else if (i === 0 && (sales !== 0 || team !== 0)) error = '第一个等级是起始等级，门槛须为 0';
    else if (prev && (sales <= prev.minSettledSalesFen || team <= prev.minTeamSize))
      error = `门槛须高于上一等级“${prev.name}”`;
    names.add(name);
    if (error) rowErrors[d.code] = error;
    levels.push({
      code: d.code,
      name,
      directBasisPoints: direct ?? 0,
      indirectBasisPoints: indirect ?? 0,
      minSettledSalesFen: sales ?? 0,
      minTeamSize: team ?? 0,
    });
  });
  const bad = Object.keys(rowErrors).length;
  if (bad) return { ok: false, message: `有 ${bad} 个等级需要修改`, rowErrors };
  return { ok: true, levels };
}
