import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  consoleCalls,
  dbOf,
  makeGoods,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import * as kit from './distribution-test-kit.ts';

/**
 * 我的团队 (推广) over HTTP: who joined with a promoter's invitation code or through their shared link
 * (直属), and who joined under those (间接), masked with their level; counts; nothing further down; only
 * the signed-in member's own team.
 */
const OPS_TOKEN = 'distribution-team-ops-token-0123456789ab';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const team = (token: string, query: Record<string, string | number> = {}) =>
  server.api.get('/member/distribution/team', { token, query });

async function promoterGoods(priceFen = 9900) {
  const g = await makeGoods(dbOf(server), { priceFen, stock: 20 });
  const saved = await consoleCalls(server, OPS_TOKEN).post('/ops/distribution/goods/save', {
    programme: 'PROMOTER',
    goodsId: g.goodsId,
    skus: [{ skuId: g.skuId }],
  });
  expect(saved.code, saved.message).toBe(0);
  return g;
}

/** A 推广 buyer bound for ever through a promoter's link. */
async function boundThrough(token: string, goodsId: number) {
  const url = (
    await server.api.post('/member/distribution/goods/get_url_scheme', {
      token,
      json: { goodsId, programme: 'PROMOTER' },
    })
  ).data.url;
  const b = await registeredMember(server.api);
  const v = await server.api.post('/member/distribution/visit', {
    token: b.accessToken,
    json: { share: new URL(url).searchParams.get('share') },
  });
  expect(v.data.state).toBe('BOUND');
  return b;
}

describe('GET /member/distribution/team', () => {
  it('direct and indirect members, masked, with their level; counts; a tier at a time; each sees only their own', async () => {
    const g = await promoterGoods();
    const me = await kit.approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    expect(await team(me.token)).toMatchObject({
      code: 0,
      data: { list: [], total: 0, directCount: 0, indirectCount: 0, pageNum: 1, pageSize: 10 },
    });
    const invited = await kit.approvedDistributor(server, OPS_TOKEN, 'PROMOTER', me.shareCode);
    const linked = await boundThrough(me.token, g.goodsId);
    const underInvited = await kit.approvedDistributor(server, OPS_TOKEN, 'PROMOTER', invited.shareCode);
    await boundThrough(invited.token, g.goodsId);
    // Three levels down: not in my team.
    await boundThrough(underInvited.token, g.goodsId);

    const mine = await team(me.token);
    expect(mine.data).toMatchObject({ total: 4, directCount: 2, indirectCount: 2 });
    expect(mine.data.list).toEqual([
      { name: 'u***', tier: 'INDIRECT', tierText: '间接成员', levelName: '会员', joinedAt: expect.any(String) },
      {
        name: expect.stringMatching(/^u\*\*\*$/),
        tier: 'INDIRECT',
        tierText: '间接成员',
        levelName: '普通',
        joinedAt: expect.any(String),
      },
      {
        name: expect.stringMatching(/^u\*\*\*$/),
        tier: 'DIRECT',
        tierText: '直属成员',
        levelName: '会员',
        joinedAt: expect.any(String),
      },
      {
        name: expect.stringMatching(/^u\*\*\*$/),
        tier: 'DIRECT',
        tierText: '直属成员',
        levelName: '普通',
        joinedAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(mine.data)).not.toContain(linked.username);
    const joined = mine.data.list.map((m: { joinedAt: string }) => Date.parse(m.joinedAt));
    expect([...joined].sort((a, b) => b - a)).toEqual(joined);

    const direct = await team(me.token, { tier: 'DIRECT', pageSize: 1 });
    expect(direct.data).toMatchObject({
      total: 2,
      directCount: 2,
      indirectCount: 2,
      pageSize: 1,
      list: [{ tier: 'DIRECT' }],
    });
    const indirect = await team(me.token, { tier: 'INDIRECT', pageNum: 2, pageSize: 1 });
    expect(indirect.data).toMatchObject({ total: 2, pageNum: 2, list: [{ tier: 'INDIRECT', levelName: '普通' }] });

    // The invited promoter's own team: the two under them direct, the one further down indirect.
    expect((await team(invited.token)).data).toMatchObject({ total: 3, directCount: 2, indirectCount: 1 });
    // Each member at their own standing: ¥10,000 of settled direct sales make the invited promoter 银牌.
    const big = await promoterGoods(1_000_000);
    await kit.settledOrder(server, OPS_TOKEN, await kit.boundBuyer(server, invited.token, big.goodsId), big.skuId);
    expect((await team(me.token, { tier: 'DIRECT' })).data.list.map((m: { levelName: string }) => m.levelName)).toEqual(
      ['会员', '银牌'],
    );
    // A promoter of nobody sees nothing, whatever the query says.
    const lonely = await kit.approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    expect((await team(lonely.token, { memberId: me.memberId })).data).toMatchObject({ total: 0, list: [] });
  });

  it('推广 members only; bad input is refused in Chinese', async () => {
    const classic = await kit.approvedDistributor(server, OPS_TOKEN, 'CLASSIC');
    expect(await team(classic.token)).toMatchObject({
      code: Code.DISTRIBUTION_NOT_MEMBER,
      message: '您还不是推广计划的成员，请先申请加入',
    });
    expect((await server.api.get('/member/distribution/team')).code).toBe(Code.NOT_SIGNED_IN);
    const p = await kit.approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    const cases: [Record<string, string | number>, string][] = [
      [{ tier: 'ALL' }, '团队层级取值不正确'],
      [{ tier: "DIRECT' OR 1=1 --" }, '团队层级取值不正确'],
      [{ tier: '直属' }, '团队层级取值不正确'],
      [{ pageSize: 0 }, '每页条数不能小于 1'],
      [{ pageSize: 51 }, '每页条数不能大于 50'],
      [{ pageSize: -1 }, '每页条数不能小于 1'],
      [{ pageSize: 'x' }, '每页条数必须是整数'],
      [{ pageNum: -3 }, '页码不能小于 1'],
    ];
    for (const [query, message] of cases)
      expect(await team(p.token, query), JSON.stringify(query)).toMatchObject({ code: 400, message });
  });
});
