/** 供应商入驻, the member's side over HTTP: the three steps, the pictures, submitting, and what is never shown. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  expectRefusal,
  GIF,
  memberIdOf,
  PNG,
  query,
  registeredMember,
  startOpsCatalogServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { licenceUrl } from './supplier-files.ts';
import {
  bankBody,
  companyBody,
  fullApplication,
  LEGAL_ID,
  OPS_TOKEN,
  storeBody,
  supplierTables,
  topCategoryIds,
  uploaded,
  uploadSupplierImage,
} from './supplier-test-kit.ts';

let server: TestServer;
let close: () => Promise<void>;
let a: { token: string; memberId: string };
let b: { token: string; memberId: string };
let cats: number[];

const member = async () => {
  const m = await registeredMember(server.api);
  return { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
};
const get = (token: string) => server.api.get('/member/supplier/application', { token });
const post = (token: string, step: string, json: unknown) =>
  server.api.post(`/member/supplier/application/${step}`, { token, json });

beforeAll(async () => {
  const started = await startOpsCatalogServer(OPS_TOKEN, 5);
  server = started.server;
  close = started.close;
  [a, b] = [await member(), await member()];
  cats = (await topCategoryIds(server)).slice(0, 3);
});
afterAll(() => close?.());

describe('signed out', () => {
  it('every member endpoint asks to sign in', async () => {
    expect((await server.api.get('/member/supplier/application')).code).toBe(Code.NOT_SIGNED_IN);
    expect((await server.api.post('/member/supplier/application/submit', { json: {} })).code).toBe(Code.NOT_SIGNED_IN);
    expect((await uploadSupplierImage(server, undefined, 'licence')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('the pictures', () => {
  it('the licence is private: served only through its 10-minute signed link', async () => {
    const up = await uploadSupplierImage(server, a.token, 'licence');
    expect(up).toMatchObject({ code: 0, message: '上传成功' });
    expect(up.data.url).toMatch(/^\/member\/supplier\/file\/[0-9a-f]{32}\.png\?exp=\d+&sig=[0-9a-f]{64}$/);
    const ok = await fetch(server.url + up.data.url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG)).toBe(true);

    const [path, q] = up.data.url.split('?') as [string, string];
    const params = new URLSearchParams(q);
    const sig = params.get('sig')!;
    const exp = params.get('exp')!;
    const tries = [
      path, // no signature
      `${path}?exp=${exp}&sig=${sig.replace(/^./, (c) => (c === '0' ? '1' : '0'))}`, // a changed signature
      `${path}?exp=${Number(exp) + 60}&sig=${sig}`, // a later expiry with the old signature
      `${path}?exp=${exp}&sig=' OR 1=1 --`,
      `/member/supplier/file/${up.data.name.replace(/^./, (c) => (c === '0' ? '1' : '0'))}?exp=${exp}&sig=${sig}`, // another name
      licenceUrl(server.running.app.ctx.secrets, up.data.name, Date.now() - 11 * 60_000), // expired a minute ago
    ];
    for (const url of tries) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(403);
      const body = (await res.json()) as { code: number; message: string };
      expect(body).toMatchObject({ code: Code.SUPPLIER_FILE_LINK_INVALID, message: '链接已失效，请刷新页面后重试' });
    }
    // Not at the public path either.
    expect((await fetch(`${server.url}/static/uploads/store-logos/${up.data.name}`)).status).toBe(404);
  });

  it('a logo is public at its stored path', async () => {
    const up = await uploadSupplierImage(server, a.token, 'logo');
    expect(up.code).toBe(0);
    expect(up.data.url).toBe(`/static/uploads/store-logos/${up.data.name}`);
    const res = await fetch(server.url + up.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('public');
  });

  it.each([
    ['a GIF', GIF, '只能上传 JPG、PNG 或 WebP 图片'],
    ['text named .png', Buffer.from('<?php echo 1; ?>'), '只能上传 JPG、PNG 或 WebP 图片'],
    ['an empty file', Buffer.alloc(0), '请选择要上传的图片'],
    ['over 5 MB', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]), '图片不能超过 5MB'],
  ])('refuses %s', async (_label, bytes, message) => {
    const res = await uploadSupplierImage(server, a.token, 'licence', bytes);
    expect(res).toMatchObject({ code: Code.UPLOAD_INVALID, message });
  });

  it.each([['avatar'], [''], ["licence' OR '1'='1"], ['营业执照']])('refuses the kind %j', async (kind) => {
    const res = await uploadSupplierImage(server, a.token, kind);
    expect(res.code).toBe(Code.BAD_REQUEST);
    expect(res.message).toMatch(/图片类型/);
  });
});

describe('the three steps', () => {
  it('no application yet: null, and the later steps and submit ask for the earlier ones', async () => {
    const m = await member();
    expect((await get(m.token)).data).toBeNull();
    const logo = await uploaded(server, m.token, 'logo');
    expectRefusal(await post(m.token, 'bank', bankBody()), Code.SUPPLIER_STEP_MISSING);
    expect((await post(m.token, 'bank', bankBody())).message).toBe('请先填写公司信息');
    expect((await post(m.token, 'store', storeBody(logo, cats))).message).toBe('请先填写银行账户信息');
    expect((await post(m.token, 'submit', {})).code).toBe(Code.SUPPLIER_STEP_MISSING);
    expect((await get(m.token)).data).toBeNull();
  });

  it('saves each step as a draft; the legal ID and account number never come back whole nor sit in clear', async () => {
    const licence = await uploaded(server, a.token, 'licence');
    const logo = await uploaded(server, a.token, 'logo');
    const one = await post(a.token, 'company', companyBody(licence, { companyName: '  杭州山野茶业有限公司 ', creditCode: companyBody('').creditCode.toLowerCase() }));
    expect(one.code, one.message).toBe(0);
    expect(one.message).toBe('公司信息已保存');
    expect(one.data).toMatchObject({
      status: 'DRAFT',
      step: 1,
      company: {
        companyName: '杭州山野茶业有限公司',
        creditCode: companyBody('').creditCode,
        licenceImage: licence,
        legalIdMasked: `${LEGAL_ID[0]}${'*'.repeat(16)}${LEGAL_ID[17]}`,
        regionText: '浙江省 杭州市 西湖区',
        contactMobile: '13812345678',
      },
      bank: null,
      store: null,
      supplier: null,
    });
    expect((await fetch(server.url + one.data.company.licenceUrl)).status).toBe(200);

    const two = await post(a.token, 'bank', bankBody());
    expect(two.data).toMatchObject({
      step: 2,
      bank: { accountName: '杭州山野茶业有限公司', bankName: '中国工商银行', accountMasked: '6222 **** **** 0123' },
    });
    const three = await post(a.token, 'store', storeBody(logo, cats.slice(0, 2)));
    expect(three.data).toMatchObject({
      status: 'DRAFT',
      step: 3,
      store: { storeName: '山野茶舍', storeLogo: logo, categoryIds: cats.slice(0, 2), storeDescription: '明前龙井，产地直发。' },
    });
    expect(three.data.store.categoryNames).toHaveLength(2);
    // Re-saving step 1 keeps the furthest step.
    expect((await post(a.token, 'company', companyBody(licence))).data.step).toBe(3);

    const reply = JSON.stringify((await get(a.token)).data);
    expect(reply).not.toContain(LEGAL_ID.slice(0, 17));
    expect(reply).not.toContain('62220212345678');
    const [row] = await query<Record<string, unknown>>(server, sql`SELECT * FROM supplier_applications WHERE member_id = ${a.memberId}`);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(LEGAL_ID.slice(0, 17));
    expect(stored).not.toContain('6222021234567890123');
  });

  it("a step cannot name another member's pictures", async () => {
    const m = await member();
    const theirs = await uploaded(server, b.token, 'licence');
    const res = await post(m.token, 'company', companyBody(theirs));
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message: '营业执照不正确，请重新上传' });
    const mine = await uploaded(server, m.token, 'licence');
    expect((await post(m.token, 'company', companyBody(mine))).code).toBe(0);
    await post(m.token, 'bank', bankBody());
    const theirLogo = await uploaded(server, b.token, 'logo');
    expect((await post(m.token, 'store', storeBody(theirLogo, cats))).message).toBe('店铺 Logo 不正确，请重新上传');
    // A licence is not a logo.
    expect((await post(m.token, 'store', storeBody(mine, cats))).message).toBe('店铺 Logo 不正确，请重新上传');
  });

  it('submits once, even when sent twice at the same moment; a pending application cannot be edited', async () => {
    const before = await supplierTables(server);
    const both = await Promise.all([post(a.token, 'submit', {}), post(a.token, 'submit', {})]);
    const done = both.filter((r) => r.code === 0);
    expect(done).toHaveLength(1);
    expect(done[0]!.message).toBe('已提交，请等待审核');
    expect(done[0]!.data).toMatchObject({ status: 'PENDING', rejectReason: null });
    expect(done[0]!.data.submittedAt).toBeTruthy();
    const refused = both.find((r) => r.code !== 0)!;
    expect(refused).toMatchObject({ code: Code.SUPPLIER_APPLICATION_STATE, message: '申请审核中，请勿重复提交' });
    const events = await query<{ n: number }>(server, sql`SELECT count(*)::int AS n FROM supplier_application_events e JOIN supplier_applications a ON a.id = e.application_id WHERE a.member_id = ${a.memberId}`);
    expect(events[0]!.n).toBe(1);
    expect(Number((await supplierTables(server))!.events)).toBe(Number(before!.events) + 1);

    const licence = await uploaded(server, a.token, 'licence');
    const pending = await supplierTables(server);
    for (const [step, body] of [
      ['company', companyBody(licence)],
      ['bank', bankBody()],
      ['store', storeBody(licence, cats)],
    ] as const) {
      const res = await post(a.token, step, body);
      if (step !== 'store') expect(res).toMatchObject({ code: Code.SUPPLIER_APPLICATION_STATE, message: '申请审核中，不能修改' });
    }
    expect(await supplierTables(server)).toEqual(pending);
  });
});

describe('store names', () => {
  it("are unique case-insensitively among stores and other members' applications under review", async () => {
    // a's 山野茶舍 is under review.
    const m = await member();
    const taken = await fullApplication(server, m.token, { storeName: '山野茶舍', submit: false }).catch((e: Error) => e);
    expect(taken).toBeInstanceOf(Error);
    const logo = await uploaded(server, m.token, 'logo');
    const res = await post(m.token, 'store', storeBody(logo, cats, { storeName: '  山野茶舍 ' }));
    expect(res).toMatchObject({ code: Code.SUPPLIER_STORE_NAME_TAKEN, message: '店铺名称已被使用' });

    const first = await member();
    await fullApplication(server, first.token, { storeName: 'Tea House' });
    const res2 = await post(m.token, 'store', storeBody(logo, cats, { storeName: 'TEA house' }));
    expect(res2.message).toBe('店铺名称已被使用');
    expect((await post(m.token, 'store', storeBody(logo, cats, { storeName: 'Tea House 2' }))).code).toBe(0);
  });

  it('a draft does not hold a name: whoever submits first has it, the other is told at submit', async () => {
    const [x, y] = [await member(), await member()];
    await fullApplication(server, x.token, { storeName: '竹林小铺', submit: false });
    await fullApplication(server, y.token, { storeName: '竹林小铺', submit: false });
    expect((await post(x.token, 'submit', {})).code).toBe(0);
    const late = await post(y.token, 'submit', {});
    expect(late).toMatchObject({ code: Code.SUPPLIER_STORE_NAME_TAKEN, message: '店铺名称已被使用' });
    expect((await get(y.token)).data.status).toBe('DRAFT');
  });
});
