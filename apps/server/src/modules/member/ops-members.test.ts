import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  asOps,
  bearer,
  makeOperator,
  buyer,
  buyNow,
  dbOf,
  makeGoods,
} from '../../test/kit/index.ts';

const OPS_TOKEN = 'members-ops-token-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server.close());

const ops = (path: string, json: unknown, token = OPS_TOKEN) =>
  server.api.post(path, { json, headers: { 'x-ops-token': token } });

describe('operator disables a member', () => {
  it('signs every session out at once, refuses sign-in, and can re-enable', async () => {
    const { api } = server;
    const member = await registeredMember(api);
    expect((await api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);

    const disabled = await ops('/ops/member/disable', { login: member.username });
    expect(disabled.code).toBe(0);
    expect(disabled.message).toContain('已禁用');

    expect((await api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(Code.SESSION_OVER);
    const refreshed = await api.post('/member/user/auth/refresh', { form: { refreshToken: member.refreshToken } });
    expect(refreshed.code).toBe(Code.SESSION_OVER);
    const login = await api.post('/member/user/auth/login/pw', {
      form: { username: member.username, password: member.password },
    });
    expect(login.code).toBe(Code.MEMBER_DISABLED);
    expect(login.message).toBe('用户已被禁用');

    expect((await ops('/ops/member/enable', { login: member.mobile })).code).toBe(0);
    const again = await api.post('/member/user/auth/login/pw', {
      form: { username: member.username, password: member.password },
    });
    expect(again.code).toBe(0);
  });

  it('refuses without the operator token, and answers an unknown or malformed login in Chinese', async () => {
    const member = await registeredMember(server.api);
    const noToken = await ops('/ops/member/disable', { login: member.username }, 'wrong-token');
    expect(noToken.code).toBe(Code.FORBIDDEN);
    expect((await server.api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);

    expect((await ops('/ops/member/disable', { login: 'nobody_here' })).message).toBe('会员不存在');
    for (const login of [undefined, 42, ['a', 'b'], 'x'.repeat(10_000), "' OR 1=1 --"]) {
      const res = await ops('/ops/member/disable', { login });
      expect(res.code).not.toBe(0);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await server.api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);
  });
});

/* ---- the console's 会员: search, detail, disable/enable by id with a reason ---- */

const get = (path: string, query: Record<string, string | number>, headers = asOps(OPS_TOKEN)) =>
  server.api.get(path, { query, ...headers });

async function memberIdOf(token: string): Promise<string> {
  return (await server.api.get('/member/user/user/current', { token })).data.id as string;
}

describe('GET /ops/member/page', () => {
  it('finds a member by username, full mobile, its last 4 digits, nickname or id; the mobile is masked', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(m.accessToken);
    const nick = `紫藤${m.username.slice(-4)}`;
    expect(
      (await server.api.post('/member/user/profile/update', { token: m.accessToken, json: { nickname: nick } })).code,
    ).toBe(0);

    for (const keyword of [m.username, m.username.toUpperCase().slice(1), m.mobile, m.mobile.slice(-4), nick, id]) {
      const res = await get('/ops/member/page', { keyword, pageSize: 50 });
      expect(res.code, keyword).toBe(0);
      const row = res.data.list.find((r: { id: string }) => r.id === id);
      expect(row, keyword).toMatchObject({
        username: m.username,
        nickname: nick,
        mobile: `${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`,
        status: 'active',
        roles: ['member'],
        createdAt: expect.stringMatching(/Z$/),
        lastActiveAt: expect.stringMatching(/Z$/),
      });
      expect(JSON.stringify(res.data)).not.toContain(m.mobile);
      expect(JSON.stringify(res.data)).not.toMatch(/password|Hash|\$scrypt/i);
    }
    const none = await get('/ops/member/page', { keyword: '没有这个人zzz' });
    expect(none.data).toMatchObject({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    // LIKE wildcards are text, not patterns.
    expect((await get('/ops/member/page', { keyword: '%' })).data.total).toBe(0);
    expect((await get('/ops/member/page', { keyword: '_' })).data.total).toBe(0);
  });

  it('filters by status and registration time, and pages', async () => {
    const a = await registeredMember(server.api);
    const aId = await memberIdOf(a.accessToken);
    await ops('/ops/member/disable', { memberId: aId, reason: '测试筛选' });
    const disabled = await get('/ops/member/page', { status: 'disabled', pageSize: 50 });
    expect(disabled.data.list.every((r: { status: string }) => r.status === 'disabled')).toBe(true);
    expect(disabled.data.list.some((r: { id: string }) => r.id === aId)).toBe(true);
    const active = await get('/ops/member/page', { status: 'active', pageSize: 50 });
    expect(active.data.list.some((r: { id: string }) => r.id === aId)).toBe(false);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get('/ops/member/page', { registeredFrom: future })).data.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const recent = await get('/ops/member/page', { registeredFrom: past, registeredTo: future, pageSize: 1 });
    expect(recent.data.total).toBeGreaterThanOrEqual(2);
    expect(recent.data.list).toHaveLength(1);
    const page2 = await get('/ops/member/page', {
      registeredFrom: past,
      registeredTo: future,
      pageSize: 1,
      pageNum: 2,
    });
    expect(page2.data.list[0].id).not.toBe(recent.data.list[0].id);
  });

  it('refuses bad queries with a Chinese message naming the field', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ pageSize: 51 }, '每页条数不能大于 50'],
      [{ pageNum: 0 }, '页码不能小于 1'],
      [{ pageNum: 'x' }, '页码必须是整数'],
      [{ pageNum: '99999999999999' }, '页码不能大于 100000'],
      [{ keyword: 'k'.repeat(37) }, '搜索关键词不能超过 36 个字符'],
      [{ status: 'deleted' }, '状态取值不正确'],
      [{ registeredFrom: 'yesterday' }, '注册开始时间格式不正确'],
      [{ registeredTo: "2026-01-01' OR 1=1" }, '注册结束时间格式不正确'],
      [
        { registeredFrom: '2026-02-01T00:00:00Z', registeredTo: '2026-01-01T00:00:00Z' },
        '注册开始时间不能晚于结束时间',
      ],
    ];
    for (const [query, message] of cases) {
      const res = await get('/ops/member/page', query);
      expect(res.code, JSON.stringify(query)).toBe(Code.BAD_REQUEST);
      expect(res.message).toBe(message);
    }
  });
});

