/** 供应商审核 over HTTP: the list, one application, approving (once) and rejecting, the stores, who may. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  asOps,
  bearer,
  current,
  expectRefusal,
  makeOperator,
  memberIdOf,
  query,
  registeredMember,
  startOpsCatalogServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { openText } from '../../lib/secrets.ts';
import { bankBody, fullApplication, LEGAL_ID, OPS_TOKEN, supplierTables, uploaded, companyBody } from './supplier-test-kit.ts';

let server: TestServer;
let close: () => Promise<void>;
let reviewer: string;
let service: string;

const member = async () => {
  const m = await registeredMember(server.api);
  return { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken), username: m.username };
};
const ops = (token: string) => bearer(token);
const appId = async (token: string) => (await server.api.get('/member/supplier/application', { token })).data.id as string;

beforeAll(async () => {
  const started = await startOpsCatalogServer(OPS_TOKEN, 5);
  server = started.server;
  close = started.close;
  reviewer = (await makeOperator(server.api, OPS_TOKEN, 'operations')).token;
  service = (await makeOperator(server.api, OPS_TOKEN, 'service')).token;
});
afterAll(() => close?.());

describe('who may', () => {
  it('an operator without supplier:review is refused everywhere, and nothing changes', async () => {
    const m = await member();
    await fullApplication(server, m.token);
    const id = await appId(m.token);
    const before = await supplierTables(server);
    const calls = [
      server.api.get('/ops/supplier/application/page', ops(service)),
      server.api.get('/ops/supplier/application/detail', { query: { id }, ...ops(service) }),
      server.api.post('/ops/supplier/application/approve', { json: { id }, ...ops(service) }),
      server.api.post('/ops/supplier/application/reject', { json: { id, reason: '资料不全' }, ...ops(service) }),
      server.api.get('/ops/supplier/page', ops(service)),
    ];
    for (const res of await Promise.all(calls)) expectRefusal(res, Code.FORBIDDEN);
    expect((await server.api.get('/ops/supplier/application/page')).code).toBe(Code.NOT_SIGNED_IN);
    // A member's token is not a console session.
    expect((await server.api.get('/ops/supplier/application/page', { headers: { authorization: `Bearer ${m.token}` } })).code).not.toBe(0);
    expect(await supplierTables(server)).toEqual(before);
  });
});

describe('the review', () => {
  it('lists submitted applications, those under review first; a draft is the member\'s own', async () => {
    const drafter = await member();
    await fullApplication(server, drafter.token, { storeName: '草稿小店', submit: false });
    const m = await member();
    await fullApplication(server, m.token, { storeName: '清风茶庄' });
    const page = await server.api.get('/ops/supplier/application/page', { query: { pageNum: 1, pageSize: 50 }, ...ops(reviewer) });
    expect(page.code).toBe(0);
    expect(page.data.list.map((r: { storeName: string }) => r.storeName)).not.toContain('草稿小店');
    const row = page.data.list.find((r: { storeName: string }) => r.storeName === '清风茶庄');
    expect(row).toMatchObject({ status: 'PENDING', companyName: '杭州山野茶业有限公司', contactName: '李青', contactMobileMasked: '138****5678', reviewedBy: null });
    const statuses = page.data.list.map((r: { status: string }) => r.status);
    expect(statuses.indexOf('PENDING')).toBe(0);
    const found = await server.api.get('/ops/supplier/application/page', { query: { keyword: '清风', status: 'PENDING' }, ...ops(reviewer) });
    expect(found.data.list.map((r: { storeName: string }) => r.storeName)).toEqual(['清风茶庄']);
    const none = await server.api.get('/ops/supplier/application/page', { query: { keyword: "%' OR 1=1 --" }, ...ops(reviewer) });
    expect(none.data).toMatchObject({ list: [], total: 0 });

    const draftId = await appId(drafter.token);
    expect((await server.api.get('/ops/supplier/application/detail', { query: { id: draftId }, ...ops(reviewer) })).code).toBe(Code.NOT_FOUND);
  });

  it('shows one application whole but masked, with a working licence link', async () => {
    const m = await member();
    await fullApplication(server, m.token, { storeName: '明月书屋' });
    const id = await appId(m.token);
    const res = await server.api.get('/ops/supplier/application/detail', { query: { id }, ...ops(reviewer) });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id,
      status: 'PENDING',
      actions: ['approve', 'reject'],
      member: { id: m.memberId, username: m.username },
      company: { legalIdMasked: `${LEGAL_ID[0]}${'*'.repeat(16)}${LEGAL_ID[17]}`, regionText: '浙江省 杭州市 西湖区' },
      bank: { accountMasked: '6222 **** **** 0123' },
      store: { storeName: '明月书屋' },
    });
    expect(res.data.member.mobileMasked).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(res.data.history).toEqual([expect.objectContaining({ action: '提交申请', by: null })]);
    expect((await fetch(server.url + res.data.company.licenceUrl)).status).toBe(200);
    expect(JSON.stringify(res.data)).not.toContain(LEGAL_ID.slice(0, 17));
  });

  it('approves once when clicked twice at the same moment: one store, one console account, the role supplier', async () => {
    const m = await member();
    await fullApplication(server, m.token, { storeName: '山野茶舍' });
    const id = await appId(m.token);
    const operatorsBefore = Number((await supplierTables(server))!.operators);
    const both = await Promise.all([
      server.api.post('/ops/supplier/application/approve', { json: { id }, ...ops(reviewer) }),
      server.api.post('/ops/supplier/application/approve', { json: { id }, ...ops(reviewer) }),
    ]);
    const done = both.filter((r) => r.code === 0);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ message: '已通过', data: { storeName: '山野茶舍' } });
    expect(both.find((r) => r.code !== 0)).toMatchObject({ code: Code.SUPPLIER_APPLICATION_STATE, message: '申请状态已变化，请刷新后重试' });

    const stores = await query<{ id: string; operator_id: string; store_name: string }>(server, sql`SELECT * FROM suppliers WHERE member_id = ${m.memberId}`);
    expect(stores).toHaveLength(1);
    expect(stores[0]!.id).toBe(done[0]!.data.supplierId);
    const [account] = await query<{ role_key: string; display_name: string; username: string }>(server, sql`SELECT * FROM operators WHERE id = ${stores[0]!.operator_id}`);
    expect(account).toMatchObject({ role_key: 'supplier', display_name: '山野茶舍' });
    expect(account!.username).toMatch(/^store_[0-9a-f]{8}$/);
    expect(Number((await supplierTables(server))!.operators)).toBe(operatorsBefore + 1);
    expect((await current(server.api, m.token)).data.roles).toContain('supplier');

    const view = (await server.api.get('/member/supplier/application', { token: m.token })).data;
    expect(view).toMatchObject({ status: 'APPROVED', supplier: { id: stores[0]!.id, storeName: '山野茶舍' } });
    const licence = await uploaded(server, m.token, 'licence');
    expect(await server.api.post('/member/supplier/application/company', { token: m.token, json: companyBody(licence) })).toMatchObject({
      code: Code.SUPPLIER_APPLICATION_STATE,
      message: '申请已通过，不能修改',
    });
    expect((await server.api.post('/member/supplier/application/submit', { token: m.token, json: {} })).code).toBe(Code.SUPPLIER_APPLICATION_STATE);
    // Rejecting or approving it again changes nothing.
    const after = await supplierTables(server);
    expect((await server.api.post('/ops/supplier/application/reject', { json: { id, reason: '重复' }, ...ops(reviewer) })).message).toBe('申请状态已变化，请刷新后重试');
    expect((await server.api.post('/ops/supplier/application/approve', { json: { id }, ...ops(reviewer) })).code).toBe(Code.SUPPLIER_APPLICATION_STATE);
    expect(await supplierTables(server)).toEqual(after);

    const audit = await query<{ action: string }>(server, sql`SELECT action FROM ops_audit_log WHERE object_id = ${id} ORDER BY id`);
    expect(audit.map((r) => r.action)).toEqual(['supplier.approve']);

    const storesPage = await server.api.get('/ops/supplier/page', { query: { keyword: '山野' }, ...ops(reviewer) });
    expect(storesPage.data.list).toEqual([
      expect.objectContaining({ id: stores[0]!.id, storeName: '山野茶舍', companyName: '杭州山野茶业有限公司', goodsCount: 0, status: 'ACTIVE' }),
    ]);
    expect(storesPage.data.list[0].memberMasked).toContain('****');
  });

  it('rejects with a reason; the member edits (still rejected, reason shown) and resubmits; drafts cannot be decided', async () => {
    const m = await member();
    await fullApplication(server, m.token, { storeName: '松间小筑', submit: false });
    const id = await appId(m.token);
    for (const path of ['approve', 'reject']) {
      const res = await server.api.post(`/ops/supplier/application/${path}`, { json: { id, reason: '资料不全' }, ...ops(reviewer) });
      expect(res).toMatchObject({ code: Code.SUPPLIER_APPLICATION_STATE, message: '申请状态已变化，请刷新后重试' });
    }
    await server.api.post('/member/supplier/application/submit', { token: m.token, json: {} });

    const before = await supplierTables(server);
    for (const reason of [undefined, '', '   ', 'x'.repeat(201), 42, ['a'], '\u0000坏']) {
      const res = await server.api.post('/ops/supplier/application/reject', { json: { id, reason }, ...ops(reviewer) });
      expect(res.code, String(reason)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/驳回原因/);
    }
    expect(await supplierTables(server)).toEqual(before);

    const rejected = await server.api.post('/ops/supplier/application/reject', { json: { id, reason: '  营业执照不清晰，请重新上传 ' }, ...ops(reviewer) });
    expect(rejected).toMatchObject({ code: 0, message: '已驳回' });
    const seen = (await server.api.get('/member/supplier/application', { token: m.token })).data;
    expect(seen).toMatchObject({ status: 'REJECTED', rejectReason: '营业执照不清晰，请重新上传' });
    expect(seen.reviewedAt).toBeTruthy();

    const edited = await server.api.post('/member/supplier/application/bank', { token: m.token, json: bankBody({ bankName: '中国建设银行' }) });
    expect(edited.data).toMatchObject({ status: 'REJECTED', rejectReason: '营业执照不清晰，请重新上传', bank: { bankName: '中国建设银行' } });
    const again = await server.api.post('/member/supplier/application/submit', { token: m.token, json: {} });
    expect(again.data).toMatchObject({ status: 'PENDING', rejectReason: null, reviewedAt: null });

    const detail = await server.api.get('/ops/supplier/application/detail', { query: { id }, ...ops(reviewer) });
    expect(detail.data.history.map((e: { action: string }) => e.action)).toEqual(['提交申请', '审核驳回', '提交申请']);
    expect(detail.data.history[1]).toMatchObject({ reason: '营业执照不清晰，请重新上传', by: '测试operations' });
    const audit = await query<{ action: string; reason: string }>(server, sql`SELECT action, reason FROM ops_audit_log WHERE object_id = ${id} ORDER BY id`);
    expect(audit).toEqual([{ action: 'supplier.reject', reason: '营业执照不清晰，请重新上传' }]);
  });

  it('re-checks the store name at approval: a name taken meanwhile refuses it and changes nothing', async () => {
    const [first, second] = [await member(), await member()];
    await fullApplication(server, first.token, { storeName: '听雨轩' });
    await fullApplication(server, second.token, { storeName: '观山阁' });
    const firstId = await appId(first.token);
    expect((await server.api.post('/ops/supplier/application/approve', { json: { id: firstId }, ...ops(reviewer) })).code).toBe(0);
    // As if the store had been renamed to the name under review since it was submitted.
    await query(server, sql`UPDATE suppliers SET store_name = '观山阁' WHERE member_id = ${first.memberId}`);
    const id = await appId(second.token);
    const before = await supplierTables(server);
    const res = await server.api.post('/ops/supplier/application/approve', { json: { id }, ...ops(reviewer) });
    expect(res).toMatchObject({ code: Code.SUPPLIER_STORE_NAME_TAKEN, message: '店铺名称已被使用' });
    expect(await supplierTables(server)).toEqual(before);
    expect((await current(server.api, second.token)).data.roles).not.toContain('supplier');
  });

  it('keeps the legal ID and the account number sealed to their member: they open with the right binding only', async () => {
    const m = await member();
    await fullApplication(server, m.token, { submit: false });
    const [row] = await query<{ legal_id_sealed: string; bank_account_sealed: string }>(
      server,
      sql`SELECT legal_id_sealed, bank_account_sealed FROM supplier_applications WHERE member_id = ${m.memberId}`,
    );
    const secrets = server.running.app.ctx.secrets;
    expect(openText(secrets, `supplier-legal:${m.memberId}`, row!.legal_id_sealed)).toBe(LEGAL_ID);
    expect(openText(secrets, `supplier-bank:${m.memberId}`, row!.bank_account_sealed)).toBe('6222021234567890123');
    expect(() => openText(secrets, `supplier-bank:${reviewer}`, row!.bank_account_sealed)).toThrow();
  });

  it.each([
    [{}, '请选择申请'],
    [{ id: 12 }, '申请不存在'],
    [{ id: 'abc' }, '申请不存在'],
    [{ id: "' OR 1=1 --" }, '申请不存在'],
    [{ id: '00000000-0000-4000-8000-000000000000' }, '申请不存在'],
  ])('refuses an approval of %j', async (json, message) => {
    const before = await supplierTables(server);
    const res = await server.api.post('/ops/supplier/application/approve', { json, ...ops(reviewer) });
    expect(res.code).not.toBe(0);
    expect(res.message).toBe(message);
    expect(await supplierTables(server)).toEqual(before);
  });

  it.each([
    [{ pageSize: 51 }, '每页条数'],
    [{ pageNum: -1 }, '页码'],
    [{ status: 'DRAFT' }, '申请状态'],
    [{ keyword: 'x'.repeat(51) }, '搜索关键词'],
  ])('refuses the list query %j', async (q, words) => {
    const res = await server.api.get('/ops/supplier/application/page', { query: q as Record<string, string>, ...ops(reviewer) });
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(res.message).toContain(words);
  });

  it('the system operator (ops token) may review too', async () => {
    const res = await server.api.get('/ops/supplier/page', asOps(OPS_TOKEN));
    expect(res.code).toBe(0);
  });
});
