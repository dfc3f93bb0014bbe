/**
 * How a kept goods page answers over time (goods-page.ts), with the clock in the test's hands: fresh for
 * FRESH_MS, then answered as it was while one new read runs, and not at all past STALE_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { goodsPageReply, MAX_BATCH_PAGES } from './goods-page.ts';
import { FRESH_MS, STALE_MS } from './kept-moment.ts';

/** A batch load whose reads the test answers one by one (each answer settles the oldest read, for all its ids). */
function loads() {
  const pending: { ids: number[]; resolve: (v: Map<number, unknown>) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    (ids: number[]) => new Promise<Map<number, unknown>>((resolve, reject) => pending.push({ ids, resolve, reject })),
  );
  /** The oldest read, once it has been sent (reads wait for the next turn of the event loop, or a moment). */
  const sent = async () => {
    await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0), { timeout: 1_000, interval: 1 });
    return pending.shift()!;
  };
  return {
    load,
    answer: async (stock: number) => {
      const read = await sent();
      read.resolve(new Map(read.ids.map((id) => [id, { id, stock }])));
    },
    answerEach: async (stockOf: (id: number) => unknown) => {
      const read = await sent();
      read.resolve(new Map(read.ids.map((id) => [id, stockOf(id)])));
      return read.ids;
    },
    fail: async (e: unknown) => (await sent()).reject(e),
  };
}

/** Goods 1's page read once with this stock; `ask` asks for it again. */
async function keptPage(stock: number) {
  const reads = loads();
  const ask = () => goodsPageReply(ctx, 1, reads.load);
  const first = ask();
  await reads.answer(stock);
  await first;
  return { ...reads, ask };
}

const stockOf = async (reply: Promise<{ identity: Buffer }>) =>
  JSON.parse((await reply).identity.toString()).data.stock;
const settle = () => new Promise((r) => setImmediate(r));

let ctx: AppContext;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  ctx = { db: {} } as AppContext; // a database of its own: nothing kept from another test
});
afterEach(() => vi.useRealTimers());

