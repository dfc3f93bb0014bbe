/**
 * Search pages' goods cards kept per goods for a moment (card-rows.ts, kept-moment.ts), the clock and the
 * statement in the test's hands: one read while fresh, the row as it was while one new read runs, a wait
 * past STALE_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../lib/context.ts';
import type * as repo from './catalog.repo.ts';
import { keptCardRows } from './card-rows.ts';
import { FRESH_MS, STALE_MS } from './kept-moment.ts';

const statement = vi.fn<(db: unknown, ids: number[]) => Promise<repo.GoodsCardRow[]>>();
const cardRowsOf = keptCardRows(statement);

/** Each read answers when the test says, with these sales per id. */
const reads: { ids: number[]; answer: (sales: Record<number, number>) => void; fail: () => void }[] = [];
const row = (id: number, sales: number) => ({ id, sales }) as unknown as repo.GoodsCardRow;
const salesOf = async (ctx: AppContext, ids: number[]) =>
  Object.fromEntries([...(await cardRowsOf(ctx, ids))].map(([id, r]) => [id, r.sales]));
const settle = () => new Promise((r) => setImmediate(r));

let ctx: AppContext;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T10:00:00Z'));
  ctx = { db: {} } as AppContext;
  reads.length = 0;
  statement.mockReset();
  statement.mockImplementation(
    (_db, ids) =>
      new Promise((resolve, reject) =>
        reads.push({ ids, answer: (sales) => resolve(ids.filter((id) => id in sales).map((id) => row(id, sales[id]!))), fail: () => reject(new Error('connection lost')) }),
      ),
  );
});
afterEach(() => vi.useRealTimers());

/** Asks for the cards and answers the read it starts with these sales. */
async function firstAsk(ids: number[], sales: Record<number, number>) {
  const asked = salesOf(ctx, ids);
  await settle();
  reads.shift()!.answer(sales);
  return asked;
}

describe('goods cards kept for a moment', () => {
  it('reads once while fresh, and keeps an unknown goods as absent', async () => {
    expect(await firstAsk([1, 2, 404], { 1: 10, 2: 20 })).toEqual({ 1: 10, 2: 20 });
    vi.advanceTimersByTime(FRESH_MS - 1);
    expect(await salesOf(ctx, [2, 404, 1])).toEqual({ 1: 10, 2: 20 });
    expect(statement).toHaveBeenCalledTimes(1);
  });

  it('past the moment, answers at once with the rows as they were and reads them again once', async () => {
    await firstAsk([1, 2], { 1: 10, 2: 20 });
    vi.advanceTimersByTime(FRESH_MS);
    expect(await salesOf(ctx, [1, 2])).toEqual({ 1: 10, 2: 20 }); // not waiting on the new read
    expect(await salesOf(ctx, [1])).toEqual({ 1: 10 });
    expect(statement).toHaveBeenCalledTimes(2);
    expect(reads[0]!.ids).toEqual([1, 2]);
    reads.shift()!.answer({ 1: 11, 2: 21 });
    await settle();
    expect(await salesOf(ctx, [1, 2])).toEqual({ 1: 11, 2: 21 });
    expect(statement).toHaveBeenCalledTimes(2);
  });

  it('waits for a new read of rows nobody asked for in STALE_MS, reading only those', async () => {
    await firstAsk([1], { 1: 10 });
    vi.advanceTimersByTime(STALE_MS - FRESH_MS);
    await firstAsk([2], { 2: 20 });
    vi.advanceTimersByTime(FRESH_MS);
    const asked = salesOf(ctx, [1, 2]);
    await settle();
    expect(reads.map((r) => r.ids)).toEqual([[2], [1]]); // 2 read again behind the page, 1 before answering
    reads.pop()!.answer({ 1: 12 });
    expect(await asked).toEqual({ 1: 12, 2: 20 });
  });

  it('keeps the rows as they were when a new read fails, and reads again on the next ask', async () => {
    await firstAsk([1], { 1: 10 });
    vi.advanceTimersByTime(FRESH_MS);
    expect(await salesOf(ctx, [1])).toEqual({ 1: 10 });
    reads.shift()!.fail();
    await settle();
    expect(await salesOf(ctx, [1])).toEqual({ 1: 10 });
    expect(statement).toHaveBeenCalledTimes(3);
  });
});
