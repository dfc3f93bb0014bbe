import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import type { PromoterLevel } from './commission-rules.ts';
import { asOps, bearer, dbOf, makeOperator, startTestServer, type TestServer } from '../../test/kit/index.ts';

/**
 * 推广等级 edited in the console: POST /ops/distribution/levels/save (distribution:manage) saves every
 * level's name, rates and thresholds at once, audited before → after; bad input is refused in Chinese
 * and changes nothing; 财务 cannot.
 */
const OPS_TOKEN = 'distribution-levels-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const DEFAULTS: PromoterLevel[] = [
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
  {
    code: 'GOLD',
    name: '金牌',
    minSettledSalesFen: 5_000_000,
    minTeamSize: 50,
    directBasisPoints: 1000,
    indirectBasisPoints: 300,
  },
];

const read = async (): Promise<PromoterLevel[]> => (await server.api.get('/ops/distribution/levels', asOps(OPS_TOKEN))).data;
const save = (body: unknown) => server.api.post('/ops/distribution/levels/save', { json: body, ...asOps(OPS_TOKEN) });
const edit = (i: number, patch: Record<string, unknown>) => ({
  levels: DEFAULTS.map((l, j) => (j === i ? { ...l, ...patch } : l)),
});

describe('POST /ops/distribution/levels/save', () => {
  it('saves names, rates and thresholds (two levels may swap names), audited; the defaults come back', async () => {
    expect(await read()).toEqual(DEFAULTS);
    const next = [
      { ...DEFAULTS[0]!, name: '银牌', directBasisPoints: 600, indirectBasisPoints: 150 },
      { ...DEFAULTS[1]!, name: '普通', minSettledSalesFen: 800_000, minTeamSize: 8 },
      { ...DEFAULTS[2]!, directBasisPoints: 5000, indirectBasisPoints: 0 },
    ];
    const saved = await save({ levels: next });
    expect(saved).toMatchObject({ code: 0, message: '推广等级已保存', data: next });
    expect(await read()).toEqual(next);
    const [log] = await rows<{ changes: { field: string; before: unknown; after: unknown }[] }>(
      dbOf(server),
      sql`SELECT changes FROM ops_audit_log WHERE action = 'distribution.levels.save' ORDER BY id DESC LIMIT 1`,
    );
    expect(JSON.stringify(log!.changes)).toContain('直接6%');
    expect(JSON.stringify(log!.changes)).toContain('直接5%');
    expect(JSON.stringify(log!.changes)).toContain('已结算销售额≥¥8000.00');

    expect((await save({ levels: DEFAULTS })).code).toBe(0);
    expect(await read()).toEqual(DEFAULTS);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [undefined, '推广等级格式不正确'],
      [{}, '推广等级格式不正确'],
      [{ levels: 'NORMAL' }, '推广等级格式不正确'],
      [{ levels: [] }, '请至少保留一个推广等级'],
      [{ levels: Array.from({ length: 11 }, () => DEFAULTS[0]) }, '推广等级最多 10 个'],
      [{ levels: [DEFAULTS[0], 'x'] }, '推广等级格式不正确'],
      [edit(0, { directBasisPoints: 5001 }), '直接推广佣金比例须在 0%–50% 之间'],
      [edit(0, { directBasisPoints: -1 }), '直接推广佣金比例须在 0%–50% 之间'],
      [edit(0, { indirectBasisPoints: 1e308 }), '间接推广佣金比例须在 0%–50% 之间'],
      [edit(0, { directBasisPoints: 5.5 }), '直接推广佣金比例必须是整数'],
      [edit(0, { directBasisPoints: '五百' }), '直接推广佣金比例必须是整数'],
      [edit(0, { directBasisPoints: null }), '直接推广佣金比例必须是整数'],
      [edit(1, { minSettledSalesFen: -100 }), '已结算销售额门槛不能小于 0'],
      [edit(1, { minTeamSize: 2_000_000 }), '团队人数门槛不能大于 1000000'],
      [edit(1, { name: '' }), '等级名称'],
      [edit(1, { name: '超级无敌至尊黄金钻石等级' }), '等级名称'],
      [edit(1, { name: '金牌' }), '等级名称不能重复'],
      [edit(0, { minTeamSize: 1 }), '第一个等级“普通”是推广员的起始等级，门槛须为 0'],
      [edit(2, { minTeamSize: 10 }), '“金牌”的门槛须高于上一等级“银牌”'],
      [edit(1, { minSettledSalesFen: 6_000_000 }), '“金牌”的门槛须高于上一等级“银牌”'],
      [edit(1, { code: "GOLD'; DROP TABLE promoter_levels;--" }), '等级编码'],
      [edit(1, { code: 'PLATINUM' }), '推广等级已被修改，请刷新后重新编辑'],
      [{ levels: DEFAULTS.slice(0, 2) }, '推广等级已被修改，请刷新后重新编辑'],
      [{ levels: [DEFAULTS[1], DEFAULTS[0], DEFAULTS[2]] }, '第一个等级“银牌”是推广员的起始等级，门槛须为 0'],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(res.message, JSON.stringify(body)).toContain(message);
    }
    // Unicode and injection-shaped names are kept as text when valid, never run.
    const odd = await save(edit(1, { name: "银'牌<b>" }));
    expect(odd.code, odd.message).toBe(0);
    expect((await read())[1]!.name).toBe("银'牌<b>");
    expect((await save({ levels: DEFAULTS })).code).toBe(0);
    expect(await read()).toEqual(DEFAULTS);
  });

  it('财务 (no distribution:manage) is refused', async () => {
    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const res = await server.api.post('/ops/distribution/levels/save', {
      json: { levels: DEFAULTS },
      ...bearer(finance.token),
    });
    expect(res.code).toBe(Code.FORBIDDEN);
    expect(await read()).toEqual(DEFAULTS);
  });
});