describe('a kept goods page over time', () => {
  it('is read once while fresh, shared by concurrent askers', async () => {
    const { load, answer } = loads();
    const first = goodsPageReply(ctx, 1, load);
    const second = goodsPageReply(ctx, 1, load);
    await answer(5);
    expect([await stockOf(first), await stockOf(second)]).toEqual([5, 5]);
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(await stockOf(goodsPageReply(ctx, 1, load))).toBe(5);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('past its moment, answers at once as it was while one new read runs, then with the new read', async () => {
    const { load, answer, ask } = await keptPage(5);
    vi.advanceTimersByTime(FRESH_MS);
    // the new read has not answered: both askers get the page as it was, and only one read starts
    expect(await stockOf(ask())).toBe(5);
    expect(await stockOf(ask())).toBe(5);
    await answer(3);
    expect(load).toHaveBeenCalledTimes(2);
    await settle();
    expect(await stockOf(ask())).toBe(3);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('read again as it was, keeps the same body and is fresh again for FRESH_MS', async () => {
    const { load, answer, ask } = await keptPage(5);
    const body = await ask();
    vi.advanceTimersByTime(FRESH_MS);
    expect(await ask()).toBe(body);
    await answer(5);
    await settle();
    expect(await ask()).toBe(body); // the same object, not a copy of it
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(await ask()).toBe(body);
    expect(load).toHaveBeenCalledTimes(2); // fresh again: no third read
    vi.advanceTimersByTime(1);
    await ask();
    await answer(4);
    await settle();
    expect(await stockOf(ask())).toBe(4);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('is not shown once nobody asked for it in STALE_MS: the asker waits for a new read', async () => {
    const { answer, ask } = await keptPage(5);
    vi.advanceTimersByTime(STALE_MS);
    const later = ask();
    let shown: number | null = null;
    void stockOf(later).then((s) => (shown = s));
    await settle();
    expect(shown).toBeNull(); // waiting for the read, not answered with the old page
    await answer(2);
    expect(await stockOf(later)).toBe(2);
  });

  it('keeps answering as it was when a new read fails, and reads again on the next ask', async () => {
    const { load, answer, fail, ask } = await keptPage(5);
    vi.advanceTimersByTime(FRESH_MS);
    expect(await stockOf(ask())).toBe(5);
    await fail(new Error('connection lost'));
    await settle();
    expect(await stockOf(ask())).toBe(5);
    await answer(4);
    expect(load).toHaveBeenCalledTimes(3);
    await settle();
    expect(await stockOf(ask())).toBe(4);
  });

  it('takes the page’s own answer from a new read (taken off the shelf)', async () => {
    const { fail, ask } = await keptPage(5);
    vi.advanceTimersByTime(FRESH_MS);
    await ask();
    await fail(new AppError(1, '商品已下架'));
    await settle();
    await expect(ask()).rejects.toThrow('商品已下架');
  });

  it('pages due at the same moment are read again together, each taking its own answer', async () => {
    const { load, answerEach } = loads();
    const ask = (id: number) => goodsPageReply(ctx, id, load);
    const first = [ask(1), ask(2), ask(3)];
    expect(await answerEach((id) => ({ id, stock: id }))).toEqual([1, 2, 3]); // the first asks, one read
    expect(await Promise.all(first.map(stockOf))).toEqual([1, 2, 3]);
    vi.advanceTimersByTime(FRESH_MS);
    expect(await Promise.all([ask(1), ask(2), ask(3)].map(stockOf))).toEqual([1, 2, 3]); // as they were
    expect(await answerEach((id) => (id === 2 ? new AppError(1, '商品已下架') : { id, stock: id * 10 }))).toEqual([
      1, 2, 3,
    ]);
    await settle();
    expect(await stockOf(ask(1))).toBe(10);
    await expect(ask(2)).rejects.toThrow('商品已下架');
    expect(await stockOf(ask(3))).toBe(30);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a page nobody holds is read at once, and takes the pages due to be read again along', async () => {
    const { load, answerEach } = await keptPage(5);
    vi.advanceTimersByTime(FRESH_MS);
    expect(await stockOf(goodsPageReply(ctx, 1, load))).toBe(5); // due: waits for others to be read with
    const other = goodsPageReply(ctx, 2, load); // nobody holds goods 2: read at the next turn
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await answerEach((id) => ({ id, stock: id + 100 }))).toEqual([1, 2]);
    expect(await stockOf(other)).toBe(102);
    await settle();
    expect(await stockOf(goodsPageReply(ctx, 1, load))).toBe(101);
  });

  it('reads at most MAX_BATCH_PAGES pages together: the next ones go in the next read', async () => {
    const { load, answerEach } = loads();
    const ids = Array.from({ length: MAX_BATCH_PAGES + 5 }, (_, i) => i + 1);
    const pages = ids.map((id) => goodsPageReply(ctx, id, load));
    expect(await answerEach((id) => ({ id, stock: id }))).toEqual(ids.slice(0, MAX_BATCH_PAGES));
    expect(await answerEach((id) => ({ id, stock: id }))).toEqual(ids.slice(MAX_BATCH_PAGES));
    expect(await Promise.all(pages.map(stockOf))).toEqual(ids);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a page the batch came back without fails that page alone, is not kept, and is read again on its next ask', async () => {
    const { load, answerEach } = loads();
    const [one, two] = [goodsPageReply(ctx, 1, load), goodsPageReply(ctx, 2, load)];
    await answerEach((id) => (id === 1 ? { id, stock: 1 } : undefined));
    expect(await stockOf(one)).toBe(1);
    await expect(two).rejects.toThrow('goods 2: its page was not read');
    const again = goodsPageReply(ctx, 2, load);
    expect(await answerEach((id) => ({ id, stock: 2 }))).toEqual([2]);
    expect(await stockOf(again)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
