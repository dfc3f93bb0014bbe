import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../lib/db.ts';
import { migrate } from '../lib/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a migrated in-memory PGlite (the PGlite pass). */
    pgliteSnapshotFile: string;
    /** A migrated database on TEST_DATABASE_URL's server to clone per test server (the PostgreSQL pass). */
    pgTemplateDatabase: string;
  }
}

/**
 * Once per `vitest run` of the server project: the migrations applied once, then every test server
 * starts from that state instead of running initdb and all the migrations again (PGlite: ≈4 s each
 * on a 2-core machine). PGlite: a dump of the migrated data directory (cached, see below). PostgreSQL
 * (TEST_DATABASE_URL): a migrated template database, cloned with CREATE DATABASE … TEMPLATE. Each
 * server still runs migrate() at boot, which finds every migration applied.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `mall_template_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    project.provide('pgliteSnapshotFile', '');
    project.provide('pgTemplateDatabase', name);
    return async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const file = await pgliteSnapshotFile();
  project.provide('pgliteSnapshotFile', file);
  project.provide('pgTemplateDatabase', '');
}

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../db/migrations');
const CACHE_DIR = path.join(import.meta.dirname, '../../../../node_modules/.cache/mall-test-pglite');

/**
 * The migrated PGlite dump, kept in node_modules/.cache under a name made of the migrations' text
 * and PGlite's version: a run after a new or changed migration (or another PGlite) makes a new one,
 * other runs reuse it. Written under a temporary name and renamed, so parallel runs never read half.
 */
async function pgliteSnapshotFile(): Promise<string> {
  const hash = crypto.createHash('sha256');
  const pglitePackage = path.join(import.meta.dirname, '../../../../node_modules/@electric-sql/pglite/package.json');
  hash.update(fs.existsSync(pglitePackage) ? fs.readFileSync(pglitePackage) : 'pglite');
  for (const name of fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(`\0${name}\0`);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, name)));
  }
  hash.update(fs.readFileSync(path.join(import.meta.dirname, '../lib/migrate.ts')));
  const file = path.join(CACHE_DIR, `migrated-${hash.digest('hex').slice(0, 24)}.tar`);
  if (fs.existsSync(file)) return file;

  const database = await openDatabase({});
  let dump: Blob;
  try {
    await migrate(database);
    // The client behind drizzle: dumpDataDir is PGlite's own.
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    dump = await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  // Dumps of other migrations go once a day old (a run still using one has long read it by then).
  for (const old of fs.readdirSync(CACHE_DIR)) {
    const oldPath = path.join(CACHE_DIR, old);
    if (old.startsWith('migrated-') && Date.now() - fs.statSync(oldPath).mtimeMs > 86_400_000)
      fs.rmSync(oldPath, { force: true });
  }
  const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}
