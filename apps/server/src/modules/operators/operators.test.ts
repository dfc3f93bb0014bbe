/**
 * Operator accounts over HTTP: one-time passwords that must be changed, the lockout, two-step
 * sign-in with an authenticator, sessions that can be listed and revoked, disabling, roles, the
 * audit log (append-only, personal data masked) and bad input.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import { startTestServer, type TestServer, asOps, bearer, makeOperator } from '../../test/kit/index.ts';
import { ensureDemoOperator } from './operators.service.ts';
import { stepAt, totpCode } from './totp.ts';

const OPS_TOKEN = 'ops-token-for-operator-tests-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

const login = (json: Record<string, unknown>) => server.api.post('/ops/auth/login', { json });
const db = () => server.running.app.ctx.db;

describe('operator sign-in', () => {
  it('makes the one-time password be changed before anything else', async () => {
    const made = await server.api.post('/ops/operator/create', {
      json: { username: 'kefu_li', displayName: '李客服', roleKey: 'service' },
      ...asOps(OPS_TOKEN),
    });
    expect(made.code, made.message).toBe(0);
    expect(made.data.oneTimePassword).toMatch(/^[A-Za-z0-9]{14}$/);
    const first = await login({ username: 'KEFU_LI', password: made.data.oneTimePassword });
    expect(first.data.operator).toMatchObject({
      username: 'kefu_li',
      mustChangePassword: true,
      role: { key: 'service', name: '客服' },
    });
    const token = first.data.token as string;
    expect((await server.api.get('/ops/order/list', bearer(token))).code).toBe(Code.OPS_PASSWORD_CHANGE_REQUIRED);
    expect((await server.api.get('/ops/auth/me', bearer(token))).code).toBe(0);
    const weak = await server.api.post('/ops/auth/password', {
      json: { oldPassword: made.data.oneTimePassword, newPassword: 'password' },
      ...bearer(token),
    });
    expect(weak.code).toBe(Code.WEAK_PASSWORD);
    const changed = await server.api.post('/ops/auth/password', {
      json: { oldPassword: made.data.oneTimePassword, newPassword: 'Kefu#Li-2026' },
      ...bearer(token),
    });
    expect(changed.code, changed.message).toBe(0);
    expect((await server.api.get('/ops/order/list', bearer(token))).code).toBe(0);
    expect((await login({ username: 'kefu_li', password: made.data.oneTimePassword })).code).toBe(Code.BAD_CREDENTIALS);
    // The same username again is refused, whatever its case.
    const twin = await server.api.post('/ops/operator/create', {
      json: { username: 'Kefu_Li', displayName: '另一个', roleKey: 'service' },
      ...asOps(OPS_TOKEN),
    });
    expect(twin.code).toBe(Code.OPS_USERNAME_TAKEN);
  });

  it('answers an unknown name like a wrong password and locks after five failures', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'finance');
    expect((await login({ username: 'nobody_here', password: 'whatever-123' })).code).toBe(Code.BAD_CREDENTIALS);
    for (let i = 0; i < 5; i++) {
      expect((await login({ username: op.username, password: `wrong-${i}-password` })).code).toBeOneOf([
        Code.BAD_CREDENTIALS,
        Code.ACCOUNT_LOCKED,
      ]);
    }
    const locked = await login({ username: op.username, password: op.password });
    expect(locked).toMatchObject({ code: Code.ACCOUNT_LOCKED, message: expect.stringMatching(/请 1[45] 分钟后再试/) });
  });

  it('counts wrong current passwords at 修改密码 with sign-in: the fifth locks the account, the right one included', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const change = (oldPassword: string) =>
      server.api.post('/ops/auth/password', { json: { oldPassword, newPassword: 'Brand#New-2026' }, ...bearer(op.token) });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await change(`guess-${i}-password`)).code);
    expect(codes.slice(0, 4)).toEqual([Code.WRONG_PASSWORD, Code.WRONG_PASSWORD, Code.WRONG_PASSWORD, Code.WRONG_PASSWORD]);
    expect(codes[4]).toBe(Code.ACCOUNT_LOCKED);
    // the sixth try, the right password, is refused too, and nothing changed
    expect((await change(op.password)).code).toBe(Code.ACCOUNT_LOCKED);
    expect((await login({ username: op.username, password: 'Brand#New-2026' })).code).toBe(Code.ACCOUNT_LOCKED);
    // once the lock has passed (its failures gone), the old password still signs in
    const [me] = await rows<{ id: string }>(db(), sql`SELECT id FROM operators WHERE username = ${op.username}`);
    await db().execute(sql`DELETE FROM ops_login_failures WHERE login_key = ${`op:${me!.id}`}`);
    expect((await login({ username: op.username, password: op.password })).code).toBe(0);
  });

  it('counts wrong authenticator codes at 解绑 with sign-in: the fifth locks the account', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'operations');
    const secret = (await server.api.post('/ops/auth/totp/setup', { json: { password: op.password }, ...bearer(op.token) })).data
      .secret as string;
    const enable = await server.api.post('/ops/auth/totp/enable', { json: { code: totpCode(secret, stepAt()) }, ...bearer(op.token) });
    expect(enable.code).toBe(0);
    const disable = (code: string) => server.api.post('/ops/auth/totp/disable', { json: { code }, ...bearer(op.token) });
    const codes = [];
    for (const guess of ['000000', '111111', '222222', '333333', '444444']) codes.push((await disable(guess)).code);
    expect(codes.slice(0, 4).every((c) => c === Code.OPS_TOTP_WRONG)).toBe(true);
    expect(codes[4]).toBe(Code.ACCOUNT_LOCKED);
    expect((await disable(totpCode(secret, stepAt() + 1))).code).toBe(Code.ACCOUNT_LOCKED);
    const [row] = await rows<{ totp_enabled: boolean }>(db(), sql`SELECT totp_enabled FROM operators WHERE username = ${op.username}`);
    expect(row!.totp_enabled).toBe(true);
  });

  it('the system operator cannot sign in by password', async () => {
    expect((await login({ username: 'system', password: '!' })).code).toBe(Code.BAD_CREDENTIALS);
  });

  it('two-step sign-in with an authenticator: code asked, wrong code refused, a used code never works twice', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'operations');
    // binding asks the current password again: none, or a wrong one, gets no secret
    expect((await server.api.post('/ops/auth/totp/setup', { json: {}, ...bearer(op.token) })).message).toBe('请填写当前密码');
    expect((await server.api.post('/ops/auth/totp/setup', { json: { password: 'not-mine-123' }, ...bearer(op.token) })).code).toBe(
      Code.WRONG_PASSWORD,
    );
    const setup = await server.api.post('/ops/auth/totp/setup', { json: { password: op.password }, ...bearer(op.token) });
    expect(setup.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const secret = setup.data.secret as string;
    expect(
      (await server.api.post('/ops/auth/totp/enable', { json: { code: '000000' }, ...bearer(op.token) })).code,
    ).toBe(Code.OPS_TOTP_WRONG);
    const code = totpCode(secret, stepAt());
    expect((await server.api.post('/ops/auth/totp/enable', { json: { code }, ...bearer(op.token) })).code).toBe(0);
    // The secret is kept sealed, never in clear.
    const [row] = await rows<{ totp_secret: string }>(
      db(),
      sql`SELECT totp_secret FROM operators WHERE username = ${op.username}`,
    );
    expect(row!.totp_secret).not.toContain(secret);

    expect((await login({ username: op.username, password: op.password })).code).toBe(Code.OPS_TOTP_REQUIRED);
    expect((await login({ username: op.username, password: op.password, totpCode: '123456' })).code).toBe(
      Code.OPS_TOTP_WRONG,
    );
    const next = totpCode(secret, stepAt() + 1);
    const ok = await login({ username: op.username, password: op.password, totpCode: next });
    expect(ok.code, ok.message).toBe(0);
    expect(ok.data.operator.totpEnabled).toBe(true);
    expect((await login({ username: op.username, password: op.password, totpCode: next })).code).toBe(
      Code.OPS_TOTP_WRONG,
    );
  });
});

describe('sessions and disabling', () => {
  it('lists sessions, revokes another one at once, and disabling ends them all', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'service');
    const second = (await login({ username: op.username, password: op.password })).data.token as string;
    const list = await server.api.get('/ops/auth/sessions', bearer(op.token));
    expect(list.data.length).toBeGreaterThanOrEqual(2);
    const other = list.data.find((s: { current: boolean }) => !s.current);
    expect(other.ip).toMatch(/\*/);
    expect(
      (await server.api.post('/ops/auth/sessions/revoke', { json: { sessionId: other.id }, ...bearer(op.token) })).code,
    ).toBe(0);
    expect((await server.api.get('/ops/auth/me', bearer(second))).code).toBe(Code.SESSION_OVER);

    const found = await server.api.get('/ops/operator/list', { query: { keyword: op.username }, ...asOps(OPS_TOKEN) });
    const id = found.data.list[0].id as string;
    const off = await server.api.post('/ops/operator/update', {
      json: { id, status: 'disabled' },
      ...asOps(OPS_TOKEN),
    });
    expect(off.data.status).toBe('disabled');
    expect((await server.api.get('/ops/auth/me', bearer(op.token))).code).toBe(Code.SESSION_OVER);
    expect((await login({ username: op.username, password: op.password })).code).toBe(Code.MEMBER_DISABLED);
  });

  it('an operator cannot disable or demote themselves', async () => {
    const boss = await makeOperator(server.api, OPS_TOKEN, 'super_admin');
    const me = (await server.api.get('/ops/auth/me', bearer(boss.token))).data;
    const res = await server.api.post('/ops/operator/update', {
      json: { id: me.id, status: 'disabled' },
      ...bearer(boss.token),
    });
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message: '不能停用自己或修改自己的角色' });
  });
});

