/**
 * A follow-up that names no goods of its own (便宜点的, 两千以内的呢) narrows the list the last answer showed,
 * through the offline provider end to end: the goods card keeps what it was searched by, the next turn
 * reads it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember, chat, newSession, type SseEvent } from './assistant-test-kit.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startCatalogServer(800);
}, 120_000);
afterAll(async () => s?.close());

const searchOf = (events: SseEvent[]) => events.find((e) => e.type === 'tool' && e.data.status === 'done')?.data.args;
const goodsOf = (events: SseEvent[]) =>
  events.filter((e) => e.type === 'card' && e.data.kind === 'goods').flatMap((e) => e.data.goods as { priceFen: number; name: string }[]);

describe('a follow-up narrows the last search', () => {
  it('便宜点的 after 三千以内的手机 searches the same phones, cheapest first; 两千以内的呢 takes the new price', async () => {
    const m = await assistantMember(s);
    const sessionId = await newSession(s, m.token);

    const first = await chat(s, m.token, { sessionId, content: '三千以内的手机' });
    expect(searchOf(first.events)).toEqual({ category: '手机', maxPriceFen: 300000 });
    expect(goodsOf(first.events).length).toBeGreaterThan(1);

    const cheaper = await chat(s, m.token, { sessionId, content: '便宜点的' });
    expect(searchOf(cheaper.events)).toEqual({ category: '手机', maxPriceFen: 300000, sort: 'priceAsc' });
    const prices = goodsOf(cheaper.events).map((g) => g.priceFen);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p) => p <= 300000)).toBe(true);

    const under2000 = await chat(s, m.token, { sessionId, content: '两千以内的呢' });
    expect(searchOf(under2000.events)).toEqual({ category: '手机', maxPriceFen: 200000 });

    // naming goods of its own starts afresh
    const other = await chat(s, m.token, { sessionId, content: '便宜点的耳机' });
    expect(searchOf(other.events)).toEqual({ category: '耳机', sort: 'priceAsc' });
  });
});
