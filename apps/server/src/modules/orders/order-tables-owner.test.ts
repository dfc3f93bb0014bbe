/**
 * The orders module is the only writer of the order tables: no other production file inserts,
 * updates or deletes rows of `orders`, `order_items` or `order_events`, whether through Drizzle or
 * in SQL text. (Test files and test kits may set up states directly.) Inside the module, only the
 * repository writes them, and only order-lifecycle.ts changes a status.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
const ORDERS = path.join(SRC, 'modules/orders');

const WRITES = [
  /\b(insert|update|delete)\(\s*(orders|orderItems|orderEvents)\s*\)/,
  /\b(INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(orders|order_items|order_events)\b/i,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(e.name) && !/\.test\.ts$|test-kit\.ts$|[\\/]test[\\/]/.test(file) ? [file] : [];
  });
}

const writers = (files: string[]) =>
  files.filter((f) => WRITES.some((w) => w.test(fs.readFileSync(f, 'utf8')))).map((f) => path.relative(SRC, f));

describe('order tables', () => {
  it('are written by the orders module only', () => {
    const outside = sourceFiles(SRC).filter((f) => !f.startsWith(ORDERS + path.sep));
    expect(outside.length).toBeGreaterThan(50); // the scan really reads the source tree
    expect(writers(outside)).toEqual([]);
  });

  it('are written by the module repository only, and statuses are set by the lifecycle only', () => {
    expect(writers(sourceFiles(ORDERS))).toEqual(['modules/orders/orders.repo.ts']);
    const settingStatus = sourceFiles(ORDERS)
      .filter((f) => /\bstatus:\s*(rule\.to|'[A-Z_]+')/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(SRC, f));
    expect(settingStatus).toEqual(['modules/orders/order-lifecycle.ts']);
  });

  it('would notice a writer (the patterns match the forms the code uses)', () => {
    const samples = [
      'await tx.update(orders).set({ status })',
      'tx.insert(orderItems).values(x)',
      "sql`UPDATE orders SET status = 'CLOSED'`",
      'sql`INSERT INTO order_events (order_id) VALUES (1)`',
    ];
    for (const s of samples) expect(WRITES.some((w) => w.test(s)), s).toBe(true);
    expect(WRITES.some((w) => w.test('SELECT id FROM orders WHERE status = 1'))).toBe(false);
  });
});
