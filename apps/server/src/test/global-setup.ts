import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
 * on a 2-core machine). PGlite: a dump of the migrated data directory in a temp file. PostgreSQL
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
  const database = await openDatabase({});
  let dump: Blob;
  try {
    await migrate(database);
    const { db } = database;
    // The client behind drizzle: dumpDataDir is PGlite's own.
    const client = (db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    dump = await client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-test-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshotFile', file);
  project.provide('pgTemplateDatabase', '');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
