import { sql } from 'drizzle-orm';
import type { ActivityPageSectionInput, ActivityPageStatus } from '@mall/shared';
import { rows, type DbOrTx } from '../../lib/db.ts';

/** SQL of the activity_pages table (migration 0071); nothing else touches it. */

export interface PageRow {
  id: number;
  title: string;
  share_subtitle: string;
  status: ActivityPageStatus;
  sections: ActivityPageSectionInput[];
  published_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface PageValues {
  title: string;
  shareSubtitle: string;
  sections: ActivityPageSectionInput[];
}

const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

export async function findPage(db: DbOrTx, id: number): Promise<PageRow | undefined> {
  const [row] = await rows<PageRow>(db, sql`SELECT * FROM activity_pages WHERE id = ${id}`);
  return row;
}

export async function page(db: DbOrTx, q: { status?: ActivityPageStatus; pageNum: number; pageSize: number }) {
  const where = q.status ? sql`WHERE status = ${q.status}` : sql``;
  const list = await rows<PageRow>(
    db,
    sql`SELECT * FROM activity_pages ${where} ORDER BY id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM activity_pages ${where}`);
  return { list, total: count?.n ?? 0 };
}

export async function insertPage(db: DbOrTx, v: PageValues & { status?: ActivityPageStatus }): Promise<PageRow> {
  const status = v.status ?? 'DRAFT';
  const [row] = await rows<PageRow>(
    db,
    sql`INSERT INTO activity_pages (title, share_subtitle, sections, status, published_at)
        VALUES (${v.title}, ${v.shareSubtitle}, ${json(v.sections)}, ${status}, ${status === 'PUBLISHED' ? sql`now()` : null})
        RETURNING *`,
  );
  return row!;
}

/** Saves the page only while it is in one of `from` (a conditional update); undefined when it was not. */
export async function updatePage(db: DbOrTx, id: number, v: PageValues, from: readonly ActivityPageStatus[]): Promise<PageRow | undefined> {
  const [row] = await rows<PageRow>(
    db,
    sql`UPDATE activity_pages SET title = ${v.title}, share_subtitle = ${v.shareSubtitle}, sections = ${json(v.sections)}, updated_at = now()
        WHERE id = ${id} AND status IN (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
        RETURNING *`,
  );
  return row;
}

/** Moves the page from one of `from` to `to` (a conditional update); undefined when it was not in them. */
export async function movePage(db: DbOrTx, id: number, from: readonly ActivityPageStatus[], to: ActivityPageStatus): Promise<PageRow | undefined> {
  const [row] = await rows<PageRow>(
    db,
    sql`UPDATE activity_pages SET status = ${to}, updated_at = now(),
               published_at = ${to === 'PUBLISHED' ? sql`now()` : sql`published_at`}
        WHERE id = ${id} AND status IN (${sql.join(from.map((s) => sql`${s}`), sql`, `)})
        RETURNING *`,
  );
  return row;
}

/** Published pages, the latest published first (the home's 活动专区 picks the current ones). */
export async function publishedPages(db: DbOrTx, limit: number): Promise<PageRow[]> {
  return rows<PageRow>(
    db,
    sql`SELECT * FROM activity_pages WHERE status = 'PUBLISHED' ORDER BY published_at DESC NULLS LAST, id DESC LIMIT ${limit}`,
  );
}

export async function findPageByTitle(db: DbOrTx, title: string): Promise<PageRow | undefined> {
  const [row] = await rows<PageRow>(db, sql`SELECT * FROM activity_pages WHERE title = ${title} ORDER BY id LIMIT 1`);
  return row;
}
