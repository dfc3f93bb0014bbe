import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ASSISTANT_TOOL_NAMES, type AssistantCard } from '@mall/shared';
import { rows } from '../lib/db.ts';
import { OFFLINE_LABEL } from '../modules/assistant/provider.ts';
import { TOOLS } from '../modules/assistant/tools/registry.ts';
import { callAsOf } from './assistant/call-as-of.ts';
import { asOps, startTestServer, type TestServer } from '../test/kit/index.ts';
import { seedDemoAssistant } from './demo-assistant.ts';
import { DEMO_PASSWORD, DEMO_USERNAME, seedDemoData } from './demo.ts';

/**
 * The 购物助手 demo data after the whole demo seed: the console's 助手 screen shows a month of
 * questions, the tools they called (some failed), 👎 answers with their questions and the MCP calls of
 * buyers' agents; the demo member finds its conversations at /ai/chat; every price an answer writes is
 * the catalogue's; a second start adds nothing.
 */
const OPS_TOKEN = 'demo-assistant-ops-token-0123456789';
let server: TestServer;
const said: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  await seedDemoData(server.running.app.ctx, (m) => said.push(m));
}, 180_000);
afterAll(() => server?.close());

const db = () => server.running.app.ctx.db;
const usage = async (days: number) => {
  const res = await server.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days, pageSize: 50 } });
  expect(res.code, res.message).toBe(0);
  return res.data;
};

