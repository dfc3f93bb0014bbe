import { addDays, shanghaiDay } from '../../modules/points/points-rules.ts';

/**
 * When the demo's past conversations happened, and how long their tool calls took: times in
 * Asia/Shanghai a number of days before the seed's start, and durations drawn from a seeded random,
 * so the same start always writes the same history.
 */

/** A moment of a past conversation: a day and a time in Asia/Shanghai, or some minutes before the start. */
export type When = { daysAgo: number; at: `${number}:${number}` } | { minutesAgo: number };

/** mulberry32: small, fast and good enough for believable data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** A whole number from `min` to `max`, both included. */
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** The moment of `when`, with a random second so that no two conversations start on the minute. */
export function momentOf(when: When, now: Date, random: Random): Date {
  if ('minutesAgo' in when) return new Date(now.getTime() - when.minutesAgo * 60_000 - between(random, 0, 59) * 1000);
  const day = addDays(shanghaiDay(now), -when.daysAgo);
  const second = String(between(random, 0, 59)).padStart(2, '0');
  return new Date(`${day}T${when.at}:${second}+08:00`);
}

/** What a tool call of the assistant takes on a small shop's database, in ms (lowest, highest). */
const TOOL_MS: Record<string, [number, number]> = {
  search_goods: [9, 48],
  recommend: [14, 61],
  catalogue_shape: [12, 55],
  compare_goods: [8, 29],
  goods_detail: [5, 22],
  claimable_coupons: [5, 19],
  coupons_for: [6, 24],
  points_balance: [3, 11],
  my_orders: [4, 26],
  my_aftersales: [4, 18],
  add_to_cart: [0, 1],
};

export function toolMs(random: Random, tool: string): number {
  const [low, high] = TOOL_MS[tool] ?? [5, 30];
  return between(random, low, high);
}

/** A tool call that failed on a busy database: it waited for the statement timeout or close to it. */
export const failedToolMs = (random: Random) => between(random, 2400, 5200);
