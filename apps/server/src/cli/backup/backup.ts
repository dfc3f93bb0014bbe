import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { packTar } from './archive.ts';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, fileEntryOf, sealManifest, type Manifest } from './manifest.ts';
import { dumpPglite, PGLITE_DUMP } from './pglite-dump.ts';
import { dumpPostgres, POSTGRES_DUMP } from './postgres-dump.ts';
import { censusLines } from './report.ts';
import { collectUploads, UPLOADS_IN_BACKUP } from './uploads.ts';

/**
 * One file holding the whole shop: `manifest.json`, the database's dump under `database/`, and the
 * local uploads under `uploads/` (for a bucket, the manifest lists its objects instead).
 */
export async function backupShop(config: Config, file: string, print: (line: string) => void): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    const dumpPath = kind === 'postgres' ? POSTGRES_DUMP : PGLITE_DUMP;
    const dumpFile = path.join(staging, dumpPath);
    const taken = config.DATABASE_URL
      ? await dumpPostgres(config.DATABASE_URL, dumpFile, config.PG_BIN)
      : await dumpPglite(config.dataDir, dumpFile);
    const uploads = await collectUploads(config, staging);
    const manifest = sealManifest({
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind, migrations: taken.migrations, ...taken.census, dump: await fileEntryOf(dumpFile, dumpPath) },
      uploads,
    });
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const hasUploadFiles = uploads.driver === 'local' && uploads.files.length > 0;
    await packTar(file, staging, ['manifest.json', 'database', ...(hasUploadFiles ? [UPLOADS_IN_BACKUP] : [])]);
    print(
      `已备份到 ${file}（${kind === 'pglite' ? '嵌入式数据库 PGlite' : 'PostgreSQL'}，结构版本 ${lastOf(taken.migrations)}）`,
    );
    for (const line of censusLines(taken.census)) print(line);
    print(
      uploads.driver === 'local'
        ? `上传文件：${uploads.files.length} 个，共 ${bytes(uploads.files.reduce((s, f) => s + f.size, 0))}`
        : `上传文件在存储桶中：备份只含清单（${uploads.objects.length} 个对象），文件本身请用存储桶的版本控制或复制保管`,
    );
    print(
      '提醒：备份不含 DATA_KEY 与 JWT_SECRET（生产环境的设置，或演示环境的 DATA_DIR/secrets.json），请另行妥善保管',
    );
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

export const lastOf = (migrations: string[]) => migrations.at(-1) ?? '（无）';

export function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
