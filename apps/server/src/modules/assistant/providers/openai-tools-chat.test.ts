import { afterAll, beforeAll, expect, it } from 'vitest';
import { chunk, startFakeLlm, type FakeLlm } from '../../../test/fake-llm/index.ts';
import { generatedGoods, startCatalogServer, type TestServer } from '../../../test/kit/index.ts';
import { assistantMember, chat, newSession } from '../assistant-test-kit.ts';

// The shop's real tools called by a model over the chat endpoint: deltas without index, the result
// shown as a card, and the model told the tool's data.

let llm: FakeLlm;
let s: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm();
  s = await startCatalogServer(40, {
    ASSISTANT_PROVIDER: 'openai',
    ASSISTANT_BASE_URL: llm.baseURL,
    ASSISTANT_MODEL: 'fake-model',
    ASSISTANT_TIMEOUT_MS: '2000',
  });
});
afterAll(async () => {
  await s?.close();
  await llm?.close();
});

it('runs the tools a model calls with index-less deltas, shows their cards, and gives the model their data', async () => {
  const m = await assistantMember(s);
  const sessionId = await newSession(s, m.token);
  const name = generatedGoods(1)[0]!.name;
  const args = JSON.stringify({ keyword: name, limit: 3 });
  llm.script(
    {
      kind: 'stream',
      events: [
        chunk.toolCall({ id: 'call_s', name: 'search_goods', arguments: args.slice(0, 9) }),
        chunk.toolCall({ arguments: args.slice(9) }),
        chunk.toolCall({ id: 'call_o', name: 'my_orders', arguments: '{}' }),
        chunk.finish('tool_calls'),
      ],
    },
    { kind: 'stream', events: chunk.answer('为您找到这些商品；', '您还没有订单。') },
  );
  const reply = await chat(s, m.token, { sessionId, content: `有没有${name}` });
  const tools = reply.events.filter((e) => e.type === 'tool').map((e) => [e.data.name, e.data.status]);
  expect(tools).toEqual([
    ['search_goods', 'running'],
    ['search_goods', 'done'],
    ['my_orders', 'running'],
    ['my_orders', 'done'],
  ]);
  const card = reply.events.find((e) => e.type === 'card')!.data;
  expect(card.kind).toBe('goods');
  expect(card.goods.map((g: { name: string }) => g.name)).toContain(name);
  expect(reply.events.at(-1)).toMatchObject({
    type: 'done',
    data: { text: '为您找到这些商品；您还没有订单。', status: 'done' },
  });
  const toolMessages = llm.requests.at(-1)!.body.messages.filter((x: { role: string }) => x.role === 'tool');
  expect(toolMessages.map((x: { tool_call_id: string }) => x.tool_call_id)).toEqual(['call_s', 'call_o']);
  const searched = JSON.parse(toolMessages[0].content);
  expect(searched.data.goods[0].priceFen).toBe(card.goods[0].priceFen);
});
