import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shanghaiDay } from '../../lib/ids.ts';
import { asOps, bearer, makeOperator, startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember, chat, mcpClient, newSession } from './assistant-test-kit.ts';
import { admitCall, finishCall } from './mcp/mcp-limits.ts';

const OPS_TOKEN = 'console-assistant-ops-token-0123456789';

describe('the console’s assistant usage', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startCatalogServer(60, { OPS_TOKEN });
  });
  afterAll(async () => s?.close());

  it('counts questions per day and tools called, and lists the 👎 answers with their question', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);
    const first = await chat(s, m.token, { sessionId, content: '我有多少积分' });
    await chat(s, m.token, { sessionId, content: '三千以内的手机' });
    await chat(s, m.token, { sessionId, content: '今天天气怎么样' });
    const thumbsDown = first.events[0]!.data.messageId;
    await s.api.post('/member/assistant/agent/message/feedback', { token: m.token, json: { messageId: thumbsDown, value: -1 } });

    const res = await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days: 7 } });
    expect(res.code).toBe(0);
    expect(res.data.days).toHaveLength(7);
    const today = res.data.days.at(-1);
    expect(today).toMatchObject({ questions: 3, members: 1, thumbsDown: 1, thumbsUp: 0, failed: 0 });
    expect(res.data.days.slice(0, 6).every((d: any) => d.questions === 0)).toBe(true);
    expect(res.data.tools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tool: 'points_balance', calls: 1, failed: 0 }),
        expect.objectContaining({ tool: 'search_goods', calls: 1, failed: 0 }),
      ]),
    );
    expect(res.data.thumbsDown).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(res.data.thumbsDown.list[0]).toMatchObject({ messageId: thumbsDown, question: '我有多少积分', provider: 'offline' });
    expect(res.data.thumbsDown.list[0].answer).toMatch(/积分/);
    expect(JSON.stringify(res.data)).not.toContain(m.memberId); // no member is named
  });

  it('counts the calls of buyers’ own AI agents to the MCP server per day and per tool, over the period', async () => {
    const a = await assistantMember(s);
    const b = await assistantMember(s);
    const agentA = await mcpClient(s, a.token);
    const agentB = await mcpClient(s, b.token);
    expect((await agentA.call('search_goods', { keyword: '手机' })).isError).toBeFalsy();
    expect((await agentA.call('search_goods', { sort: 'sales' })).isError).toBeFalsy();
    expect((await agentA.call('add_to_cart', { skuId: 1 })).isError).toBe(true); // no confirm: refused
    expect((await agentB.call('points_balance')).isError).toBeFalsy();
    expect((await agentB.call('search_goods', { minPriceFen: -5 })).isError).toBe(true); // bad argument
    await agentA.close();
    await agentB.close();
    // A call eleven days ago: within 近30天, not 近7天.
    const ctx = s.running.app.ctx;
    const earlier = await admitCall(ctx, a.memberId, 'my_orders', {}, new Date(Date.now() - 11 * 86_400_000));
    if (!('callId' in earlier)) throw new Error(earlier.refusal);
    await finishCall(ctx, earlier.callId, { resultSize: 120, ms: 40, ok: true });

    const week = (await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days: 7 } })).data;
    expect(week.mcp.days).toHaveLength(7);
    expect(week.mcp.days.at(-1)).toEqual({ day: shanghaiDay(new Date()), calls: 5, members: 2, failed: 2 });
    expect(week.mcp.days.slice(0, 6).every((d: any) => d.calls === 0 && d.members === 0)).toBe(true);
    expect(week.mcp.tools.map((t: any) => t.tool)).toEqual(['search_goods', 'add_to_cart', 'points_balance']);
    expect(week.mcp.tools[0]).toMatchObject({ calls: 3, failed: 1 });
    expect(week.mcp.tools[1]).toMatchObject({ calls: 1, failed: 1 });
    expect(week.mcp.tools[2]).toMatchObject({ calls: 1, failed: 0 });
    for (const t of week.mcp.tools) {
      expect(Number.isInteger(t.avgMs) && t.avgMs >= 0).toBe(true);
      expect(t.maxMs).toBeGreaterThanOrEqual(t.avgMs);
    }
    // The chat's own tool calls are counted apart: none of these MCP calls is among them.
    expect(week.tools.some((t: any) => t.tool === 'add_to_cart')).toBe(false);

    const month = (await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days: 30 } })).data;
    expect(month.mcp.days).toHaveLength(30);
    expect(month.mcp.days.reduce((n: number, d: any) => n + d.calls, 0)).toBe(6);
    expect(month.mcp.days.find((d: any) => d.calls === 1)).toMatchObject({ members: 1, failed: 0 });
    expect(month.mcp.tools.find((t: any) => t.tool === 'my_orders')).toEqual({
      tool: 'my_orders',
      calls: 1,
      failed: 0,
      avgMs: 40,
      maxMs: 40,
    });
    const text = JSON.stringify(month);
    expect(text).not.toContain(a.memberId); // no member is named
    expect(text).not.toContain(b.memberId);
  });

  it('needs the permission: 运营 and 客服 hold it, 财务 does not; bad input is refused in Chinese', async () => {
    for (const [role, code] of [
      ['operations', 0],
      ['service', 0],
      ['finance', 403],
    ] as const) {
      const op = await makeOperator(s.api, OPS_TOKEN, role);
      expect((await s.api.get('/ops/assistant/usage', bearer(op.token))).code, role).toBe(code);
    }
    expect((await s.api.get('/ops/assistant/usage')).code).not.toBe(0);
    for (const days of [0, 91, 'abc', -1]) {
      const res = await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { days } });
      expect(res.code).toBe(400);
      expect(res.message).toMatch(/统计天数/);
    }
    expect((await s.api.get('/ops/assistant/usage', { ...asOps(OPS_TOKEN), query: { pageSize: 51 } })).message).toMatch(/每页条数/);
  });
});