describe('roles', () => {
  it('a new role grants exactly its permissions; 超级管理员 cannot be narrowed', async () => {
    const saved = await server.api.post('/ops/role/save', {
      json: { name: '仓库', permissions: ['goods:view', 'inventory:adjust'] },
      ...asOps(OPS_TOKEN),
    });
    expect(saved.code, saved.message).toBe(0);
    const op = await makeOperator(server.api, OPS_TOKEN, saved.data.key);
    const me = (await server.api.get('/ops/auth/me', bearer(op.token))).data;
    expect(me.permissions).toEqual(['goods:view', 'inventory:adjust']);
    expect((await server.api.get('/ops/order/list', bearer(op.token))).code).toBe(Code.FORBIDDEN);
    const narrowed = await server.api.post('/ops/role/save', {
      json: { key: 'super_admin', name: '超级管理员', permissions: [] },
      ...asOps(OPS_TOKEN),
    });
    expect(narrowed.code).toBe(Code.BAD_REQUEST);
    const unknown = await server.api.post('/ops/role/save', {
      json: { name: '坏角色', permissions: ['goods:view', 'root:everything'] },
      ...asOps(OPS_TOKEN),
    });
    expect(unknown).toMatchObject({ code: Code.BAD_REQUEST, message: '权限取值不正确' });
  });
});

