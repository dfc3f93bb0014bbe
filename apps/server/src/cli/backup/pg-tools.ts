import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupRefusal } from './refusal.ts';

/**
 * pg_dump and pg_restore from Debian's postgresql packages, found as scripts/pg-cluster.sh finds the
 * server's binaries: PG_BIN when set, else the newest /usr/lib/postgresql/<major>/bin (a newer
 * pg_dump reads older servers, never the reverse), else the PATH.
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', pgBin?: string): string {
  const dirs = pgBin ? [pgBin] : debianBinDirs();
  for (const dir of dirs) {
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  if (!pgBin) {
    for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return file;
    }
  }
  throw new BackupRefusal(
    `找不到 ${name}${pgBin ? `（PG_BIN=${pgBin}）` : ''}：请安装 PostgreSQL 客户端（sudo apt-get install postgresql-client），或用 PG_BIN 指明其目录`,
  );
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(root, v, 'bin'));
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A connection URL split for the tools: the password goes in PGPASSWORD, not on a command line that
 * every user of the machine can read in `ps`.
 */
export function toolConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a tool to its end; its error output becomes the message of a failure. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} 失败（退出码 ${code}）：${errors.trim()}`));
    });
  });
}
