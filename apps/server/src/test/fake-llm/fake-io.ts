import type { ProviderEvent } from '../../modules/assistant/cards.ts';
import type { ToolDescription, ToolResult, TurnIO } from '../../modules/assistant/provider.ts';

/** A TurnIO for provider tests: records what the provider emits, calls and counts. */
export interface FakeIo extends TurnIO {
  events: ProviderEvent[];
  calls: { name: string; args: unknown }[];
  tokens: number;
  controller: AbortController;
  /** The answer's text as the buyer would see it (the deltas joined). */
  text(): string;
}

export const TEST_TOOLS: ToolDescription[] = [
  {
    name: 'search_goods',
    description: '搜索商品 (search goods)',
    kind: 'read',
    parameters: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { keyword: { type: 'string' }, maxPriceFen: { type: 'integer' } },
    },
  },
  {
    name: 'my_orders',
    description: '我的订单 (my orders)',
    kind: 'read',
    parameters: { type: 'object', properties: { limit: { type: 'integer' } } },
  },
];

export function fakeIo(
  run: (name: string, args: unknown) => ToolResult | Promise<ToolResult> = (name) => ({
    ok: true,
    data: { tool: name, list: [{ goodsId: 1, name: '手机', priceFen: 129900 }] },
    cards: [],
    summary: '找到 1 件商品',
  }),
  tools: ToolDescription[] = TEST_TOOLS,
): FakeIo {
  const controller = new AbortController();
  const io: FakeIo = {
    events: [],
    calls: [],
    tokens: 0,
    controller,
    signal: controller.signal,
    tools,
    emit: (event) => io.events.push(event),
    callTool: async (name, args) => {
      io.calls.push({ name, args });
      return run(name, args);
    },
    countTokens: (n) => {
      io.tokens += n;
    },
    text: () =>
      io.events
        .filter((e) => e.type === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
  };
  return io;
}
