import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/** SQL of browsing history and favourites; every statement is scoped to one member. */

export async function upsertView(db: DbOrTx, memberId: string, goodsId: number, viewDate: string) {
  await db.execute(sql`INSERT INTO goods_history (member_id, goods_id, view_date) VALUES (${memberId}, ${goodsId}, ${viewDate})
    ON CONFLICT (member_id, goods_id, view_date) DO UPDATE SET viewed_at = now()`);
}

export async function pruneHistory(db: DbOrTx, memberId: string, keepDays: number) {
  await db.execute(sql`DELETE FROM goods_history WHERE member_id = ${memberId} AND viewed_at < now() - make_interval(days => ${keepDays})`);
}

export interface HistoryRow {
  id: number;
  goods_id: number;
  view_date: string;
  viewed_at: Date | string;
}

export async function historyPage(db: DbOrTx, memberId: string, offset: number, limit: number) {
  const list = await rows<HistoryRow>(
    db,
    sql`SELECT id, goods_id, to_char(view_date, 'YYYY-MM-DD') AS view_date, viewed_at FROM goods_history
      WHERE member_id = ${memberId} ORDER BY viewed_at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM goods_history WHERE member_id = ${memberId}`);
  return { list, total: count?.n ?? 0 };
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

export async function deleteHistory(db: DbOrTx, memberId: string, ids: number[]) {
  const deleted = await rows<{ id: number }>(
    db,
    sql`DELETE FROM goods_history WHERE member_id = ${memberId} AND id IN (${idList(ids)}) RETURNING id`,
  );
  return deleted.length;
}

export async function clearHistory(db: DbOrTx, memberId: string) {
  const deleted = await rows<{ id: number }>(db, sql`DELETE FROM goods_history WHERE member_id = ${memberId} RETURNING id`);
  return deleted.length;
}

export async function countFavorites(db: DbOrTx, memberId: string) {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM goods_favorites WHERE member_id = ${memberId}`);
  return row?.n ?? 0;
}

export async function insertFavorite(db: DbOrTx, memberId: string, goodsId: number) {
  await db.execute(sql`INSERT INTO goods_favorites (member_id, goods_id) VALUES (${memberId}, ${goodsId}) ON CONFLICT DO NOTHING`);
}

export async function deleteFavorites(db: DbOrTx, memberId: string, goodsIds: number[]) {
  const deleted = await rows<{ goods_id: number }>(
    db,
    sql`DELETE FROM goods_favorites WHERE member_id = ${memberId} AND goods_id IN (${idList(goodsIds)}) RETURNING goods_id`,
  );
  return deleted.length;
}

export async function favoritePage(db: DbOrTx, memberId: string, offset: number, limit: number) {
  const list = await rows<{ goods_id: number; created_at: Date | string }>(
    db,
    sql`SELECT goods_id, created_at FROM goods_favorites WHERE member_id = ${memberId}
      ORDER BY created_at DESC, goods_id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  return { list, total: await countFavorites(db, memberId) };
}

export async function isFavorite(db: DbOrTx, memberId: string, goodsId: number) {
  const found = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM goods_favorites WHERE member_id = ${memberId} AND goods_id = ${goodsId}`,
  );
  return found.length > 0;
}