describe('audit log', () => {
  it('records who changed what, masks personal data, and cannot be changed afterwards', async () => {
    const op = await makeOperator(server.api, OPS_TOKEN, 'super_admin');
    const found = await server.api.get('/ops/operator/list', { query: { keyword: 'kefu_li' }, ...bearer(op.token) });
    const id = found.data.list[0].id;
    await server.api.post('/ops/operator/update', { json: { id, displayName: '李小客服' }, ...bearer(op.token) });
    const page = await server.api.get('/ops/audit/page', { query: { operator: op.username }, ...bearer(op.token) });
    expect(page.data.list[0]).toMatchObject({
      operatorName: op.username,
      action: 'operator.update',
      objectType: 'operator',
      objectId: 'kefu_li',
      changes: [{ field: 'displayName', before: '李客服', after: '李小客服' }],
    });
    expect(page.data.list[0].ip).toEqual(expect.any(String));
    await expect(db().execute(sql`UPDATE ops_audit_log SET action = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`DELETE FROM ops_audit_log`)).rejects.toThrow();
  });

  it('masks mobiles, names and addresses, and hides secrets', async () => {
    const { maskValue } = await import('./audit.ts');
    expect(maskValue('mobile', '13800138000')).toBe('138****8000');
    expect(maskValue('receiverName', '张三丰')).toBe('张**');
    expect(maskValue('address', { detail: '建国路 88 号 SOHO 现代城', mobile: '13912345678' })).toEqual({
      detail: '建国路 88…',
      mobile: '139****5678',
    });
    expect(maskValue('newPassword', 'Secret#123')).toBe('[已隐藏]');
    // A coupon's, a goods' or a category's name is not a person's: kept; a contact's name is masked.
    expect(maskValue('name', '满199减20')).toBe('满199减20');
    expect(maskValue('skus', [{ name: '黑色 128G', priceFen: 399900 }])).toEqual([{ name: '黑色 128G', priceFen: 399900 }]);
    expect(maskValue('account', { name: '李四', mobile: '13912345678' })).toEqual({ name: '李*', mobile: '139****5678' });
  });
});

describe('bad input', () => {
  it.each([
    [{}, '请填写账号'],
    [{ username: 'admin' }, '请填写密码'],
    [{ username: 42, password: 'x' }, '账号格式不正确'],
    [{ username: 'a'.repeat(10_000), password: 'x' }, '账号不能超过 64 个字符'],
    [{ username: 'admin', password: 'x', totpCode: '12ab56' }, '动态验证码为 6 位数字'],
    [{ username: 'admin', password: ['a', 'b'] }, '密码格式不正确'],
  ])('login %j → %s', async (body, message) => {
    const res = await login(body as Record<string, unknown>);
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message });
  });

  it.each([
    [{ username: "x'; DROP TABLE operators; --", displayName: '甲', roleKey: 'service' }, '账号以字母开头'],
    [{ username: '运营一号', displayName: '甲', roleKey: 'service' }, '账号以字母开头'],
    [{ username: 'good_name', displayName: '<script>', roleKey: 'service' }, '姓名只能包含'],
    [{ username: 'good_name', displayName: '甲', roleKey: 'root' }, '角色不存在'],
    [{ username: 'good_name', displayName: '甲', roleKey: 'Service!' }, '角色格式不正确'],
    [{ username: 'good_name', displayName: '甲'.repeat(21), roleKey: 'service' }, '姓名不能超过 20 个字符'],
  ])('operator/create %j → %s', async (json, message) => {
    const res = await server.api.post('/ops/operator/create', { json, ...asOps(OPS_TOKEN) });
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(res.message).toContain(message);
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM operators WHERE username = 'good_name'`,
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('audit filters refuse what is not a time', async () => {
    const res = await server.api.get('/ops/audit/page', { query: { from: 'yesterday' }, ...asOps(OPS_TOKEN) });
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message: '开始时间格式不正确' });
  });
});

describe('demo operator', () => {
  it('is made once as a 超级管理员 and signs in', async () => {
    expect(await ensureDemoOperator(db(), 'admin', 'MallAdmin#2026')).toBe(true);
    expect(await ensureDemoOperator(db(), 'admin', 'MallAdmin#2026')).toBe(false);
    const res = await login({ username: 'admin', password: 'MallAdmin#2026' });
    expect(res.data.operator).toMatchObject({ role: { key: 'super_admin' }, mustChangePassword: false });
    expect(res.data.operator.permissions).toContain('operator:manage');
  });
});
