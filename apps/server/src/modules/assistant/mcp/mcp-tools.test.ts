import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { dbOf, generatedGoods, makeOrder, startCatalogServer, type TestServer } from '../../../test/kit/index.ts';
import { assistantMember } from '../assistant-test-kit.ts';
import { MCP_PATH } from './mcp.routes.ts';

// The read tools over MCP with the SDK's client: the same data as the shop, the member's own only.

let s: TestServer;
beforeAll(async () => {
  s = await startCatalogServer(40);
});
afterAll(() => s?.close());

async function connect(token: string) {
  const client = new Client({ name: 'buyer-agent', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${s.url}${MCP_PATH}`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(r.isError, (r.content[0] as { text: string }).text).toBeFalsy();
  return JSON.parse((r.content[0] as { text: string }).text) as { summary: string; data: any };
}

it('searches the catalogue as the shop does', async () => {
  const m = await assistantMember(s);
  const client = await connect(m.token);
  const first = generatedGoods(1)[0]!;
  const found = await call(client, 'search_goods', { keyword: first.name, limit: 5 });
  expect(found.data.goods.length).toBeGreaterThan(0);
  expect(found.data.goods.map((g: { name: string }) => g.name)).toContain(first.name);
  await client.close();
});

it('lists my orders and never another member’s', async () => {
  const me = await assistantMember(s);
  const other = await assistantMember(s);
  const mine = await makeOrder(dbOf(s), me.memberId, [{ goodsId: 1, skuId: 1, unitPrice: 1000, quantity: 2 }]);
  const theirs = await makeOrder(dbOf(s), other.memberId, [{ goodsId: 2, skuId: 2, unitPrice: 500, quantity: 1 }]);
  const client = await connect(me.token);
  const orders = await call(client, 'my_orders', { limit: 5 });
  const numbers = orders.data.orders.map((o: { orderNo: string }) => o.orderNo);
  expect(numbers).toEqual([mine.orderNo]);
  expect(orders.data.orders[0]).toMatchObject({ payAmountFen: 2000, status: 'PENDING_PAYMENT' });
  // A member id in the arguments changes nothing: the token decides whose orders are read.
  const sneaky = await call(client, 'my_orders', { memberId: other.memberId, limit: 5 });
  expect(JSON.stringify(sneaky)).not.toContain(theirs.orderNo);
  await client.close();
});
