import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import { HOSTILE_VALUES, PNG, asOps, dbOf, expectRefusal, makeGoods, smsSignIn, startTestServer, uploadGoodsImage, type TestServer } from '../../test/kit/index.ts';
import { makeTemplate } from '../coupons/coupons-test-kit.ts';
import { signPreview, PREVIEW_TTL_MS } from './activity-pages-rules.ts';

/**
 * 活动页面 over HTTP: the console builds a page from sections (each checked, references must exist),
 * previews it through a signed link, publishes it once and takes it offline; buyers read a published
 * page with live goods cards, coupons and countdowns. Bad input is refused in Chinese, nothing changed.
 */
const OPS_TOKEN = 'activity-pages-ops-token-0123456789ab';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/activityPage/${path}`, { json, ...asOps(OPS_TOKEN) });
const opsGet = (path: string, query: Record<string, string | number>) =>
  server.api.get(`/ops/promotion/activityPage/${path}`, { query, ...asOps(OPS_TOKEN) });
const buyerGet = (query: Record<string, string | number>, token?: string) =>
  server.api.get('/member/activity/page', { query: query as Record<string, string>, ...(token ? { token } : {}) });
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const pageRows = async () => rows<Record<string, unknown>>(db(), sql`SELECT * FROM activity_pages ORDER BY id`);

async function flashSale(title: string, o: { schedule?: boolean; startsIn?: number } = {}) {
  const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
  const made = await server.api.post('/ops/promotion/activity/create', {
    json: { kind: 'FLASH_SALE', title, startsAt: inMinutes(o.startsIn ?? -1), endsAt: inMinutes(60), perMemberLimit: 2, skus: [{ skuId: g.skuId, priceFen: 990, stock: 10 }] },
    ...asOps(OPS_TOKEN),
  });
  expect(made.code, made.message).toBe(0);
  const id = made.data.id as number;
  if (o.schedule !== false) expect((await server.api.post('/ops/promotion/activity/schedule', { json: { id }, ...asOps(OPS_TOKEN) })).code).toBe(0);
  return { id, goods: g };
}

async function bannerImage() {
  const up = await uploadGoodsImage(server, OPS_TOKEN, PNG);
  expect(up.code, up.message).toBe(0);
  return up.data.url;
}

describe('activity pages in the console and for buyers', () => {
  test('built from sections, previewed as a draft, published once, read by buyers with every section resolved, taken offline', async () => {
    const flash = await flashSale('十点秒杀');
    const coupon = await makeTemplate(db(), { name: '活动页满100减10' });
    const image = await bannerImage();
    const body = {
      title: '双十二狂欢',
      shareSubtitle: '好物低至 1 折',
      sections: [
        { type: 'banner', image, link: '/goodsDetail?goodsId=1' },
        { type: 'countdown', activityId: flash.id, label: '距本场结束' },
        { type: 'goods', activityId: flash.id, title: '限时秒杀' },
        { type: 'coupons', couponIds: [coupon.id] },
        { type: 'richText', blocks: [{ type: 'heading', text: '活动规则' }, { type: 'paragraph', text: '<b>每人限购 2 件</b>' }] },
      ],
    };
    const made = await ops('create', body);
    expect(made).toMatchObject({ code: 0, message: '活动页面已创建（草稿），预览无误后上线' });
    expect(made.data).toMatchObject({ title: '双十二狂欢', status: 'DRAFT', statusText: '草稿', actions: ['update', 'publish'] });
    expect(made.data.sections).toHaveLength(5);
    const id = made.data.id as number;

    // A draft is not for buyers…
    expectRefusal(await buyerGet({ id }), Code.ACTIVITY_PAGE_NOT_FOUND);
    expect((await buyerGet({ id })).message).toBe('活动页面不存在或已下线');
    // …except through the console's preview link.
    const link = await ops('previewToken', { id });
    expect(link.code, link.message).toBe(0);
    expect(link.data.path).toBe(`/activity/${id}?preview=${encodeURIComponent(link.data.token)}`);
    expect(Date.parse(link.data.expiresAt) - Date.now()).toBeGreaterThan(9 * MINUTE);
    const preview = await buyerGet({ id, preview: link.data.token });
    expect(preview.code, preview.message).toBe(0);
    expect(preview.data).toMatchObject({ id, title: '双十二狂欢', preview: true, status: 'DRAFT' });
    expect(preview.data.sections.map((s: { type: string }) => s.type)).toEqual(['banner', 'countdown', 'goods', 'coupons', 'richText']);

    const published = await ops('publish', { id });
    expect(published).toMatchObject({ code: 0, message: '活动页面已上线' });
    expect(published.data).toMatchObject({ status: 'PUBLISHED', statusText: '已上线', actions: ['offline'] });
    expect(published.data.publishedAt).toBeTruthy();
    // Publishing twice changes nothing.
    const again = await ops('publish', { id });
    expectRefusal(again, Code.ACTIVITY_PAGE_STATE);
    expect(again.message).toBe('活动页面已上线');

    const page = await buyerGet({ id });
    expect(page.code, page.message).toBe(0);
    expect(page.data).toMatchObject({ preview: false, status: 'PUBLISHED', shareSubtitle: '好物低至 1 折' });
    expect(Math.abs(Date.parse(page.data.now) - Date.now())).toBeLessThan(MINUTE);
    const [banner, countdown, goods, coupons, text] = page.data.sections;
    expect(banner).toEqual({ type: 'banner', image, link: '/goodsDetail?goodsId=1' });
    expect(countdown).toMatchObject({ type: 'countdown', label: '距本场结束', activity: { activityId: flash.id, title: '十点秒杀', phase: 'RUNNING', phaseText: '进行中', kindText: '秒杀' } });
    expect(goods).toMatchObject({ type: 'goods', title: '限时秒杀' });
    expect(goods.goods[0]).toMatchObject({ activityId: flash.id, skuId: flash.goods.skuId, usualPriceFen: 5900, activityPriceFen: 990, soldPercent: 0, phaseText: '进行中' });
    expect(coupons.coupons[0]).toMatchObject({ templateId: coupon.id, name: '活动页满100减10', state: 'CLAIMABLE', claimedByMe: 0 });
    // Text stays text: what looks like markup comes back as the characters typed.
    expect(text.blocks[1]).toEqual({ type: 'paragraph', text: '<b>每人限购 2 件</b>' });

    // A signed-in member who claimed the coupon sees it as 已领取.
    const member = await smsSignIn(server.api);
    expect((await server.api.post('/member/promotion/coupon/claim', { token: member.accessToken, json: { templateId: coupon.id } })).code).toBe(0);
    const mine = await buyerGet({ id }, member.accessToken);
    expect(mine.data.sections[3].coupons[0]).toMatchObject({ state: 'CLAIMED', claimedByMe: 1 });

    // A live page is not edited in place.
    const edit = await ops('update', { id, ...body, title: '改标题' });
    expectRefusal(edit, Code.ACTIVITY_PAGE_STATE);
    expect(edit.message).toBe('活动页面已上线，请先下线再编辑');

    const off = await ops('offline', { id });
    expect(off).toMatchObject({ code: 0, message: '活动页面已下线' });
    expect(off.data).toMatchObject({ status: 'OFFLINE', actions: ['update', 'publish'] });
    expectRefusal(await ops('offline', { id }), Code.ACTIVITY_PAGE_STATE);
    expectRefusal(await buyerGet({ id }), Code.ACTIVITY_PAGE_NOT_FOUND);
    // Offline, it may be edited (its banner kept as it was) and published again.
    const saved = await ops('update', { id, ...body, title: '双十二返场' });
    expect(saved).toMatchObject({ code: 0, message: '活动页面已保存' });
    expect((await ops('publish', { id })).code).toBe(0);
    expect((await buyerGet({ id })).data.title).toBe('双十二返场');

    const detail = await opsGet('detail', { id });
    expect(detail.data).toMatchObject({ id, title: '双十二返场', status: 'PUBLISHED' });
    const list = await opsGet('page', { status: 'PUBLISHED' });
    expect(list.data.list.map((p: { id: number }) => p.id)).toContain(id);
    expect((await opsGet('page', { status: 'DRAFT' })).data.list.map((p: { id: number }) => p.id)).not.toContain(id);

    const audits = await rows<{ action: string }>(db(), sql`SELECT action FROM ops_audit_log WHERE object_type = 'activityPage' AND object_id = ${String(id)} ORDER BY id`);
    expect(audits.map((a) => a.action)).toEqual([
      'activityPage.create',
      'activityPage.publish',
      'activityPage.offline',
      'activityPage.update',
      'activityPage.publish',
    ]);
  });

  test('concurrent 上线 of one draft: exactly one succeeds', async () => {
    const made = await ops('create', { title: '并发上线', sections: [] });
    const id = made.data.id as number;
    const replies = await Promise.all(Array.from({ length: 6 }, () => ops('publish', { id })));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 0)) expect(r.code).toBe(Code.ACTIVITY_PAGE_STATE);
    const [row] = await rows<{ status: string }>(db(), sql`SELECT status FROM activity_pages WHERE id = ${id}`);
    expect(row!.status).toBe('PUBLISHED');
  });

  test('sections whose activity is a draft or cancelled, or whose coupons are all stopped, are left out for buyers', async () => {
    const flash = await flashSale('将取消', { startsIn: 30 });
    const coupon = await makeTemplate(db(), { name: '将停发' });
    const id = (await ops('create', { title: '会变化的页面', sections: [
      { type: 'countdown', activityId: flash.id, label: '距开始' },
      { type: 'coupons', couponIds: [coupon.id] },
      { type: 'richText', blocks: [{ type: 'paragraph', text: '正文' }] },
    ] })).data.id as number;
    await ops('publish', { id });
    const before = await buyerGet({ id });
    expect(before.data.sections.map((s: { type: string }) => s.type)).toEqual(['countdown', 'coupons', 'richText']);
    expect(before.data.sections[0].activity).toMatchObject({ phase: 'UPCOMING', phaseText: '即将开始' });
    expect((await server.api.post('/ops/promotion/activity/cancel', { json: { id: flash.id }, ...asOps(OPS_TOKEN) })).code).toBe(0);
    await dbOf(server).execute(sql`UPDATE coupon_templates SET status = 'STOPPED' WHERE id = ${coupon.id}`);
    const after = await buyerGet({ id });
    expect(after.data.sections.map((s: { type: string }) => s.type)).toEqual(['richText']);
  });
});

describe('the preview token', () => {
  test('valid only for its page, untampered and within 10 minutes', async () => {
    const a = (await ops('create', { title: '预览甲', sections: [] })).data.id as number;
    const b = (await ops('create', { title: '预览乙', sections: [] })).data.id as number;
    const key = server.running.app.ctx.secrets.dataKey;
    const token = (await ops('previewToken', { id: a })).data.token as string;
    expect((await buyerGet({ id: a, preview: token })).data).toMatchObject({ id: a, preview: true });

    // Made for another page.
    const other = await buyerGet({ id: b, preview: token });
    expectRefusal(other, Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    expect(other.message).toBe('预览链接无效或已过期，请在管理后台重新预览');
    // Tampered: one character of the signature, or the expiry moved.
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expectRefusal(await buyerGet({ id: a, preview: flipped }), Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    const [exp, mac] = token.split('.');
    expectRefusal(await buyerGet({ id: a, preview: `${Number(exp) + 1000}.${mac}` }), Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    // Expired: signed 11 minutes ago with the server's own key.
    const old = signPreview(key, a, Date.now() - PREVIEW_TTL_MS - MINUTE).token;
    expectRefusal(await buyerGet({ id: a, preview: old }), Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    // Signed with another key.
    const forged = signPreview(Buffer.alloc(32, 7), a, Date.now()).token;
    expectRefusal(await buyerGet({ id: a, preview: forged }), Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    for (const bad of ['', 'x', "' OR '1'='1", '<script>', 'y'.repeat(201)]) {
      const r = await buyerGet({ id: a, preview: bad });
      expect(r.code, bad).not.toBe(0);
    }
    // A token for a page that does not exist is not made.
    expectRefusal(await ops('previewToken', { id: 99_999_999 }), Code.ACTIVITY_PAGE_NOT_FOUND);
    // Buyers cannot get one.
    const member = await smsSignIn(server.api);
    const res = await server.api.post('/ops/promotion/activityPage/previewToken', { json: { id: a }, token: member.accessToken });
    expect(res.code).not.toBe(0);
  });
});

describe('bad input', () => {
  test('each refused with a Chinese message naming the section, nothing saved', async () => {
    const flash = await flashSale('坏输入用');
    const draft = await flashSale('草稿活动', { schedule: false });
    const cancelled = await flashSale('已取消活动', { startsIn: 30 });
    await server.api.post('/ops/promotion/activity/cancel', { json: { id: cancelled.id }, ...asOps(OPS_TOKEN) });
    const grant = await makeTemplate(db(), { name: '只能发放', channel: 'GRANT' });
    const stopped = await makeTemplate(db(), { name: '停发的券', status: 'STOPPED' });
    const image = await bannerImage();
    const ok = { type: 'richText', blocks: [{ type: 'paragraph', text: '正文' }] };
    const cases: [unknown, string][] = [
      [{}, '请填写页面标题'],
      [{ title: '', sections: [] }, '请填写页面标题'],
      [{ title: 123, sections: [] }, '页面标题格式不正确'],
      [{ title: '长'.repeat(31), sections: [] }, '页面标题不能超过 30 个字符'],
      [{ title: '标题', shareSubtitle: '副'.repeat(61), sections: [] }, '分享副标题不能超过 60 个字符'],
      [{ title: '标题' }, '板块格式不正确'],
      [{ title: '标题', sections: 'banner' }, '板块格式不正确'],
      [{ title: '标题', sections: Array.from({ length: 21 }, () => ok) }, '一个活动页面最多 20 个板块'],
      [{ title: '标题', sections: [ok, { type: 'video', src: 'x' }] }, '第 2 个板块：板块类型不正确，只能是 banner / countdown / goods / coupons / richText'],
      [{ title: '标题', sections: ['banner'] }, '第 1 个板块：板块格式不正确'],
      [{ title: '标题', sections: [{ type: 'banner' }] }, '第 1 个板块：请填写横幅图片'],
      [{ title: '标题', sections: [{ type: 'banner', image, link: 'https://evil.example/x' }] }, '第 1 个板块：横幅链接只能是以 / 开头的站内路径，例如 /goodsDetail?goodsId=1'],
      [{ title: '标题', sections: [{ type: 'banner', image, link: 'javascript:alert(1)' }] }, '第 1 个板块：横幅链接只能是以 / 开头的站内路径，例如 /goodsDetail?goodsId=1'],
      [{ title: '标题', sections: [{ type: 'banner', image, link: '//evil.example/x' }] }, '第 1 个板块：横幅链接只能是以 / 开头的站内路径，例如 /goodsDetail?goodsId=1'],
      [{ title: '标题', sections: [{ type: 'banner', image, link: '/\\evil.example' }] }, '第 1 个板块：横幅链接只能是以 / 开头的站内路径，例如 /goodsDetail?goodsId=1'],
      [{ title: '标题', sections: [{ type: 'banner', image: 'https://evil.example/a.png' }] }, '第 1 个板块：横幅图片不存在或已失效，请重新上传'],
      [{ title: '标题', sections: [{ type: 'banner', image: '/static/uploads/goods/0123456789abcdef0123456789abcdef.png' }] }, '第 1 个板块：横幅图片不存在或已失效，请重新上传'],
      [{ title: '标题', sections: [{ type: 'banner', image, onclick: 'x' }] }, '第 1 个板块：横幅板块格式不正确'],
      [{ title: '标题', sections: [ok, { type: 'countdown', activityId: 99_999_999, label: '倒计时' }] }, '第 2 个板块：活动不存在'],
      [{ title: '标题', sections: [{ type: 'goods', activityId: cancelled.id, title: '商品' }] }, '第 1 个板块：活动“已取消活动”已取消'],
      [{ title: '标题', sections: [{ type: 'goods', activityId: -1, title: '商品' }] }, '第 1 个板块：商品板块的活动不能小于 1'],
      [{ title: '标题', sections: [{ type: 'goods', activityId: 'abc', title: '商品' }] }, '第 1 个板块：商品板块的活动必须是整数'],
      [{ title: '标题', sections: [{ type: 'goods', activityId: 1e12, title: '商品' }] }, '第 1 个板块：商品板块的活动不能大于 2147483647'],
      [{ title: '标题', sections: [{ type: 'goods', activityId: flash.id }] }, '第 1 个板块：请填写商品板块标题'],
      [{ title: '标题', sections: [{ type: 'countdown', activityId: flash.id, label: '长'.repeat(21) }] }, '第 1 个板块：倒计时标题不能超过 20 个字符'],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: [] }] }, '第 1 个板块：请选择优惠券'],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: Array.from({ length: 9 }, (_, i) => i + 1) }] }, '第 1 个板块：一个优惠券板块最多 8 张优惠券'],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: [stopped.id, stopped.id] }] }, '第 1 个板块：优惠券有重复'],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: [99_999_999] }] }, '第 1 个板块：优惠券（编号 99999999）不存在或不能在活动页领取'],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: [grant.id] }] }, `第 1 个板块：优惠券（编号 ${grant.id}）不存在或不能在活动页领取`],
      [{ title: '标题', sections: [{ type: 'coupons', couponIds: [stopped.id] }] }, '第 1 个板块：优惠券“停发的券”已停止发放或已过期'],
      [{ title: '标题', sections: [{ type: 'richText', blocks: [] }] }, '第 1 个板块：请填写至少一段文字'],
      [{ title: '标题', sections: [{ type: 'richText', blocks: [{ type: 'html', text: '<p>' }] }] }, '第 1 个板块：段落类型取值不正确'],
      [{ title: '标题', sections: [{ type: 'richText', blocks: [{ type: 'paragraph', text: '字'.repeat(501) }] }] }, '第 1 个板块：段落文字不能超过 500 个字符'],
      [{ title: '标题', sections: [{ type: 'richText', blocks: Array.from({ length: 21 }, () => ({ type: 'paragraph', text: '段' })) }] }, '第 1 个板块：一个图文说明板块最多 20 段文字'],
      [{ title: '标题', sections: [{ type: 'richText', blocks: [{ type: 'paragraph', text: 'a\u0000b' }] }] }, '第 1 个板块：段落文字含有不允许的字符'],
    ];
    const before = await pageRows();
    for (const [body, message] of cases) {
      const res = await ops('create', body);
      expect({ code: res.code, message: res.message }, JSON.stringify(body).slice(0, 120)).toEqual({ code: Code.BAD_REQUEST, message });
    }
    for (const v of HOSTILE_VALUES) {
      const res = await ops('create', { title: v, sections: [] });
      if (typeof v === 'string' && v.length <= 30 && !v.includes('\u0000')) continue;
      expect(res.code, JSON.stringify(v).slice(0, 40)).toBe(Code.BAD_REQUEST);
    }
    expect((await pageRows()).length).toBe(before.length + 2);
    // Injection-shaped and unicode titles are saved and shown as typed.
    for (const title of ["x'; DROP TABLE pages;--", '🎉年终盛典·满减🧧']) {
      const made = await ops('create', { title, sections: [] });
      expect(made.code, made.message).toBe(0);
      expect((await opsGet('detail', { id: made.data.id })).data.title).toBe(title);
    }
    // A draft activity may be named (it shows once scheduled), but shows nothing yet.
    const withDraft = await ops('create', { title: '草稿活动页', sections: [{ type: 'goods', activityId: draft.id, title: '即将上线' }] });
    expect(withDraft.code, withDraft.message).toBe(0);
  });

  test('ids, states and queries: missing, wrong-typed, out of range', async () => {
    for (const id of [undefined, 'abc', -1, 0, 1.5, 1e12, "1' OR '1'='1", ['1']]) {
      expect((await ops('publish', { id })).code, String(id)).toBe(Code.BAD_REQUEST);
      expect((await ops('offline', { id })).code, String(id)).toBe(Code.BAD_REQUEST);
      expect((await ops('previewToken', { id })).code, String(id)).toBe(Code.BAD_REQUEST);
      if (Array.isArray(id)) continue;
      expect((await opsGet('detail', id === undefined ? {} : { id: String(id) })).code).toBe(Code.BAD_REQUEST);
      expect((await buyerGet(id === undefined ? {} : { id: String(id) })).code).toBe(Code.BAD_REQUEST);
    }
    expect((await buyerGet({})).message).toBe('请填写活动页面');
    expectRefusal(await buyerGet({ id: 99_999_999 }), Code.ACTIVITY_PAGE_NOT_FOUND);
    expectRefusal(await ops('publish', { id: 99_999_999 }), Code.ACTIVITY_PAGE_NOT_FOUND);
    expectRefusal(await ops('update', { id: 99_999_999, title: '不存在', sections: [] }), Code.ACTIVITY_PAGE_NOT_FOUND);
    expect((await opsGet('page', { status: 'LIVE' })).message).toBe('页面状态取值不正确');
    expect((await opsGet('page', { pageSize: 51 })).code).toBe(Code.BAD_REQUEST);
    // Without the permission nothing is answered.
    const res = await server.api.get('/ops/promotion/activityPage/page');
    expect(res.code).not.toBe(0);
    // A page that was never published says so, even with a preview of nothing.
    const draft = (await ops('create', { title: '从未上线', sections: [] })).data.id as number;
    expect((await ops('offline', { id: draft })).message).toBe('活动页面尚未上线');
  });
});
