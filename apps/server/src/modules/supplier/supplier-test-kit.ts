/** Factories of the supplier onboarding tests: valid codes, uploads, the three steps' bodies, a whole application. */
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { CREDIT_CODE_ALPHABET, creditCodeCheckCharacter } from '@mall/shared';
import { idNumber, JPEG, PNG, query, type TestServer } from '../../test/kit/index.ts';

export const OPS_TOKEN = 'supplier-test-ops-token-0123456789';

/** A valid 统一社会信用代码: 17 characters and their computed check character. */
export const creditCode = (body17 = '91330106MA2B3C4D5') => body17 + creditCodeCheckCharacter(body17);
export const withWrongCreditCheck = (code: string) =>
  code.slice(0, 17) + CREDIT_CODE_ALPHABET.split('').find((c) => c !== code[17])!;

export const LEGAL_ID = idNumber('330106', '19800101', '123');

export async function uploadSupplierImage(
  server: TestServer,
  token: string | undefined,
  kind: string,
  bytes: Buffer = PNG,
  filename = 'a.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/member/supplier/upload?kind=${encodeURIComponent(kind)}`, {
    method: 'POST',
    headers: token ? { Authorization: token } : {},
    body: form,
  });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: { name: string; url: string } }) };
}

export async function uploaded(server: TestServer, token: string, kind: 'licence' | 'logo') {
  const res = await uploadSupplierImage(server, token, kind, kind === 'logo' ? JPEG : PNG);
  expect(res.code, res.message).toBe(0);
  return res.data.name;
}

export const companyBody = (licenceImage: string, over: Record<string, unknown> = {}) => ({
  companyName: '杭州山野茶业有限公司',
  creditCode: creditCode(),
  licenceImage,
  legalName: '王建国',
  legalIdNumber: LEGAL_ID,
  provinceCode: '33',
  cityCode: '3301',
  districtCode: '330106',
  addressDetail: '龙井路 18 号',
  contactName: '李青',
  contactMobile: '13812345678',
  ...over,
});

export const bankBody = (over: Record<string, unknown> = {}) => ({
  bankName: '中国工商银行',
  bankBranch: '杭州西湖支行',
  bankAccount: '6222 0212 3456 7890 123',
  ...over,
});

/** Top-level category ids of the test catalogue. */
export async function topCategoryIds(server: TestServer): Promise<number[]> {
  const found = await query<{ id: number }>(server, sql`SELECT id FROM categories WHERE parent_id IS NULL ORDER BY id`);
  return found.map((r) => Number(r.id));
}

export const storeBody = (storeLogo: string, categoryIds: number[], over: Record<string, unknown> = {}) => ({
  storeName: '山野茶舍',
  storeLogo,
  categoryIds,
  storeDescription: '明前龙井，产地直发。',
  ...over,
});

let stores = 0;
/** All three steps saved (and submitted unless `submit: false`), answering the last reply. */
export async function fullApplication(
  server: TestServer,
  token: string,
  opts: { storeName?: string; submit?: boolean } = {},
) {
  const api = server.api;
  const licence = await uploaded(server, token, 'licence');
  const logo = await uploaded(server, token, 'logo');
  const cats = (await topCategoryIds(server)).slice(0, 2);
  stores += 1;
  const steps = [
    ['/member/supplier/application/company', companyBody(licence)],
    ['/member/supplier/application/bank', bankBody()],
    ['/member/supplier/application/store', storeBody(logo, cats, { storeName: opts.storeName ?? `测试店铺${process.pid % 1000}${stores}` })],
  ] as const;
  let last;
  for (const [path, json] of steps) {
    last = await api.post(path, { token, json });
    expect(last.code, last.message).toBe(0);
  }
  if (opts.submit === false) return last!;
  last = await api.post('/member/supplier/application/submit', { token, json: {} });
  expect(last.code, last.message).toBe(0);
  return last;
}

/** Everything onboarding writes, to show a refused request changed nothing. */
export async function supplierTables(server: TestServer) {
  const [row] = await query<Record<string, string>>(
    server,
    sql`SELECT (SELECT coalesce(json_agg(a ORDER BY a.id)::text, '[]') FROM supplier_applications a) AS applications,
               (SELECT coalesce(json_agg(s ORDER BY s.id)::text, '[]') FROM suppliers s) AS suppliers,
               (SELECT count(*) FROM supplier_application_events)::text AS events,
               (SELECT count(*) FROM operators)::text AS operators`,
  );
  return row;
}
