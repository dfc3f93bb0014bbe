/** Helpers of the coupon tests: templates written straight to the table, and the rows to check. */
import { rows, sql, type Db } from '../../lib/db.ts';
import { dbOf, type TestServer } from '../../test/kit/index.ts';
import * as repo from './coupons.repo.ts';

const DAY = 86_400_000;

/** A template (default: 领券中心, 满100减10, all goods, 7 days after claiming, 100 coupons, 1 each). */
export function makeTemplate(db: Db, o: Partial<repo.NewTemplate> = {}) {
  return repo.insertTemplate(db, {
    name: '测试满减券',
    kind: 'FULL_REDUCTION',
    thresholdFen: 10000,
    amountFen: 1000,
    scope: 'ALL',
    scopeIds: [],
    validityType: 'DAYS',
    validDays: 7,
    totalQuantity: 100,
    perMemberLimit: 1,
    channel: 'CENTER',
    ...o,
  });
}

/** A 折扣 template: pays `percent`%, takes off at most `capFen`. */
export const discountTemplate = (db: Db, percent: number, capFen: number, o: Partial<repo.NewTemplate> = {}) =>
  makeTemplate(db, { name: '测试折扣券', kind: 'DISCOUNT', thresholdFen: 0, amountFen: 0, discountPercent: percent, capFen, ...o });

export const rangeOf = (fromDays: number, toDays: number) => ({
  validityType: 'RANGE',
  validFrom: new Date(Date.now() + fromDays * DAY),
  validTo: new Date(Date.now() + toDays * DAY),
  validDays: null,
});

export async function couponRows(server: TestServer, where = sql`true`) {
  return rows<{ id: string; member_id: string; template_id: number; status: string; order_no: string | null; discount_fen: number }>(
    dbOf(server),
    sql`SELECT id, member_id, template_id, status, order_no, discount_fen FROM member_coupons WHERE ${where} ORDER BY claimed_at, id`,
  );
}

export async function claimedCount(server: TestServer, templateId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(dbOf(server), sql`SELECT claimed_count AS n FROM coupon_templates WHERE id = ${templateId}`);
  return row!.n;
}

/** Everything the coupon tables hold, to show a refused request changed nothing. */
export async function couponTables(server: TestServer) {
  return {
    templates: await rows(dbOf(server), sql`SELECT * FROM coupon_templates ORDER BY id`),
    coupons: await rows(dbOf(server), sql`SELECT * FROM member_coupons ORDER BY id`),
  };
}

/** Members written straight to the table (for races of many members at the service level). */
export async function bulkMembers(server: TestServer, n: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    dbOf(server),
    sql`INSERT INTO members (mobile, roles)
        SELECT '16' || lpad((${Math.floor(Math.random() * 900_000_000)} + g)::text, 9, '0'), ARRAY['member']
        FROM generate_series(1, ${n}) g RETURNING id`,
  );
  return found.map((r) => r.id);
}
