import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../../lib/data-dir-lock.ts';
import { migrationNames } from '../../lib/migrate.ts';
import { unpackTar } from './archive.ts';
import { lastOf } from './backup.ts';
import { censusDifferences, type Census } from './census.ts';
import { fileEntryOf, openManifest, type Manifest } from './manifest.ts';
import { hasPgliteShop, loadPglite, runningShop } from './pglite-dump.ts';
import { postgresCensus, postgresHasTables, restorePostgres } from './postgres-dump.ts';
import { BackupRefusal } from './refusal.ts';
import { censusLines } from './report.ts';
import { localUploadsDir, missingObjects, UPLOADS_IN_BACKUP } from './uploads.ts';

/**
 * Puts a backup back. Everything that can refuse is checked before anything is touched: the file is
 * whole (every file's sha256), it is of this build's schema version, it is for this kind of database,
 * and the shop is empty unless `force`. Then the database is restored and counted against the backup.
 */
export async function restoreShop(
  config: Config,
  file: string,
  opts: { force: boolean },
  print: (line: string) => void,
): Promise<Census> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`找不到备份文件 ${file}`);
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-restore-'));
  try {
    const manifest = await verifiedManifest(file, unpacked);
    const dumpFile = path.join(unpacked, manifest.database.dump.path);
    const census = config.DATABASE_URL
      ? await intoPostgres(config, manifest, dumpFile, unpacked, opts.force)
      : await intoPglite(config, manifest, dumpFile, unpacked, opts.force);
    print(
      `已从 ${file} 恢复（备份于 ${manifest.createdAt}，结构版本 ${lastOf(manifest.database.migrations)}），核对一致：`,
    );
    for (const line of censusLines(census)) print(line);
    if (manifest.uploads.driver === 'local') print(`上传文件：${manifest.uploads.files.length} 个，已恢复`);
    else {
      const missing = await missingObjects(config, manifest.uploads.objects);
      print(`存储桶对象：备份清单 ${manifest.uploads.objects.length} 个，桶中缺少或大小不符 ${missing.length} 个`);
      for (const o of missing.slice(0, 20)) print(`  缺少 ${o.key}（${o.size} B）`);
    }
    return census;
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

async function verifiedManifest(file: string, unpacked: string): Promise<Manifest> {
  const damaged = (why: string) => new BackupRefusal(`备份文件 ${file} 已损坏或不是商城备份（${why}），未做任何改动`);
  if (!(await unpackTar(file, unpacked))) throw damaged('无法解包');
  const manifestFile = path.join(unpacked, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw damaged('缺少 manifest.json');
  const manifest = openManifest(fs.readFileSync(manifestFile, 'utf8'));
  if (!manifest) throw damaged('清单无法读取或校验和不符');
  const entries = [manifest.database.dump, ...(manifest.uploads.driver === 'local' ? manifest.uploads.files : [])];
  for (const entry of entries) {
    const found = path.join(unpacked, entry.path);
    if (!fs.existsSync(found)) throw damaged(`缺少 ${entry.path}`);
    const actual = await fileEntryOf(found, entry.path);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) throw damaged(`${entry.path} 的校验和不符`);
  }
  const expected = migrationNames();
  const theirs = manifest.database.migrations;
  if (theirs.length !== expected.length || theirs.some((name, i) => name !== expected[i])) {
    throw new BackupRefusal(
      `备份的数据库结构版本（${lastOf(theirs)}，共 ${theirs.length} 个迁移）与本程序（${lastOf(expected)}，共 ${expected.length} 个迁移）不一致，` +
        '拒绝恢复，未做任何改动：请用做备份时的商城版本恢复，再升级',
    );
  }
  return manifest;
}

function refuseOtherKind(manifest: Manifest, here: 'pglite' | 'postgres') {
  if (manifest.database.kind === here) return;
  const name = (k: string) => (k === 'pglite' ? '嵌入式数据库（PGlite）' : 'PostgreSQL');
  throw new BackupRefusal(
    `这份备份来自${name(manifest.database.kind)}，而当前配置的是${name(here)}，拒绝恢复，未做任何改动`,
  );
}

const notEmpty = (where: string) =>
  new BackupRefusal(`${where}中已有商城数据，拒绝覆盖，未做任何改动；确要用备份替换现有数据，请加 --force`);

function assertMatches(expected: Manifest['database'], found: Census) {
  const differences = censusDifferences(expected, found);
  if (differences.length) {
    throw new BackupRefusal(`恢复出的数据与备份清单不符：\n  ${differences.join('\n  ')}`);
  }
}

async function intoPglite(config: Config, manifest: Manifest, dumpFile: string, unpacked: string, force: boolean) {
  refuseOtherKind(manifest, 'pglite');
  const { dataDir } = config;
  fs.mkdirSync(dataDir, { recursive: true });
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw runningShop(dataDir, '恢复');
    throw err;
  }
  const staging = path.join(dataDir, '.restoring');
  try {
    if ((hasPgliteShop(dataDir) || hasFiles(localUploadsDir(config))) && !force) throw notEmpty(`数据目录 ${dataDir} `);
    fs.rmSync(staging, { recursive: true, force: true });
    const census = await loadPglite(staging, dumpFile);
    assertMatches(manifest.database, census); // staging is removed below: nothing changed
    const uploads = stageUploads(manifest, unpacked, staging);
    replace(path.join(staging, 'pglite'), path.join(dataDir, 'pglite'));
    if (uploads) replace(uploads, localUploadsDir(config));
    return census;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function intoPostgres(config: Config, manifest: Manifest, dumpFile: string, unpacked: string, force: boolean) {
  refuseOtherKind(manifest, 'postgres');
  const url = config.DATABASE_URL!;
  const uploadsDir = localUploadsDir(config);
  if (!force) {
    if (await postgresHasTables(url)) throw notEmpty('数据库');
    if (hasFiles(uploadsDir)) throw notEmpty(`上传目录 ${uploadsDir} `);
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restoring-'));
  try {
    const uploads = stageUploads(manifest, unpacked, staging);
    await restorePostgres(url, dumpFile, config.PG_BIN);
    const { census } = await postgresCensus(url);
    assertMatches(manifest.database, census);
    if (uploads) replace(uploads, uploadsDir);
    return census;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Copies the backup's uploads beside their place (same disk, so the swap is a rename). */
function stageUploads(manifest: Manifest, unpacked: string, staging: string): string | undefined {
  if (manifest.uploads.driver !== 'local') return undefined;
  const target = path.join(staging, 'uploads');
  const from = path.join(unpacked, UPLOADS_IN_BACKUP);
  if (fs.existsSync(from)) fs.cpSync(from, target, { recursive: true });
  else fs.mkdirSync(target, { recursive: true });
  return target;
}

/** Moves `from` to `to`; whatever was at `to` is set aside first and removed once the move is done. */
function replace(from: string, to: string) {
  const old = `${to}.replaced-${process.pid}`;
  const hadOld = fs.existsSync(to);
  if (hadOld) fs.renameSync(to, old);
  fs.renameSync(from, to);
  if (hadOld) fs.rmSync(old, { recursive: true, force: true });
}

function hasFiles(dir: string): boolean {
  if (!fs.existsSync(dir)) return false;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).some((e) => e.isFile());
}
