/**
 * Bad input of every kind on the member's steps: each refused with a clear Chinese message naming the
 * field, and nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  CHINESE,
  HOSTILE,
  idNumber,
  memberIdOf,
  registeredMember,
  startOpsCatalogServer,
  withWrongCheck,
  type TestServer,
} from '../../test/kit/index.ts';
import {
  bankBody,
  companyBody,
  creditCode,
  OPS_TOKEN,
  storeBody,
  supplierTables,
  topCategoryIds,
  uploaded,
  withWrongCreditCheck,
} from './supplier-test-kit.ts';

let server: TestServer;
let close: () => Promise<void>;
let token: string;
let licence: string;
let logo: string;
let cats: number[];

beforeAll(async () => {
  const started = await startOpsCatalogServer(OPS_TOKEN, 5);
  server = started.server;
  close = started.close;
  const m = await registeredMember(server.api);
  token = m.accessToken;
  await memberIdOf(server.api, token);
  licence = await uploaded(server, token, 'licence');
  logo = await uploaded(server, token, 'logo');
  cats = (await topCategoryIds(server)).slice(0, 2);
  // Steps 1 and 2 saved, so the bank and store cases reach their own checks.
  expect((await server.api.post('/member/supplier/application/company', { token, json: companyBody(licence) })).code).toBe(0);
  expect((await server.api.post('/member/supplier/application/bank', { token, json: bankBody() })).code).toBe(0);
});
afterAll(() => close?.());

async function refused(step: string, json: unknown, words: string | RegExp) {
  const before = await supplierTables(server);
  const res = await server.api.post(`/member/supplier/application/${step}`, { token, json });
  expect(res.code, `${step} ${JSON.stringify(json).slice(0, 120)} → ${res.message}`).not.toBe(0);
  expect(res.status).toBe(200);
  expect(res.message).toMatch(CHINESE);
  if (typeof words === 'string') expect(res.message).toContain(words);
  else expect(res.message).toMatch(words);
  expect(await supplierTables(server)).toEqual(before);
  return res;
}

const omit = (o: Record<string, unknown>, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

describe('step 1 company', () => {
  const fields: [string, string][] = [
    ['companyName', '公司名称'],
    ['creditCode', '统一社会信用代码'],
    ['licenceImage', '营业执照'],
    ['legalName', '法人姓名'],
    ['legalIdNumber', '法人身份证号'],
    ['provinceCode', '所在省份'],
    ['cityCode', '所在城市'],
    ['districtCode', '所在区县'],
    ['addressDetail', '详细地址'],
    ['contactName', '联系人'],
    ['contactMobile', '联系手机'],
  ];
  it.each(fields)('a missing %s names it', async (key, label) => {
    await refused('company', omit(companyBody(licence), key), label);
  });
  it.each(fields)('a wrong-typed %s (number, array, object, boolean, null) is refused', async (key) => {
    for (const v of [HOSTILE.number, HOSTILE.array, HOSTILE.object, HOSTILE.bool, HOSTILE.huge]) {
      await refused('company', companyBody(licence, { [key]: v }), /./);
    }
  });

  it.each([
    ['companyName', 'x'.repeat(51), '公司名称不能超过 50 个字'],
    ['companyName', '公'.repeat(51), '公司名称不能超过 50 个字'],
    ['companyName', '公', '公司名称至少 2 个字'],
    ['companyName', HOSTILE.sql, '公司名称'],
    ['companyName', HOSTILE.script, '公司名称'],
    ['companyName', '山野😀茶业', '公司名称'],
    ['companyName', '山野\u0007茶业', '公司名称含有不允许的字符'],
    ['companyName', HOSTILE.long, '公司名称不能超过 50 个字'],
    ['creditCode', withWrongCreditCheck(creditCode()), '统一社会信用代码校验位不正确'],
    ['creditCode', creditCode().slice(0, 17), '18 位'],
    ['creditCode', 'I' + creditCode().slice(1), '统一社会信用代码'],
    ['creditCode', HOSTILE.sql, '统一社会信用代码'],
    ['creditCode', HOSTILE.long, '18 位'],
    ['licenceImage', '../../etc/passwd', '营业执照不正确'],
    ['licenceImage', '0'.repeat(32) + '.png', '营业执照不正确'],
    ['legalName', '王', '法人姓名至少 2 个字'],
    ['legalName', '王'.repeat(21), '法人姓名不能超过 20 个字'],
    ['legalName', '王小😀', '法人姓名只能包含'],
    ['legalName', HOSTILE.script, '法人姓名'],
    ['legalIdNumber', withWrongCheck(idNumber()), '校验位'],
    ['legalIdNumber', idNumber('990105'), '地区代码'],
    ['legalIdNumber', '１１０１０５１９４９１２３１００２Ｘ', '身份证'],
    ['legalIdNumber', HOSTILE.sql, '身份证'],
    ['provinceCode', '99', '所在省份不正确'],
    ['provinceCode', '-1', '所在省份不正确'],
    ['cityCode', '4403', '所在城市不正确'],
    ['districtCode', '330102999', '所在区县不正确'],
    ['districtCode', HOSTILE.sql, '所在区县不正确'],
    ['addressDetail', '路'.repeat(121), '详细地址不能超过 120 个字'],
    ['addressDetail', '   ', '请填写详细地址'],
    ['addressDetail', 'a\u0000b', '详细地址含有不允许的字符'],
    ['addressDetail', '龙井路\n18 号', '详细地址含有不允许的字符'],
    ['contactName', 'x'.repeat(21), '联系人不能超过 20 个字'],
    ['contactMobile', '12812345678', '联系手机格式不正确'],
    ['contactMobile', '1381234567', '联系手机格式不正确'],
    ['contactMobile', '+8613812345678', '联系手机格式不正确'],
    ['contactMobile', '１３８１２３４５６７８', '联系手机格式不正确'],
  ])('%s = %j is refused', async (key, value, words) => {
    await refused('company', companyBody(licence, { [key]: value }), words);
  });

  it('a body that is not an object is refused', async () => {
    for (const json of [null, [], 'x', 42]) await refused('company', json, /参数|请填写/);
  });
});

describe('step 2 bank', () => {
  it.each([
    [{ bankName: undefined }, '请填写开户银行'],
    [{ bankName: '工' }, '开户银行至少 2 个字'],
    [{ bankName: '工'.repeat(31) }, '开户银行不能超过 30 个字'],
    [{ bankName: HOSTILE.sql }, '开户银行'],
    [{ bankBranch: undefined }, '请填写开户支行'],
    [{ bankBranch: '支'.repeat(51) }, '开户支行不能超过 50 个字'],
    [{ bankBranch: HOSTILE.script }, '开户支行'],
    [{ bankAccount: undefined }, '请填写银行账号'],
    [{ bankAccount: '12345678901' }, '银行账号应为 12–30 位数字'],
    [{ bankAccount: '1'.repeat(31) }, '银行账号应为 12–30 位数字'],
    [{ bankAccount: '-6222021234567' }, '银行账号应为 12–30 位数字'],
    [{ bankAccount: '6222O21234567890' }, '银行账号应为 12–30 位数字'],
    [{ bankAccount: 622202123456789 }, '银行账号格式不正确'],
    [{ bankAccount: HOSTILE.long }, '银行账号'],
    [{ bankAccount: HOSTILE.sql }, '银行账号'],
  ])('%j is refused', async (over, words) => {
    await refused('bank', bankBody(over), words);
  });
});

describe('step 3 store', () => {
  it.each([
    [{ storeName: undefined }, '请填写店铺名称'],
    [{ storeName: '店' }, '店铺名称至少 2 个字'],
    [{ storeName: '店'.repeat(31) }, '店铺名称不能超过 30 个字'],
    [{ storeName: HOSTILE.sql }, '店铺名称'],
    [{ storeName: HOSTILE.script }, '店铺名称只能包含'],
    [{ storeName: HOSTILE.emoji }, '店铺名称只能包含'],
    [{ storeName: '山野\u200b茶舍' }, '店铺名称'],
    [{ storeLogo: undefined }, '请上传店铺 Logo'],
    [{ storeLogo: 'logo.png' }, '店铺 Logo 不正确'],
    [{ categoryIds: undefined }, '请选择经营类目'],
    [{ categoryIds: [] }, '请选择经营类目'],
    [{ categoryIds: 'abc' }, '经营类目格式不正确'],
    [{ categoryIds: [-1] }, '经营类目不存在'],
    [{ categoryIds: [0] }, '经营类目不存在'],
    [{ categoryIds: [2 ** 31] }, '经营类目不存在'],
    [{ categoryIds: [1.5] }, '经营类目必须是整数'],
    [{ categoryIds: ["1 OR 1=1"] }, '经营类目'],
    [{ categoryIds: [999_999] }, '经营类目不存在'],
    [{ categoryIds: Array.from({ length: 11 }, (_, i) => i + 1) }, '经营类目最多选择 10 个'],
    [{ storeDescription: '简'.repeat(501) }, '店铺简介不能超过 500 个字'],
    [{ storeDescription: 42 }, '店铺简介格式不正确'],
    [{ storeDescription: 'a\u0000b' }, '店铺简介含有不允许的字符'],
  ])('%j is refused', async (over, words) => {
    await refused('store', storeBody(logo, cats, over), words);
  });

  it('a repeated category, and a sub-category rather than a top-level one', async () => {
    await refused('store', storeBody(logo, [cats[0]!, cats[0]!]), '经营类目重复');
    const { query } = await import('../../test/kit/index.ts');
    const { sql } = await import('drizzle-orm');
    const [child] = await query<{ id: number }>(server, sql`SELECT id FROM categories WHERE parent_id IS NOT NULL LIMIT 1`);
    await refused('store', storeBody(logo, [Number(child!.id)]), '经营类目不存在');
  });

  it('a description keeps its line breaks; the trimmed values are what is saved', async () => {
    const res = await server.api.post('/member/supplier/application/store', {
      token,
      json: storeBody(logo, cats, { storeName: ' 山野 Tea（杭州）', storeDescription: ' 第一行\n第二行 ' }),
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.store).toMatchObject({ storeName: '山野 Tea（杭州）', storeDescription: '第一行\n第二行' });
  });
});

describe('submit', () => {
  it('ignores whatever body comes with it, but still checks the application', async () => {
    const res = await server.api.post('/member/supplier/application/submit', { token, json: { status: 'APPROVED', step: 9 } });
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('PENDING');
    expect((await server.api.post('/member/supplier/application/submit', { token, json: {} })).code).toBe(Code.SUPPLIER_APPLICATION_STATE);
  });
});
