/**
 * The supplier's console sign-in over HTTP: the member's own credentials and lockout, a
 * console session of the store's account scoped to the store, refusals for members without an active
 * store, and store accounts kept out of the shop's operator and role management.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import { startTestServer, type TestServer, asOps, bearer, lastSmsCode, smsSignIn } from '../../test/kit/index.ts';
import { makeStore, setStoreStatus, storeToken } from '../supplier/ops-store.fixtures.ts';

const OPS_TOKEN = 'ops-token-for-supplier-login-tests-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

const login = (json: unknown) => server.api.post('/ops/auth/supplier-login', { json });
const db = () => server.running.app.ctx.db;

describe('supplier sign-in', () => {
  it('signs the owner in by username or mobile to a session of the store, with only the store permissions', async () => {
    const store = await makeStore(server, '山野茶舍');
    for (const account of [store.username.toUpperCase(), store.mobile]) {
      const res = await login({ account, password: store.password });
      expect(res.code, res.message).toBe(0);
      expect(res.data.operator).toMatchObject({
        displayName: '山野茶舍',
        role: { key: 'supplier', name: '供应商' },
        permissions: ['store:goods', 'store:orders'],
        mustChangePassword: false,
        totpEnabled: false,
        store: { id: store.id, name: '山野茶舍' },
      });
      const me = await server.api.get('/ops/auth/me', bearer(res.data.token));
      expect(me.data.store).toEqual({ id: store.id, name: '山野茶舍' });
      expect(me.data.permissions).toEqual(['store:goods', 'store:orders']);
    }
    // No authenticator for store accounts, and the password is the member's, changed in the shop.
    const token = await storeToken(server, store);
    expect((await server.api.post('/ops/auth/totp/setup', { json: {}, ...bearer(token) })).code).toBe(Code.BAD_REQUEST);
    const pw = await server.api.post('/ops/auth/password', {
      json: { oldPassword: store.password, newPassword: 'Another#Pass-2026' },
      ...bearer(token),
    });
    expect(pw.message).toContain('会员账号的密码');
  });

  it('ends the store’s console sessions when the owner changes or resets the password, or signs out other devices', async () => {
    const store = await makeStore(server);
    const memberLogin = async (password: string) => {
      const res = await server.api.post('/member/user/auth/login/pw', {
        form: { username: store.username, password, clientType: 'PC_BROWSER' },
      });
      expect(res.code, res.message).toBe(0);
      return res.data.accessToken as string;
    };
    const stillIn = async (token: string) => (await server.api.get('/ops/store/goods/page', bearer(token))).code === 0;

    // 修改密码 in the shop
    let console = await storeToken(server, store);
    expect(await stillIn(console)).toBe(true);
    let member = await memberLogin(store.password);
    const newPassword = 'Store#Owner-2026a';
    const changed = await server.api.post('/member/user/security/password', {
      token: member,
      json: { oldPassword: store.password, newPassword },
    });
    expect(changed.code, changed.message).toBe(0);
    expect(await stillIn(console)).toBe(false);

    // 下线其他设备
    const withNew = { ...store, password: newPassword };
    console = await storeToken(server, withNew);
    member = await memberLogin(newPassword);
    expect((await server.api.post('/member/user/security/sessions/revokeOthers', { token: member, json: {} })).code).toBe(0);
    expect(await stillIn(console)).toBe(false);

    // 忘记密码
    console = await storeToken(server, withNew);
    expect((await server.api.post('/member/user/auth/resetPassword/sendCode', { form: { mobileNumber: store.mobile } })).code).toBe(0);
    const reset = await server.api.post('/member/user/auth/resetPassword', {
      json: { mobileNumber: store.mobile, code: await lastSmsCode(server.api, store.mobile), newPassword: 'Store#Owner-2026b' },
    });
    expect(reset.code, reset.message).toBe(0);
    expect(await stillIn(console)).toBe(false);
  });

  it('answers a wrong password or an unknown account as the member sign-in does', async () => {
    const store = await makeStore(server);
    expect((await login({ account: store.username, password: 'wrong-password-1' })).code).toBe(Code.BAD_CREDENTIALS);
    expect((await login({ account: 'nobody_here_x', password: 'whatever-123' })).code).toBe(Code.BAD_CREDENTIALS);
  });

  it('refuses a member who owns no store, and a store that is disabled (its live sessions end too)', async () => {
    const { accessToken } = await smsSignIn(server.api);
    const done = await server.api.post('/member/user/auth/registerAndLogin', {
      token: accessToken,
      form: { username: 'plain_buyer01', password: 'Buyer#Pass-2026', clientType: 'PC_BROWSER' },
    });
    expect(done.code, done.message).toBe(0);
    const buyer = await login({ account: 'plain_buyer01', password: 'Buyer#Pass-2026' });
    expect(buyer).toMatchObject({ code: Code.NOT_A_SUPPLIER, message: '该账号不是已入驻的供应商' });

    const store = await makeStore(server);
    const token = await storeToken(server, store);
    await setStoreStatus(server, store.id, 'DISABLED');
    expect(await login({ account: store.username, password: store.password })).toMatchObject({
      code: Code.NOT_A_SUPPLIER,
      message: '该账号不是已入驻的供应商',
    });
    const me = await server.api.get('/ops/auth/me', bearer(token));
    expect(me.code).toBe(Code.MEMBER_DISABLED);
    expect(me.message).toBe('店铺已停用，请联系平台');
    await setStoreStatus(server, store.id, 'ACTIVE');
    expect((await server.api.get('/ops/auth/me', bearer(token))).code).toBe(0);
  });

  it('refuses a disabled member', async () => {
    const store = await makeStore(server);
    await db().execute(sql`UPDATE members SET status = 'disabled' WHERE id = ${store.memberId}`);
    expect((await login({ account: store.username, password: store.password })).code).toBe(Code.MEMBER_DISABLED);
  });

  it('locks the account after 5 wrong passwords, shared with the member sign-in', async () => {
    const store = await makeStore(server);
    for (let i = 0; i < 4; i++) {
      expect((await login({ account: store.username, password: `wrong-pass-${i}` })).code).toBe(Code.BAD_CREDENTIALS);
    }
    const fifth = await login({ account: store.mobile, password: 'wrong-pass-5' });
    expect(fifth.code).toBe(Code.ACCOUNT_LOCKED);
    const right = await login({ account: store.username, password: store.password });
    expect(right.code).toBe(Code.ACCOUNT_LOCKED);
    expect(right.message).toMatch(/分钟后再试/);
    const member = await server.api.post('/member/user/auth/login/pw', {
      form: { username: store.username, password: store.password, remember: 'false', clientType: 'PC_BROWSER' },
    });
    expect(member.code).toBe(Code.ACCOUNT_LOCKED);
  });

  it.each([
    [{}, '请填写账号'],
    [{ account: 'abc' }, '请填写密码'],
    [{ account: 12345, password: 'x' }, '账号格式不正确'],
    [{ account: 'a'.repeat(65), password: 'x' }, '账号不能超过 64 个字符'],
    [{ account: 'abc', password: ['x'] }, '密码格式不正确'],
    [{ account: 'abc', password: 'x'.repeat(1000) }, '密码不能超过'],
  ])('refuses bad input %j with a Chinese message', async (json, message) => {
    const res = await login(json);
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(res.message).toContain(message);
  });

  it.each(["' OR '1'='1", '店铺\u0000', '😀😀😀', '<script>alert(1)</script>'])(
    'answers a hostile account %j as unknown, signing nobody in',
    async (account) => {
      const res = await login({ account, password: 'whatever-123' });
      expect([Code.BAD_CREDENTIALS, Code.BAD_REQUEST]).toContain(res.code);
      expect(res.data).toBeNull();
    },
  );
});

describe('store accounts are not 运营人员', () => {
  it('keeps them out of the operator list, the role editor and operator management', async () => {
    const store = await makeStore(server);
    const list = await server.api.get('/ops/operator/list', { ...asOps(OPS_TOKEN), query: { pageSize: 50 } });
    expect(list.code).toBe(0);
    expect(list.data.list.map((o: { roleKey?: string; role: { key: string } }) => o.role.key)).not.toContain('supplier');
    const roles = await server.api.get('/ops/role/list', asOps(OPS_TOKEN));
    expect(roles.data.map((r: { key: string }) => r.key)).not.toContain('supplier');
    const superAdmin = roles.data.find((r: { key: string }) => r.key === 'super_admin');
    expect(superAdmin.permissions).not.toContain('store:goods');

    const custom = await server.api.post('/ops/role/save', {
      json: { name: '偷看店铺', permissions: ['goods:edit', 'store:goods'] },
      ...asOps(OPS_TOKEN),
    });
    expect(custom.code).toBe(Code.BAD_REQUEST);
    expect(custom.message).toContain('只属于供应商账号');
    const edit = await server.api.post('/ops/role/save', {
      json: { key: 'supplier', name: '供应商', permissions: ['store:goods', 'order:ship'] },
      ...asOps(OPS_TOKEN),
    });
    expect(edit.code).toBe(Code.BAD_REQUEST);
    const create = await server.api.post('/ops/operator/create', {
      json: { username: 'fake_store', displayName: '假店铺', roleKey: 'supplier' },
      ...asOps(OPS_TOKEN),
    });
    expect(create.code).toBe(Code.BAD_REQUEST);
    for (const path of ['/ops/operator/update', '/ops/operator/resetPassword']) {
      const res = await server.api.post(path, { json: { id: store.operatorId, status: 'disabled' }, ...asOps(OPS_TOKEN) });
      expect(res.code, path).toBe(Code.NOT_FOUND);
    }
    const [op] = await rows<{ status: string }>(db(), sql`SELECT status FROM operators WHERE id = ${store.operatorId}`);
    expect(op!.status).toBe('active');
  });
});
