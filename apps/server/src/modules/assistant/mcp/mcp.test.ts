import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../../lib/db.ts';
import { dbOf, makeGoods, startTestServer, type TestServer } from '../../../test/kit/index.ts';
import { assistantMember } from '../assistant-test-kit.ts';
import { TOOLS } from '../tools/registry.ts';
import { admitCall, MCP_CALLS_PER_MINUTE } from './mcp-limits.ts';
import { MCP_PATH } from './mcp.routes.ts';
import { CONFIRM_REQUIRED } from './mcp-tools.ts';

// The assistant's tools over MCP, driven by the MCP SDK's own client against a real server.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

async function connect(token?: string) {
  const client = new Client({ name: 'buyer-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${s.url}${MCP_PATH}`), {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

const call = (client: Client, name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const textOf = (r: CallToolResult) => (r.content[0] as { text: string }).text;

async function cartOf(token: string) {
  const res = await s.api.get('/member/trade/cart/list', { token });
  return JSON.stringify(res.data);
}

describe('MCP server', () => {
  it('refuses a client without a live token: 401 with WWW-Authenticate and the shop envelope', async () => {
    await expect(connect()).rejects.toThrow();
    const res = await fetch(`${s.url}${MCP_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toMatchObject({ code: 106, success: false });
    await expect(connect('not-a-token')).rejects.toThrow();
  });

  it('is stateless: no session id, GET answers 405', async () => {
    const m = await assistantMember(s);
    const init = await fetch(`${s.url}${MCP_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${m.token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const get = await fetch(`${s.url}${MCP_PATH}`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(get.status).toBe(405);
  });

  it('lists the read tools and add_to_cart, never the propose_ tools', async () => {
    const m = await assistantMember(s);
    const client = await connect(m.token);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    const reads = [...TOOLS.values()].filter((t) => t.kind === 'read').map((t) => t.name);
    expect(names.sort()).toEqual([...reads, 'add_to_cart'].sort());
    expect(names.some((n) => n.startsWith('propose_'))).toBe(false);
    const add = tools.find((t) => t.name === 'add_to_cart')!;
    expect(add.inputSchema.properties).toHaveProperty('confirm');
    expect(add.annotations?.readOnlyHint).toBe(false);
    await client.close();
  });

  it('adds to the member’s own cart only with confirm: true', async () => {
    const goods = await makeGoods(dbOf(s), { name: 'MCP 测试耳机', priceFen: 19900 });
    const m = await assistantMember(s);
    const other = await assistantMember(s);
    const client = await connect(m.token);
    const refused = await call(client, 'add_to_cart', { skuId: goods.skuId, quantity: 1 });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(CONFIRM_REQUIRED);
    const unconfirmed = await call(client, 'add_to_cart', { skuId: goods.skuId, confirm: false });
    expect(unconfirmed.isError).toBe(true);
    expect(await cartOf(m.token)).not.toContain(String(goods.skuId));

    const added = await call(client, 'add_to_cart', { skuId: goods.skuId, quantity: 2, confirm: true });
    expect(added.isError).toBeFalsy();
    expect(JSON.parse(textOf(added))).toMatchObject({
      summary: '已加入购物车',
      data: { skuId: goods.skuId, quantity: 2 },
    });
    expect(await cartOf(m.token)).toContain('MCP 测试耳机');
    expect(await cartOf(other.token)).not.toContain('MCP 测试耳机');

    const bad = await call(client, 'add_to_cart', { skuId: -1, confirm: true });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/[\u4e00-\u9fa5]/);
    await client.close();
  });

  it('holds a member to the calls-per-minute limit', async () => {
    const m = await assistantMember(s);
    const client = await connect(m.token);
    for (let i = 0; i < MCP_CALLS_PER_MINUTE; i++) {
      const r = await call(client, 'add_to_cart', { skuId: 1 });
      expect(textOf(r)).toBe(CONFIRM_REQUIRED);
    }
    const over = await call(client, 'add_to_cart', { skuId: 1 });
    expect(over.isError).toBe(true);
    expect(textOf(over)).toBe('调用太频繁了，请稍后再试');
    // Another member is not held back by the first one's calls.
    const other = await connect((await assistantMember(s)).token);
    expect(textOf(await call(other, 'add_to_cart', { skuId: 1 }))).toBe(CONFIRM_REQUIRED);
    await client.close();
    await other.close();
    // Every call let through is recorded, arguments without personal data.
    const [counted] = await rows<{ n: number }>(
      dbOf(s),
      sql`SELECT count(*)::int AS n FROM assistant_mcp_calls WHERE member_id = ${m.memberId}`,
    );
    expect(counted!.n).toBe(MCP_CALLS_PER_MINUTE);
  });

  it('records each call and holds a member to ASSISTANT_DAILY_QUESTIONS calls a day', async () => {
    const m = await assistantMember(s);
    const client = await connect(m.token);
    await call(client, 'add_to_cart', { skuId: 5, note: '寄到 13812345678' });
    const [row] = await rows<{ tool: string; args: unknown; ok: boolean }>(
      dbOf(s),
      sql`SELECT tool, args, ok FROM assistant_mcp_calls WHERE member_id = ${m.memberId}`,
    );
    expect(row).toMatchObject({ tool: 'add_to_cart', ok: false });
    expect(JSON.stringify(row!.args)).not.toContain('13812345678');
    await client.close();

    const ctx = s.running.app.ctx;
    const strict = { ...ctx, config: { ...ctx.config, ASSISTANT_DAILY_QUESTIONS: 3 } };
    const day = Date.parse('2026-03-01T02:00:00Z');
    const other = await assistantMember(s);
    const admitted = [];
    for (let i = 0; i < 4; i++)
      admitted.push(await admitCall(strict, other.memberId, 'search_goods', {}, new Date(day + i * 120_000)));
    expect(admitted.slice(0, 3).every((a) => 'callId' in a)).toBe(true);
    expect(admitted[3]).toEqual({ refusal: '今天已调用 3 次，达到上限，明天再来吧' });
    // The next Shanghai day starts a new count (16:00 UTC is midnight in Shanghai).
    expect(
      await admitCall(strict, other.memberId, 'search_goods', {}, new Date('2026-03-01T16:00:01Z')),
    ).toHaveProperty('callId');
  });
});