describe('demo 购物助手', () => {
  it('fills the console’s 助手 screen: questions on many days, tools with failures, 👎 answers, MCP calls', async () => {
    expect(said).toContainEqual(expect.stringMatching(/^演示购物助手 \(demo assistant\): \d+ 个对话，\d+ 个提问/));
    const month = await usage(30);
    const asked = month.days.filter((d: { questions: number }) => d.questions > 0);
    expect(asked.length).toBeGreaterThanOrEqual(20);
    expect(month.days.reduce((n: number, d: { members: number }) => Math.max(n, d.members), 0)).toBeGreaterThanOrEqual(
      2,
    );
    const week = await usage(7);
    expect(week.days.filter((d: { questions: number }) => d.questions > 0).length).toBeGreaterThanOrEqual(5);

    const tools = month.tools as { tool: string; calls: number; failed: number; avgMs: number; maxMs: number }[];
    expect(tools.length).toBeGreaterThanOrEqual(6);
    for (const t of tools) {
      expect(ASSISTANT_TOOL_NAMES[t.tool], t.tool).toBeTruthy();
      expect(t.avgMs).toBeGreaterThan(0);
    }
    expect(tools.filter((t) => t.failed > 0).length).toBeGreaterThanOrEqual(2);
    expect(tools.find((t) => t.tool === 'search_goods')!.calls).toBeGreaterThanOrEqual(10);

    const thumbsDown = month.thumbsDown.list as { question: string; answer: string; provider: string }[];
    expect(month.thumbsDown.total).toBeGreaterThanOrEqual(3);
    for (const m of thumbsDown) {
      expect(m.question).not.toBe('');
      expect(m.answer).not.toBe('');
      expect(m.provider).toBe('offline');
    }
    expect(thumbsDown.map((m) => m.question)).toContain('我的订单到哪了');
    expect(month.days.some((d: { thumbsUp: number }) => d.thumbsUp > 0)).toBe(true);

    const mcpCalls = month.mcp.days.reduce((n: number, d: { calls: number }) => n + d.calls, 0);
    expect(mcpCalls).toBeGreaterThanOrEqual(10);
    expect(month.mcp.days.filter((d: { calls: number }) => d.calls > 0).length).toBeGreaterThanOrEqual(5);
    expect(month.mcp.tools).toContainEqual(
      expect.objectContaining({ tool: 'add_to_cart', failed: expect.any(Number) }),
    );
    expect(month.mcp.tools.find((t: { tool: string }) => t.tool === 'add_to_cart').failed).toBeGreaterThan(0);
  });

  it('asks mostly in the Beijing day and evening, all within the last 30 days and before now', async () => {
    const [span] = await rows<{ earliest: Date; latest: Date; daytime: number; all: number }>(
      db(),
      sql`SELECT min(created_at) AS earliest, max(created_at) AS latest, count(*)::int AS all,
            count(*) FILTER (WHERE extract(hour FROM created_at AT TIME ZONE 'Asia/Shanghai') BETWEEN 7 AND 23)::int AS daytime
          FROM assistant_messages WHERE role = 'user'`,
    );
    expect(new Date(span!.latest).getTime()).toBeLessThan(Date.now());
    expect(Date.now() - new Date(span!.earliest).getTime()).toBeLessThan(29 * 86_400_000);
    expect(span!.daytime / span!.all).toBeGreaterThan(0.8);
  });

  it('gives the demo member its conversations at /ai/chat, answered with the offline label', async () => {
    const login = await server.api.post('/member/user/auth/login/pw', {
      form: { username: DEMO_USERNAME, password: DEMO_PASSWORD, remember: false, clientType: 'PC_BROWSER' },
    });
    const token = login.data.accessToken;
    const sessions = await server.api.get('/member/assistant/agent/session/list', { token });
    expect(sessions.data.total).toBeGreaterThanOrEqual(3);
    const phones = sessions.data.list.find((s: { title: string }) => s.title === '三千以内的手机');
    const messages = (
      await server.api.get('/member/assistant/agent/session/messages', {
        token,
        query: { sessionId: phones.sessionId },
      })
    ).data.list;
    expect(messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[1]).toMatchObject({ status: 'done', label: OFFLINE_LABEL });
    expect(messages[1].parts.map((c: AssistantCard) => c.kind)).toEqual(['goods']);
    expect(messages[3].parts.map((c: AssistantCard) => c.kind)).toEqual(['compare']);
  });

  it('writes only the catalogue’s prices: each ¥ is the price (or 原价) of a goods on its line, a coupon’s figure or the budget asked', async () => {
    const answers = await rows<{ id: string; content: string; parts: AssistantCard[]; budget: number | null }>(
      db(),
      sql`SELECT m.id, m.content, m.parts,
            (SELECT (args->>'budgetFen')::int FROM assistant_tool_calls c WHERE c.message_id = m.id AND tool = 'recommend') AS budget
          FROM assistant_messages m WHERE role = 'assistant'`,
    );
    const goods = new Map(
      (
        await rows<{ id: number; name: string; price_fen: number; market_price_fen: number }>(
          db(),
          sql`SELECT id, name, price_fen, market_price_fen FROM goods`,
        )
      ).map((g) => [g.id, g]),
    );
    const coupons = await rows<{ name: string; amount_fen: number; threshold_fen: number; cap_fen: number | null }>(
      db(),
      sql`SELECT name, amount_fen, threshold_fen, cap_fen FROM coupon_templates`,
    );
    let goodsPrices = 0;
    for (const a of answers) {
      const shown = a.parts.flatMap((c) => (c.kind === 'goods' || c.kind === 'compare' ? c.goods : []));
      for (const item of shown) {
        const g = goods.get(item.goodsId)!;
        expect([item.priceFen, item.marketPriceFen, item.activityPriceFen]).toEqual([
          g.price_fen,
          g.market_price_fen,
          undefined,
        ]);
      }
      for (const line of a.content.split('\n')) {
        const named = shown.map((s) => goods.get(s.goodsId)!).filter((g) => line.includes(g.name));
        const coupon = coupons.find((c) => line.includes(c.name));
        for (const [, marked, yuan, cents] of line.matchAll(/(原价 )?¥(\d+)\.(\d\d)/g)) {
          const fen = Number(yuan) * 100 + Number(cents);
          const why = `${fen} in «${line}»`;
          if (named.length) {
            expect(
              named.map((g) => (marked ? g.market_price_fen : g.price_fen)),
              why,
            ).toContain(fen);
            goodsPrices += marked ? 0 : 1;
          } else if (coupon) expect([coupon.amount_fen, coupon.threshold_fen, coupon.cap_fen], why).toContain(fen);
          else expect(fen, why).toBe(a.budget);
        }
      }
    }
    expect(goodsPrices).toBeGreaterThanOrEqual(50);
  });

  it('answers as of each question’s moment: the points then, coupons valid then, no 秒杀 made at start', async () => {
    const points = await rows<{ content: string; then: number | null }>(
      db(),
      sql`SELECT a.content, (SELECT balance_after FROM points_ledger l WHERE l.member_id = q.member_id AND l.created_at <= q.created_at
                              ORDER BY l.created_at DESC, l.id DESC LIMIT 1) AS then
          FROM assistant_messages q JOIN assistant_messages a ON a.reply_to = q.id WHERE q.content = '我有多少积分'`,
    );
    expect(points.map((p) => Number(/你现在有 (\d+) 积分/.exec(p.content)?.[1]))).toEqual(
      points.map((p) => p.then ?? 0),
    );
    expect(points.some((p) => (p.then ?? 0) > 0)).toBe(true);

    const couponsNamed = await rows<{ name: string; valid: boolean }>(
      db(),
      sql`SELECT t.name, (t.valid_from IS NULL OR t.valid_from <= a.created_at) AS valid
          FROM assistant_messages a JOIN coupon_templates t ON strpos(a.content, '- ' || t.name || '：') > 0 WHERE a.role = 'assistant'`,
    );
    expect(couponsNamed.length).toBeGreaterThan(0);
    expect(couponsNamed.filter((c) => !c.valid)).toEqual([]);

    // Two goods of the running 秒杀: compared now they carry its price; as of yesterday they do not.
    const flash = await rows<{ goods_id: number }>(
      db(),
      sql`SELECT DISTINCT s.goods_id FROM activity_skus s JOIN activities a ON a.id = s.activity_id
          WHERE a.kind = 'FLASH_SALE' AND a.status = 'SCHEDULED' AND a.starts_at <= now() AND a.ends_at > now() LIMIT 2`,
    );
    const ctx = server.running.app.ctx;
    const [demo] = await rows<{ id: string }>(db(), sql`SELECT id FROM members WHERE username = ${DEMO_USERNAME}`);
    const args = { goodsIds: flash.map((f) => f.goods_id) };
    const tool = TOOLS.get('compare_goods')!;
    const now = await tool.run(ctx, { memberId: demo!.id }, tool.parameters.parse(args));
    expect(JSON.stringify([now.data, now.cards])).toMatch(/activityPriceFen[\s\S]*秒杀价[\s\S]*活动价/);
    const before = await callAsOf(ctx, {
      memberId: demo!.id,
      tool: 'compare_goods',
      args,
      at: new Date(Date.now() - 86_400_000),
      badArgsPrefix: '',
    });
    expect(JSON.stringify([before.result.data, before.result.cards])).not.toMatch(/activityPriceFen|秒杀价|活动价/);
  });

  it('is made once: a second start adds nothing', async () => {
    const count = async () =>
      (
        await rows<{ n: string }>(
          db(),
          sql`SELECT (SELECT count(*) FROM assistant_sessions) || '/' || (SELECT count(*) FROM assistant_messages) || '/' ||
            (SELECT count(*) FROM assistant_tool_calls) || '/' || (SELECT count(*) FROM assistant_mcp_calls) || '/' || (SELECT count(*) FROM members) AS n`,
        )
      )[0]!.n;
    const before = await count();
    const again: string[] = [];
    await seedDemoAssistant(server.running.app.ctx, DEMO_USERNAME, (m) => again.push(m));
    expect(again).toEqual([]);
    expect(await count()).toBe(before);
  });
});
