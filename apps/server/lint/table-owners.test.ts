/**
 * Each table has one owning module, the only one whose production code inserts, updates or deletes
 * its rows (through Drizzle or in SQL text); other modules ask the owner's service. The stock column
 * of `skus` is the inventory module's (catalog writes the SKU rows, never their stock after
 * creation). Tests, test kits and the demo data (seed/) may set up rows directly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeOf, serverSrc } from './module-graph.js';

/** Who writes each table: a module, or `lib` for the SMS outbox every provider shares. */
const OWNERS: Record<string, string> = {
  members: 'accounts', member_sessions: 'accounts', login_failures: 'accounts', sms_codes: 'accounts', member_cancellations: 'accounts',
  member_reauth_tickets: 'member', member_security_codes: 'member', member_consents: 'member', member_data_copies: 'member', member_real_names: 'realname',
  addresses: 'address',
  operators: 'operators', ops_roles: 'operators', ops_sessions: 'operators', ops_login_failures: 'operators', ops_audit_log: 'operators',
  goods: 'catalog', goods_sales_tally: 'catalog', skus: 'catalog', categories: 'catalog', brands: 'catalog',
  stock_ledger: 'inventory',
  search_keywords: 'search', search_terms: 'search',
  goods_favorites: 'engagement', goods_history: 'engagement', goods_visitors: 'dashboard',
  cart_items: 'cart',
  orders: 'orders', order_items: 'orders', order_events: 'orders', order_shipments: 'orders',
  payments: 'payments', payment_notifications: 'payments', refunds: 'payments',
  after_sales: 'aftersale', after_sale_events: 'aftersale', after_sale_images: 'aftersale',
  goods_reviews: 'reviews', review_images: 'reviews',
  coupon_templates: 'coupons', member_coupons: 'coupons',
  points_accounts: 'points', points_ledger: 'points', points_mall_goods: 'points', points_mall_redemptions: 'points',
  points_order_earnings: 'points', points_order_spends: 'points', points_sign_days: 'points', points_task_completions: 'points',
  activities: 'activities', activity_skus: 'activities', activity_holds: 'activities', activity_reminders: 'activities',
  activity_pages: 'activity-pages',
  distributors: 'distribution', distribution_accounts: 'distribution', distribution_applications: 'distribution',
  distribution_bindings: 'distribution', distribution_ledger: 'distribution', distribution_skus: 'distribution',
  distribution_visits: 'distribution', commissions: 'distribution', withdrawals: 'distribution', promoter_levels: 'distribution',
  suppliers: 'supplier', supplier_applications: 'supplier', supplier_application_events: 'supplier',
  site_config: 'site',
  assistant_sessions: 'assistant', assistant_messages: 'assistant', assistant_tool_calls: 'assistant', assistant_mcp_calls: 'assistant',
  sms_outbox: 'lib',
};

/** Every table of the Drizzle schema: its SQL name and the name of its Drizzle object. */
function schemaTables() {
  const dir = path.join(serverSrc, 'db/schema');
  return fs.readdirSync(dir).flatMap((f) =>
    [...fs.readFileSync(path.join(dir, f), 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)].map(
      ([, variable, name]) => ({ variable: variable!, name: name! }),
    ),
  );
}

const writesOf = (variable: string, name: string) => [
  new RegExp(`\\b(insert|update|delete)\\(\\s*${variable}\\s*\\)`),
  new RegExp(`\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+${name}\\b`, 'i'),
];

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'seed' ? [] : productionFiles(file);
    return /\.ts$/.test(e.name) && !/(\.test|test-kit|\.fixtures)\.ts$/.test(e.name) ? [file] : [];
  });
}

const ownerOf = (file: string) => {
  const place = placeOf(file);
  return place?.startsWith('module:') ? place.slice(7) : path.relative(serverSrc, file).split(path.sep)[0];
};

describe('table owners', () => {
  const tables = schemaTables();
  const files = productionFiles(serverSrc).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('name an owner for every table of the schema', () => {
    expect(tables.length).toBeGreaterThan(60);
    expect(tables.filter((t) => !OWNERS[t.name]).map((t) => t.name)).toEqual([]);
  });

  it('are the only writers of their tables', () => {
    const strangers = tables.flatMap(({ variable, name }) =>
      files
        .filter(({ text }) => writesOf(variable, name).some((w) => w.test(text)))
        .filter(({ file }) => ownerOf(file) !== OWNERS[name])
        .filter(({ file }) => !(name === 'skus' && ownerOf(file) === 'inventory')) // its stock column: below
        .map(({ file }) => `${name} written by ${path.relative(serverSrc, file)} (owner: ${OWNERS[name]})`),
    );
    expect(strangers).toEqual([]);
  });

  it('leave the stock of SKUs to the inventory module', () => {
    const stockWriters = files
      .filter(({ text }) => /UPDATE\s+skus\s+SET[^`]*\bstock\s*=/i.test(text) || /update\(\s*skus\s*\)\s*\.set\(\{[^}]*\bstock\b/.test(text))
      .map(({ file }) => path.relative(serverSrc, file));
    expect(stockWriters).toEqual(['modules/inventory/inventory.repo.ts']);
    const inventoryUpdates = files
      .filter(({ file }) => ownerOf(file) === 'inventory')
      .flatMap(({ text }) => [...text.matchAll(/UPDATE\s+skus\s+SET\s+([^`]*?)\s+WHERE/gi)].map((m) => m[1]!));
    expect(inventoryUpdates.length).toBeGreaterThan(0);
    for (const set of inventoryUpdates) expect(set, 'inventory sets the stock only').toMatch(/^stock\s*=[^,]*$/);
  });

  it('would notice a stranger (the patterns match the forms the code uses)', () => {
    const samples = ['await tx.update(goods).set({ sales })', 'tx.insert(goods).values(x)', 'sql`UPDATE goods SET sales = 1`', 'sql`DELETE FROM goods WHERE id = 1`'];
    for (const s of samples) expect(writesOf('goods', 'goods').some((w) => w.test(s)), s).toBe(true);
    expect(writesOf('goods', 'goods').some((w) => w.test('SELECT id FROM goods WHERE on_shelf'))).toBe(false);
  });
});