describe('GET /ops/member/detail', () => {
  it('shows profile, roles, status, sessions (device, masked IP) and the latest orders', async () => {
    const b = await buyer(server.api);
    const id = await memberIdOf(b.token);
    const goods = await makeGoods(dbOf(server), { name: '会员详情测试商品', priceFen: 1234, stock: 10 });
    const placed = await buyNow(server.api, b, goods.skuId, 2);
    expect(placed.code).toBe(0);

    const res = await get('/ops/member/detail', { memberId: id });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id,
      status: 'active',
      mobile: `${b.mobile.slice(0, 3)}****${b.mobile.slice(-4)}`,
      createdAt: expect.stringMatching(/Z$/),
      orders: {
        total: 1,
        counts: { ALL: 1, PENDING_PAYMENT: 1 },
        latest: [
          {
            orderNo: placed.data.orderNo,
            status: 'PENDING_PAYMENT',
            statusText: '待付款',
            payableAmount: placed.data.payableAmount,
            quantity: 2,
            firstGoodsName: '会员详情测试商品',
          },
        ],
      },
    });
    expect(res.data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(res.data.sessions[0]).toMatchObject({ device: expect.any(String), ip: expect.stringMatching(/\*/) });
    expect(JSON.stringify(res.data)).not.toContain(b.mobile);
    expect(JSON.stringify(res.data)).not.toMatch(/refresh|Hash|\$scrypt|127\.0\.0\.1/i);
  });

  it("names each session's client by its browser: an iPhone's is 手机浏览器, an iPad's 平板浏览器, a computer's 电脑浏览器", async () => {
    const m = await registeredMember(server.api);
    const agents = {
      iPhone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      iPad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      computer:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
    };
    for (const userAgent of Object.values(agents)) {
      // The web app signs in as PC_BROWSER on every screen.
      const login = await server.api.post('/member/user/auth/login/pw', {
        form: { username: m.username, password: m.password, clientType: 'PC_BROWSER' },
        headers: { 'user-agent': userAgent },
      });
      expect(login.code).toBe(0);
    }
    const res = await get('/ops/member/detail', { memberId: await memberIdOf(m.accessToken) });
    const shown = (res.data.sessions as { device: string; clientTypeName: string }[]).map(
      (s) => `${s.device} / ${s.clientTypeName}`,
    );
    expect(shown).toEqual(
      expect.arrayContaining([
        'Safari · iPhone / 手机浏览器',
        'Safari · iPad / 平板浏览器',
        'Edge · Windows / 电脑浏览器',
      ]),
    );
  });

  it('answers an unknown or malformed id in Chinese', async () => {
    expect((await get('/ops/member/detail', { memberId: '00000000-0000-4000-8000-000000000000' })).message).toBe(
      '会员不存在',
    );
    for (const memberId of ['', 'abc', "1' OR '1'='1", 'x'.repeat(5000)]) {
      const res = await get('/ops/member/detail', { memberId });
      expect(res.code, memberId).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/会员编号/);
    }
    expect((await get('/ops/member/detail', {})).message).toBe('请填写会员编号');
  });
});

