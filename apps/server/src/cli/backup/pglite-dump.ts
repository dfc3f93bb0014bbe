import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, rows, sql, type Database } from '../../lib/db.ts';
import { DataDirLockedError } from '../../lib/data-dir-lock.ts';
import { appliedMigrations, fixRowText, takeCensus, type Census, type Query } from './census.ts';
import { BackupRefusal } from './refusal.ts';

/**
 * The embedded database (PGlite in DATA_DIR/pglite): its own dump of its data directory, a gzip tar
 * that PGlite loads back with its loadDataDir option. PGlite is one process's alone, so the shop must
 * be stopped while it is dumped; its lock on DATA_DIR tells.
 */
export const PGLITE_DUMP = 'database/pglite.tar.gz';

export function hasPgliteShop(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

export async function dumpPglite(dataDir: string, outFile: string): Promise<{ census: Census; migrations: string[] }> {
  if (!hasPgliteShop(dataDir))
    throw new BackupRefusal(`数据目录 ${dataDir} 中没有商城数据库，无可备份（请检查 DATA_DIR）`);
  const database = await openLocked(dataDir, '备份');
  try {
    const taken = await censusOf(database);
    const dump = await database.dumpDataDir!();
    fs.writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
    return taken;
  } finally {
    await database.close();
  }
}

/**
 * Loads a dump into `stagingDir` (a new, empty directory) and counts what it holds. The caller moves
 * `<stagingDir>/pglite` into place once everything checks out.
 */
export async function loadPglite(stagingDir: string, dumpFile: string): Promise<Census> {
  const dump = new Blob([fs.readFileSync(dumpFile)], { type: 'application/x-gzip' });
  const database = await openDatabase({ dataDir: stagingDir, snapshot: dump });
  try {
    return (await censusOf(database)).census;
  } finally {
    await database.close();
  }
}

async function censusOf(database: Database) {
  return database.db.transaction(async (tx) => {
    const query: Query = (text) => rows(tx, sql.raw(text));
    await fixRowText(query);
    return { census: await takeCensus(query), migrations: await appliedMigrations(query) };
  });
}

async function openLocked(dataDir: string, what: string): Promise<Database> {
  try {
    return await openDatabase({ dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) throw runningShop(dataDir, what);
    throw err;
  }
}

export function runningShop(dataDir: string, what: string): BackupRefusal {
  return new BackupRefusal(
    `商城正在使用数据目录 ${dataDir}：嵌入式数据库同一时间只能由一个进程打开，请先停止商城再${what}`,
  );
}
