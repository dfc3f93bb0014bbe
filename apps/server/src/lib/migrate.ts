import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Db } from './db.ts';
import { MIGRATIONS_DIR } from './server-files.ts';

/**
 * Applies the SQL files of db/migrations in name order, each once, each in its own transaction.
 * An advisory lock keeps two servers starting on one PostgreSQL from migrating at once.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = migrationNames();
  await database.execScript(
    `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());`,
  );
  const applied: string[] = [];
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(73019001)`);
    const done = new Set(
      (await rows<{ name: string }>(tx, sql`SELECT name FROM schema_migrations`)).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${file})`);
      applied.push(file);
    }
  });
  return applied;
}

/** The names of this build's migrations in the order they apply: the schema version it expects. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** The migration files not applied to this database yet (none once start-up has migrated it). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const files = migrationNames();
  const done = new Set((await rows<{ name: string }>(db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name));
  return files.filter((f) => !done.has(f)).sort();
}

/** Splits a migration on lines holding only `--> statement-breakpoint`, as drizzle-kit writes them. */
function splitStatements(text: string): string[] {
  return text
    .split(/^--> statement-breakpoint\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