describe('disable and enable by memberId, with a reason', () => {
  it('ends every session at once, records the reason and the status before → after', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(m.accessToken);
    const res = await ops('/ops/member/disable', { memberId: id, reason: '恶意刷单' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ id, before: 'active', status: 'disabled', sessionsEnded: 1 });
    expect((await server.api.get('/member/user/user/current', { token: m.accessToken })).code).toBe(Code.SESSION_OVER);
    expect((await get('/ops/member/detail', { memberId: id })).data).toMatchObject({
      status: 'disabled',
      sessions: [],
    });

    const log = await get('/ops/audit/page', { objectType: 'member', objectId: id });
    expect(log.data.list[0]).toMatchObject({
      action: 'member.disable',
      reason: '恶意刷单',
      changes: [{ field: 'status', before: 'active', after: 'disabled' }],
    });

    expect((await ops('/ops/member/enable', { memberId: id, reason: '申诉通过' })).code).toBe(0);
    const enabled = await get('/ops/audit/page', { objectType: 'member', objectId: id });
    expect(enabled.data.list[0]).toMatchObject({ action: 'member.enable', reason: '申诉通过' });
    const again = await server.api.post('/member/user/auth/login/pw', {
      form: { username: m.username, password: m.password },
    });
    expect(again.code).toBe(0);
  });

  it('needs a reason with a memberId, and refuses bad ids and reasons, changing nothing', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(m.accessToken);
    const cases: [unknown, string | RegExp][] = [
      [{ memberId: id }, '请填写原因'],
      [{ memberId: id, reason: '   ' }, '请填写原因'],
      [{ memberId: id, reason: 42 }, '原因格式不正确'],
      [{ memberId: id, reason: '长'.repeat(201) }, '原因不能超过 200 个字符'],
      [{ memberId: id, reason: 'a\u0000b' }, '原因含有不允许的字符'],
      [{ memberId: 'not-a-uuid', reason: '测试' }, '会员编号格式不正确'],
      [{ memberId: ['x'], reason: '测试' }, '会员编号格式不正确'],
      [{ reason: '测试' }, '请选择会员'],
      [{}, '请选择会员'],
      [{ memberId: '00000000-0000-4000-8000-000000000000', reason: '测试' }, '会员不存在'],
    ];
    for (const [body, message] of cases) {
      const res = await ops('/ops/member/disable', body);
      expect(res.code, JSON.stringify(body).slice(0, 60)).not.toBe(0);
      expect(res.message).toEqual(message);
    }
    expect((await server.api.get('/member/user/user/current', { token: m.accessToken })).code).toBe(0);
  });

  it('a double click or a race disables once; enabling an active member is refused', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(m.accessToken);
    const results = await Promise.all(
      [1, 2, 3].map(() => ops('/ops/member/disable', { memberId: id, reason: '并发' })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) expect(r.message).toBe('该会员已是禁用状态');
    const log = await get('/ops/audit/page', { objectType: 'member', objectId: id, action: 'member.disable' });
    expect(log.data.total).toBe(1);
    expect((await ops('/ops/member/enable', { memberId: id, reason: '恢复' })).code).toBe(0);
    expect((await ops('/ops/member/enable', { memberId: id, reason: '恢复' })).message).toBe('该会员已是正常状态');
  });

  it('客服 may view and disable members; 运营 may not', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(m.accessToken);
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    expect((await get('/ops/member/page', { keyword: m.username }, bearer(service.token))).data.total).toBe(1);
    expect((await get('/ops/member/detail', { memberId: id }, bearer(service.token))).code).toBe(0);
    const disabled = await server.api.post('/ops/member/disable', {
      json: { memberId: id, reason: '客服处理' },
      ...bearer(service.token),
    });
    expect(disabled.code).toBe(0);
    const log = await get('/ops/audit/page', { objectType: 'member', objectId: id });
    expect(log.data.list[0]).toMatchObject({ operatorName: service.username, reason: '客服处理' });

    const operations = await makeOperator(server.api, OPS_TOKEN, 'operations');
    expect((await get('/ops/member/page', {}, bearer(operations.token))).code).toBe(Code.FORBIDDEN);
    expect((await get('/ops/member/detail', { memberId: id }, bearer(operations.token))).code).toBe(Code.FORBIDDEN);
    const refused = await server.api.post('/ops/member/enable', {
      json: { memberId: id, reason: 'x' },
      ...bearer(operations.token),
    });
    expect(refused.code).toBe(Code.FORBIDDEN);
  });
});
