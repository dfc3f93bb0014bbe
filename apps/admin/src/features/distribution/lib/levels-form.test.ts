import { describe, expect, it } from 'vitest';
import { buildLevels, toDrafts, type LevelDraft } from './levels-form.ts';

const LEVELS = [
  {
    code: 'NORMAL',
    name: '普通',
    minSettledSalesFen: 0,
    minTeamSize: 0,
    directBasisPoints: 500,
    indirectBasisPoints: 100,
  },
  {
    code: 'SILVER',
    name: '银牌',
    minSettledSalesFen: 1_000_000,
    minTeamSize: 10,
    directBasisPoints: 800,
    indirectBasisPoints: 200,
  },
];
const drafts = (i: number, patch: Partial<LevelDraft>) =>
  toDrafts(LEVELS).map((d, j) => (j === i ? { ...d, ...patch } : d));

describe('推广等级 editor', () => {
  it('reads % and 元 and sends basis points and fen, unchanged when untouched', () => {
    expect(toDrafts(LEVELS)[1]).toEqual({
      code: 'SILVER',
      name: '银牌',
      directPercent: 8,
      indirectPercent: 2,
      minSalesYuan: 10_000,
      minTeamSize: 10,
    });
    expect(buildLevels(toDrafts(LEVELS))).toEqual({ ok: true, levels: LEVELS });
    expect(buildLevels(drafts(1, { directPercent: 8.25, minSalesYuan: 9999.99, name: ' 银卡 ' }))).toMatchObject({
      ok: true,
      levels: [LEVELS[0], { ...LEVELS[1], directBasisPoints: 825, minSettledSalesFen: 999_999, name: '银卡' }],
    });
  });

  it.each([
    [0, { name: ' ' }, '请填写等级名称'],
    [1, { name: '一二三四五六七八九十一' }, '等级名称不能超过 10 个字'],
    [1, { name: '普通' }, '等级名称不能重复'],
    [0, { directPercent: 50.01 }, '直接推广佣金比例须在 0%–50% 之间（最多两位小数）'],
    [0, { directPercent: -1 }, '直接推广佣金比例须在 0%–50% 之间（最多两位小数）'],
    [0, { directPercent: null }, '直接推广佣金比例须在 0%–50% 之间（最多两位小数）'],
    [0, { indirectPercent: 0.001 }, '间接推广佣金比例须在 0%–50% 之间（最多两位小数）'],
    [1, { minSalesYuan: null }, '请填写已结算销售额门槛（元，最多两位小数）'],
    [1, { minTeamSize: 2.5 }, '请填写团队人数门槛（整数）'],
    [0, { minTeamSize: 1 }, '第一个等级是起始等级，门槛须为 0'],
    [1, { minTeamSize: 0 }, '门槛须高于上一等级“普通”'],
    [1, { minSalesYuan: 0 }, '门槛须高于上一等级“普通”'],
  ])('level %i with %o is refused on its row: %s', (i, patch, message) => {
    expect(buildLevels(drafts(i, patch))).toEqual({
      ok: false,
      message: '有 1 个等级需要修改',
      rowErrors: { [LEVELS[i]!.code]: message },
    });
  });
});
