import { createHash } from 'node:crypto';

/**
 * What a database holds, counted the same way at backup and after a restore: rows per table of the
 * public schema, and one checksum over every row's text. Each row's md5 is folded into a sum (order
 * does not matter, memory stays flat), so two databases agree only when every row agrees.
 */
export interface Census {
  tables: Record<string, number>;
  checksum: string;
}

/** Runs one SQL text and answers its rows: a pg client or PGlite, whichever holds the connection. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Settings that change how a row prints; fixed so both sides print rows alike. Call inside a transaction. */
export async function fixRowText(query: Query) {
  await query(`SET LOCAL TimeZone = 'UTC'`);
  await query(`SET LOCAL DateStyle = 'ISO, YMD'`);
  await query(`SET LOCAL IntervalStyle = 'postgres'`);
  await query(`SET LOCAL extra_float_digits = 1`);
}

export async function takeCensus(query: Query): Promise<Census> {
  const names = await query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const tables: Record<string, number> = {};
  const lines: string[] = [];
  for (const { name } of names as { name: string }[]) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const [row] = (await query(
      `SELECT count(*)::text AS n, coalesce(sum(('x' || substr(md5(t::text), 1, 15))::bit(60)::bigint), 0)::text AS s
         FROM public.${quoted} t`,
    )) as { n: string; s: string }[];
    tables[name] = Number(row!.n);
    lines.push(`${name}:${row!.n}:${row!.s}`);
  }
  return { tables, checksum: createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 32) };
}

/** The names of the applied migrations, in order: the schema version of this database. */
export async function appliedMigrations(query: Query): Promise<string[]> {
  const [exists] = await query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS found`);
  if (!exists?.found) return [];
  return ((await query(`SELECT name FROM schema_migrations ORDER BY name`)) as { name: string }[]).map((r) => r.name);
}

/** Where two censuses differ, one line a table; empty when they agree. */
export function censusDifferences(expected: Census, found: Census): string[] {
  const names = [...new Set([...Object.keys(expected.tables), ...Object.keys(found.tables)])].sort();
  const lines = names
    .filter((n) => expected.tables[n] !== found.tables[n])
    .map((n) => `${n}：备份中 ${expected.tables[n] ?? '无此表'}，恢复后 ${found.tables[n] ?? '无此表'}`);
  if (!lines.length && expected.checksum !== found.checksum)
    lines.push(`校验和：备份中 ${expected.checksum}，恢复后 ${found.checksum}`);
  return lines;
}
