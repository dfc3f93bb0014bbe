import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { applyAfterSale, asOps, makeOrder, paidOrder, registeredMember, type TestServer } from '../../test/kit/index.ts';
import { changePoints } from '../points/points.service.ts';
import { MCP_PATH } from './mcp/mcp.routes.ts';

/** Helpers of the assistant's API tests: a member with their id, and a chat read as its events. */

export interface SseEvent {
  type: string;
  data: any;
}

export async function assistantMember(s: TestServer) {
  const m = await registeredMember(s.api);
  const [row] = await rows<{ id: string }>(s.running.app.ctx.db, sql`SELECT id FROM members WHERE username = ${m.username}`);
  return { ...m, memberId: row!.id, token: m.accessToken };
}

export async function newSession(s: TestServer, token: string, context?: unknown) {
  const res = await s.api.post('/member/assistant/agent/session/create', { token, json: context ? { context } : {} });
  if (res.code !== 0) throw new Error(`session/create: ${res.message}`);
  return res.data.sessionId as string;
}

/** Parses an event stream's text into its events (event: …\ndata: …\n\n). */
export function parseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => /^event: /m.test(block)) // a comment (: keep-alive) is no event
    .map((block) => {
      const type = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
      return { type, data: JSON.parse(data) };
    });
}

export interface ChatReply {
  status: number;
  contentType: string;
  headers: Headers;
  /** The events, when the reply was a stream. */
  events: SseEvent[];
  /** The JSON envelope, when the reply was a refusal. */
  envelope?: { code: number; message: string; data: unknown };
  raw: Buffer;
}

export async function chat(
  s: TestServer,
  token: string,
  body: unknown,
  opts: { onEvent?: (e: SseEvent, controller: AbortController) => void } = {},
): Promise<ChatReply> {
  const controller = new AbortController();
  const res = await fetch(`${s.url}/member/assistant/agent/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', Authorization: token, VistorId: 'PC-test-visitor' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const chunks: Buffer[] = [];
  const events: SseEvent[] = [];
  let pending = '';
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      chunks.push(Buffer.from(chunk));
      if (!contentType.startsWith('text/event-stream')) continue;
      pending += decoder.decode(chunk, { stream: true });
      let cut: number;
      while ((cut = pending.indexOf('\n\n')) >= 0) {
        const [event] = parseEvents(pending.slice(0, cut + 2));
        pending = pending.slice(cut + 2);
        if (event) {
          events.push(event);
          opts.onEvent?.(event, controller);
        }
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  const raw = Buffer.concat(chunks);
  const envelope = contentType.includes('application/json') ? JSON.parse(raw.toString('utf8')) : undefined;
  return { status: res.status, contentType, headers: res.headers, events, envelope, raw };
}

/** A buyer's own AI agent: the MCP SDK's client, connected with the member's access token. */
export async function mcpClient(s: TestServer, token: string) {
  const client = new Client({ name: 'buyer-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}${MCP_PATH}`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return {
    call: (name: string, args: Record<string, unknown> = {}) =>
      client.callTool({ name, arguments: args }) as Promise<CallToolResult>,
    close: () => client.close(),
  };
}

export const eventTypes = (events: SseEvent[]) => events.map((e) => e.type);

/**
 * A member with a history to ask about: a shipped order with its parcel, an unpaid order, an
 * after-sale on a paid order, a claimed coupon and points. The goods are the caller's.
 */
export async function shopperWithHistory(s: TestServer, goods: { goodsId: number; skuId: number; priceFen: number }) {
  const m = await assistantMember(s);
  const db = s.running.app.ctx.db;
  const line = { skuId: goods.skuId, goodsId: goods.goodsId, unitPrice: goods.priceFen, quantity: 1 };
  const shipped = await paidOrder(s, m.memberId, [line], { status: 'PENDING_RECEIPT' });
  await db.execute(sql`INSERT INTO order_shipments (order_id, logistics_company, tracking_no, shipped_by)
    VALUES (${shipped.orderId}, '顺丰速运', 'SF1234567890', 'test')`);
  const unpaid = await makeOrder(db, m.memberId, [{ ...line, quantity: 2 }]);
  const forAfterSale = await paidOrder(s, m.memberId, [line]);
  const afterSaleNo = await applyAfterSale(s, m.token, forAfterSale.items[0]!.id);
  await changePoints(db, { memberId: m.memberId, amount: 321, reason: 'OPS_GRANT', note: '测试' });
  return { ...m, shipped, unpaid, forAfterSale, afterSaleNo };
}

/**
 * An activity running now (from a minute ago for two hours), made and scheduled as an operator would:
 * a 秒杀 with its price and units per SKU, or a 限时折扣 with a price or a percent per SKU.
 * The server must have been started with `OPS_TOKEN`.
 */
export async function runningActivity(
  s: TestServer,
  opsToken: string,
  kind: 'FLASH_SALE' | 'TIME_DISCOUNT',
  skus: { skuId: number; priceFen?: number; percent?: number; stock?: number }[],
) {
  const ops = (action: string, json: unknown) => s.api.post(`/ops/promotion/activity/${action}`, { json, ...asOps(opsToken) });
  const window = { startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 2 * 3_600_000).toISOString() };
  const made = await ops('create', { kind, title: kind === 'FLASH_SALE' ? '助手测试秒杀' : '助手测试限时折扣', ...window, skus });
  if (made.code !== 0) throw new Error(`activity create: ${made.message}`);
  const scheduled = await ops('schedule', { id: made.data.id });
  if (scheduled.code !== 0) throw new Error(`activity schedule: ${scheduled.message}`);
  return made.data.id as number;
}
