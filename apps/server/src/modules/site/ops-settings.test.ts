/**
 * 站点设置 over HTTP: every key with its value and default, changes checked by the same typed schema
 * the server reads with (each bad value refused with its Chinese message, nothing changed), audited
 * before → after, seen at once by the buyer's site/site and by checkout; pictures by magic bytes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import {
  startTestServer,
  type TestServer,
  GIF,
  JPEG,
  PNG,
  WEBP,
  asOps,
  bearer,
  makeOperator,
  buyer,
  buyNow,
  dbOf,
  makeGoods,
} from '../../test/kit/index.ts';
import { sweepOnce } from '../../flows/order-sweeper.ts';

const OPS_TOKEN = 'settings-ops-token-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  // The environment sets the defaults of the two trade settings.
  server = await startTestServer({ OPS_TOKEN, ORDER_PAY_MINUTES: '20', AUTO_RECEIVE_DAYS: '12', LOG_LEVEL: 'error' });
});
afterAll(() => server?.close());

const save = (key: unknown, value: unknown, headers = asOps(OPS_TOKEN)) =>
  server.api.post('/ops/settings/save', { json: value === undefined ? { key } : { key, value }, ...headers });

interface SettingView {
  key: string;
  value: unknown;
  default: unknown;
  stored: boolean;
  public: boolean;
}
async function settings(): Promise<Record<string, SettingView>> {
  const res = await server.api.get('/ops/settings', asOps(OPS_TOKEN));
  expect(res.code).toBe(0);
  return Object.fromEntries((res.data.settings as SettingView[]).map((s) => [s.key, s]));
}

async function uploadImage(bytes: Buffer, filename = 'icon.png', type = 'image/png', token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/ops/settings/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : { 'x-ops-token': OPS_TOKEN },
    body: form,
  });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: { url: string } }) };
}

describe('GET /ops/settings', () => {
  it('lists every key with its value and default; the trade keys default to the environment', async () => {
    const all = await settings();
    for (const key of [
      'siteName',
      'buyerIcon',
      'banners',
      'pinnedHotWords',
      'freight',
      'afterSaleDays',
      'orderPayMinutes',
      'autoReceiveDays',
      'defaultHomeVersion',
    ]) {
      expect(all[key], key).toBeDefined();
    }
    expect(all.orderPayMinutes).toMatchObject({ value: 20, default: 20, public: false });
    expect(all.autoReceiveDays).toMatchObject({ value: 12, default: 12, public: false });
    expect(all.defaultHomeVersion).toMatchObject({ value: 'new', default: 'new', public: true });
    expect(all.freight!.default).toEqual({ freeFromFen: 9900, feeFen: 1000 });
  });
});

describe('POST /ops/settings/save refuses bad values with the schema’s Chinese message', () => {
  const cases: [string, unknown, string | RegExp][] = [
    ['freight', { freeFromFen: 9900, feeFen: -1 }, '运费不能为负'],
    ['freight', { freeFromFen: -100, feeFen: 1000 }, '包邮门槛不能为负'],
    ['freight', { freeFromFen: 9900, feeFen: 10.5 }, '运费必须是整数（分）'],
    ['freight', { freeFromFen: 9900, feeFen: 3_000_000_000 }, '运费不能超过 1000 元'],
    ['freight', { freeFromFen: 1e12, feeFen: 1000 }, '包邮门槛不能超过 100 万元'],
    ['freight', { freeFromFen: '9900', feeFen: 1000 }, '包邮门槛格式不正确'],
    ['freight', 'free', '运费规则格式不正确'],
    ['orderPayMinutes', 0, '付款时限至少 1 分钟'],
    ['orderPayMinutes', -5, '付款时限至少 1 分钟'],
    ['orderPayMinutes', 1e9, '付款时限不能超过 1440 分钟（24 小时）'],
    ['orderPayMinutes', 2.5, '付款时限必须是整数（分钟）'],
    ['orderPayMinutes', '30', '付款时限格式不正确'],
    ['orderPayMinutes', null, '付款时限格式不正确'],
    ['autoReceiveDays', 0, '自动确认收货天数至少 1 天'],
    ['autoReceiveDays', 61, '自动确认收货天数不能超过 60 天'],
    ['autoReceiveDays', 1.5, '自动确认收货天数必须是整数（天）'],
    ['afterSaleDays', -1, '售后期限不能为负'],
    ['afterSaleDays', 366, '售后期限不能超过 365 天'],
    ['afterSaleDays', Number.MAX_SAFE_INTEGER, '售后期限不能超过 365 天'],
    ['buyerIcon', 'javascript:alert(1)', '浏览器图标必须是以 / 开头的站内路径或 https 地址'],
    ['buyerIcon', '//evil.example/icon.png', '浏览器图标必须是以 / 开头的站内路径或 https 地址'],
    ['buyerIcon', '/\\evil.example/icon.png', '浏览器图标必须是以 / 开头的站内路径或 https 地址'],
    ['buyerIcon', 'http://evil.example/icon.png', '浏览器图标必须是以 / 开头的站内路径或 https 地址'],
    ['buyerIcon', '/icon.png" onerror="alert(1)', '浏览器图标必须是以 / 开头的站内路径或 https 地址'],
    ['buyerIcon', '', '请填写浏览器图标'],
    ['buyerIcon', `/${'a'.repeat(600)}`, '浏览器图标不能超过 500 个字符'],
    ['buyerIcon', 42, '浏览器图标格式不正确'],
    ['banners', Array.from({ length: 11 }, () => ({ image: '/static/a.png' })), '轮播图最多 10 张'],
    [
      'banners',
      [{ image: '/static/a.png', link: 'javascript:alert(1)' }],
      '第 1 项：轮播图链接必须是以 / 开头的站内路径或 https 地址',
    ],
    ['banners', [{ image: '/static/a.png' }, { image: '' }], '第 2 项：请填写轮播图图片'],
    ['banners', [{ image: '/static/a.png', title: '标'.repeat(31) }], '第 1 项：轮播图标题不能超过 30 个字符'],
    ['banners', { image: '/static/a.png' }, '轮播图格式不正确'],
    ['pinnedHotWords', Array.from({ length: 11 }, (_, i) => `词${i}`), '置顶热词最多 10 个'],
    ['pinnedHotWords', ['  '], '第 1 项：置顶热词不能为空'],
    ['pinnedHotWords', ['词'.repeat(21)], '第 1 项：置顶热词不能超过 20 个字符'],
    ['defaultHomeVersion', 'beta', '默认首页只能是新版或旧版'],
    ['siteName', '', '请填写商城名称'],
    ['siteName', '名'.repeat(31), '商城名称不能超过 30 个字符'],
    ['servicePhone', "400' OR 1=1", '客服电话格式不正确'],
  ];

  it.each(cases)('%s = %j → %s', async (key, value, message) => {
    const before = await settings();
    const res = await save(key, value);
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, success: false });
    expect(res.message).toEqual(message);
    const after = await settings();
    expect(after[key]).toEqual(before[key]);
  });

  it('refuses an unknown, missing or wrong-typed key and a missing value', async () => {
    expect((await save('paymentSecret', 'x')).message).toBe('设置项不存在');
    expect((await save('__proto__', {})).message).toBe('设置项不存在');
    expect((await save('k'.repeat(10_000), 1)).message).toBe('设置项不存在');
    expect((await save(undefined, 1)).message).toBe('请选择设置项');
    expect((await save(42, 1)).message).toBe('设置项格式不正确');
    expect((await save('orderPayMinutes', undefined)).message).toBe('请填写设置值');
    const raw = await server.api.post('/ops/settings/save', {
      rawBody: '[1,2]',
      headers: { ...asOps(OPS_TOKEN).headers, 'content-type': 'application/json' },
    });
    expect(raw.code).toBe(Code.BAD_REQUEST);
  });
});

describe('a saved setting', () => {
  it('buyerIcon: GET /member/site/site answers the new one at once, and the audit log has before → after', async () => {
    const before = (await server.api.get('/member/site/site')).data.buyerIcon;
    const res = await save('buyerIcon', '/static/site/favicon-new.png');
    expect(res).toMatchObject({
      code: 0,
      message: '设置已保存',
      data: { key: 'buyerIcon', value: '/static/site/favicon-new.png' },
    });
    expect((await server.api.get('/member/site/site')).data.buyerIcon).toBe('/static/site/favicon-new.png');

    const log = await server.api.get('/ops/audit/page', {
      query: { action: 'settings.save', objectId: 'buyerIcon' },
      ...asOps(OPS_TOKEN),
    });
    expect(log.data.list[0]).toMatchObject({
      objectType: 'settings',
      objectId: 'buyerIcon',
      changes: [{ field: 'buyerIcon', before, after: '/static/site/favicon-new.png' }],
    });
    await save('buyerIcon', before);
  });

  it('defaultHomeVersion, banners and hot words reach the buyer’s site/site; unicode and quotes kept as text', async () => {
    expect((await save('defaultHomeVersion', 'old')).code).toBe(0);
    const banners = [
      { image: '/static/uploads/site/a.png', link: '/goods/1', title: '春季上新 🌸' },
      { image: 'https://img.example.com/b.jpg', title: "<b>'引号'</b>" },
    ];
    expect((await save('banners', banners)).code).toBe(0);
    expect((await save('pinnedHotWords', ['  手机 ', "'; DROP TABLE x;--"])).code).toBe(0);
    const site = (await server.api.get('/member/site/site')).data;
    expect(site.defaultHomeVersion).toBe('old');
    expect(site.banners).toEqual(banners);
    expect(site.pinnedHotWords).toEqual(['手机', "'; DROP TABLE x;--"]);
    await save('defaultHomeVersion', 'new');
    await save('banners', []);
    await save('pinnedHotWords', []);
  });

  it('orderPayMinutes: a new order’s pay deadline follows it; the checkout page says so', async () => {
    const db = dbOf(server);
    const goods = await makeGoods(db, { priceFen: 1000, stock: 10 });
    const b = await buyer(server.api);

    const first = await buyNow(server.api, b, goods.skuId);
    expect(first.code).toBe(0);
    const envDeadline = Date.parse(first.data.payDeadline) - Date.now();
    expect(envDeadline).toBeGreaterThan(19 * 60_000);
    expect(envDeadline).toBeLessThanOrEqual(20 * 60_000);

    expect((await save('orderPayMinutes', 5)).code).toBe(0);
    const startedAt = Date.now();
    const second = await buyNow(server.api, b, goods.skuId);
    expect(second.code).toBe(0);
    const deadline = Date.parse(second.data.payDeadline) - startedAt;
    expect(deadline).toBeGreaterThan(4 * 60_000);
    expect(deadline).toBeLessThanOrEqual(5 * 60_000 + 2_000);
    const quote = await server.api.post('/member/trade/checkout/quote', {
      token: b.token,
      json: { buyNow: { skuId: goods.skuId, quantity: 1 } },
    });
    expect(quote.data.payMinutes).toBe(5);

    // Back to the environment's value.
    expect((await save('orderPayMinutes', 20)).code).toBe(0);
  });

  it('autoReceiveDays: the sweeper confirms receipt of orders shipped that many days ago', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const goods = await makeGoods(db, { priceFen: 800, stock: 10 });
    const placed = await buyNow(server.api, b, goods.skuId);
    const orderNo = placed.data.orderNo as string;
    // Paid and shipped 5 days ago (set up directly; the trade tests cover how an order gets there).
    await db.execute(sql`UPDATE orders SET status = 'PENDING_RECEIPT', paid_at = now(),
      shipped_at = now() - make_interval(days => 5) WHERE order_no = ${orderNo}`);
    const status = async () =>
      (await rows<{ status: string }>(db, sql`SELECT status FROM orders WHERE order_no = ${orderNo}`))[0]!.status;

    await sweepOnce(server.running.app.ctx); // the environment's 12 days: not yet
    expect(await status()).toBe('PENDING_RECEIPT');
    expect((await save('autoReceiveDays', 5)).code).toBe(0);
    await sweepOnce(server.running.app.ctx);
    expect(await status()).toBe('COMPLETED');
    const events = await rows<{ note: string }>(
      db,
      sql`SELECT e.note FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_no = ${orderNo} AND e.to_status = 'COMPLETED'`,
    );
    expect(events[0]!.note).toBe('发货 5 天后系统自动确认收货');
    await save('autoReceiveDays', 12);
  });

  it('is refused to an operator without settings:edit (客服), and allowed to 运营', async () => {
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    expect((await server.api.get('/ops/settings', bearer(service.token))).code).toBe(Code.FORBIDDEN);
    expect((await save('siteName', '客服改名', bearer(service.token))).code).toBe(Code.FORBIDDEN);
    expect((await uploadImage(PNG, 'a.png', 'image/png', service.token)).code).toBe(Code.FORBIDDEN);
    expect((await server.api.get('/member/site/site')).data.siteName).not.toBe('客服改名');

    const ops = await makeOperator(server.api, OPS_TOKEN, 'operations');
    expect((await save('siteName', '紫藤好物', bearer(ops.token))).code).toBe(0);
    expect((await server.api.get('/member/site/site')).data.siteName).toBe('紫藤好物');
    const log = await server.api.get('/ops/audit/page', { query: { operator: ops.username }, ...asOps(OPS_TOKEN) });
    expect(log.data.list[0]).toMatchObject({
      action: 'settings.save',
      changes: [{ field: 'siteName', after: '紫藤好物' }],
    });
    await save('siteName', '优选商城');
  });

  it('saving the same value again succeeds with nothing to record as changed', async () => {
    const current = (await settings()).afterSaleDays!.value;
    const res = await save('afterSaleDays', current);
    expect(res.code).toBe(0);
    const log = await server.api.get('/ops/audit/page', { query: { objectId: 'afterSaleDays' }, ...asOps(OPS_TOKEN) });
    expect(log.data.list[0].changes).toEqual([]);
  });
});

describe('POST /ops/settings/upload', () => {
  it('stores a PNG, JPEG or WebP under a server-made name, served publicly as that type', async () => {
    for (const [bytes, mime] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The declared name and type are ignored: the bytes decide.
      const res = await uploadImage(bytes, '../../evil.svg', 'image/svg+xml');
      expect(res).toMatchObject({ code: 0, message: '上传成功' });
      expect(res.data.url).toMatch(/^\/static\/uploads\/site\/[0-9a-f]{32}\.(png|jpg|webp)$/);
      const file = await fetch(new URL(res.data.url, server.url));
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(mime);
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('becomes the buyer’s icon when saved as buyerIcon', async () => {
    const up = await uploadImage(PNG);
    expect((await save('buyerIcon', up.data.url)).code).toBe(0);
    expect((await server.api.get('/member/site/site')).data.buyerIcon).toBe(up.data.url);
    await save('buyerIcon', '/static/site/favicon.svg');
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, an empty or over-5 MB file, and a non-multipart call', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect(await uploadImage(svg, 'icon.png', 'image/png')).toMatchObject({
      code: Code.UPLOAD_INVALID,
      message: '只能上传 JPG、PNG 或 WebP 图片',
    });
    expect(await uploadImage(GIF)).toMatchObject({
      code: Code.UPLOAD_INVALID,
      message: '只能上传 JPG、PNG 或 WebP 图片',
    });
    expect(await uploadImage(Buffer.alloc(0))).toMatchObject({
      code: Code.UPLOAD_INVALID,
      message: '请选择要上传的图片',
    });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await uploadImage(big)).toMatchObject({ code: Code.UPLOAD_INVALID, message: '图片不能超过 5MB' });
    const json = await server.api.post('/ops/settings/upload', { json: { file: 'x' }, ...asOps(OPS_TOKEN) });
    expect(json).toMatchObject({ code: Code.UPLOAD_INVALID, message: '请选择要上传的图片' });
  });

  it('answers 404 for names it did not make', async () => {
    for (const name of ['nothere.png', '..%2F..%2Fconfig.ts', `${'a'.repeat(32)}.png`, `${'a'.repeat(32)}.svg`]) {
      const res = await fetch(`${server.url}/static/uploads/site/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});
