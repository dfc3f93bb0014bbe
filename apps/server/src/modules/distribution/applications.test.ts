import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { asOps, bearer, makeOperator, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { withRealName } from './distribution-test-kit.ts';

/**
 * Joining 分销 and 推广 over HTTP: a member applies with a real-name record, an operator approves
 * (once, also when two approve at the same moment) or rejects with a reason, the member reapplies;
 * 推广's invitation code names the inviter; bad input changes nothing.
 */
const OPS_TOKEN = 'distribution-applications-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const applicant = () => withRealName(server);
const status = async (token: string, programme: string) =>
  (await server.api.get(`/member/distribution/apply/status?programme=${programme}`, { token })).data;
const applyAs = (token: string, json: Record<string, unknown>) =>
  server.api.post('/member/distribution/apply', { token, json });
const form = (realNameId: string, over: Record<string, unknown> = {}) => ({
  programme: 'CLASSIC',
  realNameId,
  mobile: '13912345678',
  channel: '朋友圈',
  reason: '平时喜欢分享好物',
  ...over,
});
const ops = (path: string, json: unknown) =>
  server.api.post(`/ops/distribution/application/${path}`, { json, ...asOps(OPS_TOKEN) });
const roles = async (token: string) =>
  (await server.api.get('/member/user/user/current', { token })).data.roles as string[];

describe('applying and the review', () => {
  it('applies, shows 审核中, is rejected with a reason, reapplies, is approved: a share code and the role', async () => {
    const a = await applicant();
    const before = await status(a.token, 'CLASSIC');
    expect(before).toMatchObject({
      state: 'NONE',
      stateText: '未申请',
      active: false,
      canApply: true,
      shareCode: null,
    });
    expect(before.realNames).toEqual([
      { id: a.realNameId, name: '王小明', idMasked: expect.stringMatching(/^\d\*{16}[\dX]$/) },
    ]);

    const sent = await applyAs(a.token, form(a.realNameId));
    expect(sent.code, sent.message).toBe(0);
    expect(sent.message).toBe('申请已提交，请等待审核');
    expect(sent.data).toMatchObject({
      state: 'PENDING',
      stateText: '审核中',
      canApply: false,
      latest: { realName: '王小明', mobile: '139****5678', channel: '朋友圈' },
    });
    const again = await applyAs(a.token, form(a.realNameId));
    expect(again).toMatchObject({ code: Code.DISTRIBUTION_APPLY_REFUSED, message: '您的申请正在审核中，请耐心等待' });

    const id = sent.data.latest.id;
    const page = await server.api.get(
      `/ops/distribution/application/page?status=PENDING&keyword=${encodeURIComponent('王小')}`,
      asOps(OPS_TOKEN),
    );
    expect(page.data.list.find((r: { id: number }) => r.id === id)).toMatchObject({
      mobile: '13912345678',
      actions: ['approve', 'reject'],
      programmeText: '分销',
    });

    const rejected = await ops('reject', { id, reason: '请补充分享渠道的说明' });
    expect(rejected).toMatchObject({
      code: 0,
      data: { status: 'REJECTED', rejectReason: '请补充分享渠道的说明', actions: [] },
    });
    expect(await ops('approve', { id })).toMatchObject({
      code: Code.DISTRIBUTION_APPLICATION_STATE,
      message: '该申请已驳回，不能再审核',
    });
    expect(await status(a.token, 'CLASSIC')).toMatchObject({
      state: 'REJECTED',
      canApply: true,
      latest: { rejectReason: '请补充分享渠道的说明' },
    });

    const second = await applyAs(a.token, form(a.realNameId, { channel: '微信群', reason: '在三个宝妈群里分享' }));
    expect(second.code, second.message).toBe(0);
    const approved = await ops('approve', { id: second.data.latest.id });
    expect(approved).toMatchObject({
      code: 0,
      message: '已通过，王小明 成为分销员',
      data: { status: 'APPROVED', reviewedBy: expect.any(String) },
    });

    const after = await status(a.token, 'CLASSIC');
    expect(after).toMatchObject({
      state: 'APPROVED',
      active: true,
      canApply: false,
      shareCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    expect(await roles(a.token)).toEqual(expect.arrayContaining(['member', 'distributor']));
    expect(await applyAs(a.token, form(a.realNameId))).toMatchObject({
      code: Code.DISTRIBUTION_APPLY_REFUSED,
      message: '您已是分销计划的成员',
    });
    // The other programme is separate.
    expect(await status(a.token, 'PROMOTER')).toMatchObject({ state: 'NONE', active: false, canApply: true });
  });

  it('two operators approving at the same moment make one distributor', async () => {
    const a = await applicant();
    const id = (await applyAs(a.token, form(a.realNameId))).data.latest.id;
    // Two colleagues with 分销 rights (a 超级管理员 must bind TOTP first, so both are 运营).
    const one = await makeOperator(server.api, OPS_TOKEN, 'operations');
    const two = await makeOperator(server.api, OPS_TOKEN, 'operations');
    const replies = await Promise.all(
      [one, two, one].map((op) =>
        server.api.post('/ops/distribution/application/approve', { json: { id }, ...bearer(op.token) }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code === Code.DISTRIBUTION_APPLICATION_STATE)).toHaveLength(2);
    expect((await roles(a.token)).filter((r) => r === 'distributor')).toHaveLength(1);
  });

  it("the console's page counts each state for its tabs, under the programme and keyword, whichever tab is open", async () => {
    const mobile = '13700001234'; // this test's applicants only
    const page = async (query: string) =>
      (await server.api.get(`/ops/distribution/application/page?keyword=${mobile}&${query}`, asOps(OPS_TOKEN))).data;
    const made: number[] = [];
    for (const programme of ['CLASSIC', 'CLASSIC', 'CLASSIC', 'PROMOTER']) {
      const a = await applicant();
      const sent = await applyAs(a.token, form(a.realNameId, { programme, mobile }));
      expect(sent.code, sent.message).toBe(0);
      made.push(sent.data.latest.id as number);
    }
    expect((await ops('approve', { id: made[0] })).code).toBe(0);
    expect((await ops('reject', { id: made[1], reason: '请补充分享渠道' })).code).toBe(0);

    const all = await page('');
    expect(all.counts).toEqual({ ALL: 4, PENDING: 2, APPROVED: 1, REJECTED: 1 });
    const pending = await page('status=PENDING');
    expect(pending.total).toBe(2);
    expect(pending.counts).toEqual(all.counts);
    expect((await page('programme=CLASSIC&status=REJECTED')).counts).toEqual({
      ALL: 3,
      PENDING: 1,
      APPROVED: 1,
      REJECTED: 1,
    });
    expect((await page('programme=PROMOTER')).counts).toEqual({ ALL: 1, PENDING: 1, APPROVED: 0, REJECTED: 0 });
  });

  it('five quick submits make one application', async () => {
    const a = await applicant();
    const replies = await Promise.all(Array.from({ length: 5 }, () => applyAs(a.token, form(a.realNameId))));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    const page = await server.api.get('/ops/distribution/application/page?pageSize=50', asOps(OPS_TOKEN));
    expect(page.data.list.filter((r: { memberId: string }) => r.memberId === a.memberId)).toHaveLength(1);
  });

  it('推广: an invitation code names an active promoter as the inviter, for ever', async () => {
    const inviter = await applicant();
    const made = await applyAs(inviter.token, form(inviter.realNameId, { programme: 'PROMOTER' }));
    await ops('approve', { id: made.data.latest.id });
    const code = (await status(inviter.token, 'PROMOTER')).shareCode as string;
    expect(await roles(inviter.token)).toContain('promoter');

    const own = await applyAs(inviter.token, form(inviter.realNameId, { programme: 'PROMOTER', inviteCode: code }));
    expect(own.code).toBe(Code.DISTRIBUTION_APPLY_REFUSED);

    const b = await applicant();
    expect(await applyAs(b.token, form(b.realNameId, { programme: 'PROMOTER', inviteCode: 'ABCDEFGH' }))).toMatchObject(
      { message: '邀请码不存在或已失效' },
    );
    expect(await applyAs(b.token, form(b.realNameId, { programme: 'CLASSIC', inviteCode: code }))).toMatchObject({
      message: '分销计划不需要邀请码',
    });
    const joined = await applyAs(
      b.token,
      form(b.realNameId, { programme: 'PROMOTER', inviteCode: code.toLowerCase() }),
    );
    expect(joined.code, joined.message).toBe(0);
    expect(joined.data.latest.inviterName).toMatch(/^.\*\*\*$/);
    const detail = await server.api.get(
      `/ops/distribution/application/detail?id=${joined.data.latest.id}`,
      asOps(OPS_TOKEN),
    );
    expect(detail.data).toMatchObject({ programme: 'PROMOTER', inviterName: joined.data.latest.inviterName });
  });
});

describe('bad input changes nothing', () => {
  it('the form', async () => {
    const a = await applicant();
    const other = await applicant();
    const cases: [Record<string, unknown>, string][] = [
      [{ programme: undefined }, '请选择计划'],
      [{ programme: 'GOLD' }, '计划取值不正确'],
      [{ realNameId: undefined }, '请填写实名信息'],
      [{ realNameId: other.realNameId }, '实名信息不存在，请先在“实名信息”中添加'],
      [{ realNameId: "' OR 1=1 --" }, '实名信息不存在，请先在“实名信息”中添加'],
      [{ mobile: '1391234567' }, '请输入正确的 11 位手机号'],
      [{ mobile: 13912345678 }, '联系手机格式不正确'],
      [{ mobile: '２３９１２３４５６７８' }, '请输入正确的 11 位手机号'],
      [{ channel: '地铁' }, '分享渠道取值不正确'],
      [{ reason: '' }, '请填写申请理由'],
      [{ reason: '好'.repeat(201) }, '申请理由不能超过 200 个字符'],
      [{ reason: 'a\u0000b' }, '申请理由含有不允许的字符'],
      [{ reason: ['数组'] }, '申请理由格式不正确'],
      [{ inviteCode: 'ABC' }, '邀请码为 8 位字母或数字'],
      [{ inviteCode: "'OR'1'=1" }, '邀请码为 8 位字母或数字'],
      [{ inviteCode: 'ABCDEFGH2' }, '邀请码不能超过 8 个字符'],
    ];
    for (const [over, message] of cases) {
      const res = await applyAs(a.token, form(a.realNameId, over));
      expect(res, JSON.stringify(over)).toMatchObject({ code: expect.any(Number), message });
      expect(res.code).not.toBe(0);
    }
    expect(await status(a.token, 'CLASSIC')).toMatchObject({ state: 'NONE' });
    const notJson = await server.api.post('/member/distribution/apply', { token: a.token, json: ['x'] });
    expect(notJson.message).toBe('请求参数格式不正确');
    expect((await server.api.get('/member/distribution/apply/status?programme=x', { token: a.token })).message).toBe(
      '计划取值不正确',
    );
    expect((await server.api.get('/member/distribution/apply/status?programme=CLASSIC')).code).toBe(Code.NOT_SIGNED_IN);
  });

  it('the console', async () => {
    const a = await applicant();
    const id = (await applyAs(a.token, form(a.realNameId))).data.latest.id;
    expect(await ops('reject', { id })).toMatchObject({ message: '请填写驳回原因' });
    expect(await ops('reject', { id, reason: '因'.repeat(201) })).toMatchObject({
      message: '驳回原因不能超过 200 个字符',
    });
    expect(await ops('approve', { id: -1 })).toMatchObject({ message: '申请不能小于 1' });
    expect(await ops('approve', { id: 'x' })).toMatchObject({ message: '申请必须是整数' });
    expect(await ops('approve', { id: 2_147_483_647 })).toMatchObject({ code: Code.NOT_FOUND, message: '申请不存在' });
    const q = (s: string) => server.api.get(`/ops/distribution/application/page?${s}`, asOps(OPS_TOKEN));
    expect((await q('status=DONE')).message).toBe('审核状态取值不正确');
    expect((await q('pageSize=51')).message).toBe('每页条数不能大于 50');
    expect((await q(`keyword=${encodeURIComponent("%' OR '1'='1")}`)).data.list).toEqual([]);
    expect((await server.api.get(`/ops/distribution/application/detail?id=${id}`)).code).toBe(Code.NOT_SIGNED_IN);
    expect(await status(a.token, 'CLASSIC')).toMatchObject({ state: 'PENDING' });
  });
});
