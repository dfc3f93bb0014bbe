import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupShop } from './backup/backup.ts';
import { restoreShop } from './backup/restore.ts';
import { OpsError } from './ops-client.ts';

/**
 * The commands that work on this machine's shop directly rather than through the running server's
 * /ops API: they read the server's own settings (DATABASE_URL, DATA_DIR, STORAGE_DRIVER, …).
 */
export interface LocalCommand {
  usage: string;
  summary: string;
  run(args: string[], flags: { force: boolean }): Promise<void>;
}

/**
 * Paths as the operator typed them: `npm run ops` runs in apps/server, npm keeps the directory it
 * was called from in INIT_CWD. DATA_DIR, unset, is `./data` there, where `npm start` keeps it.
 */
function fromCallerDir(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

function shopConfig() {
  return loadConfig({ ...process.env, DATA_DIR: fromCallerDir(process.env.DATA_DIR ?? './data') });
}

export const localCommands: Record<string, LocalCommand> = {
  backup: {
    usage: 'backup <file>',
    summary: '把数据库与上传文件备份到一个文件（嵌入式数据库须先停止商城）',
    async run([file]) {
      if (!file) throw new OpsError('用法：backup <file>');
      await backupShop(shopConfig(), fromCallerDir(file), (line) => console.log(line));
    },
  },
  restore: {
    usage: 'restore <file> [--force]',
    summary: '从备份文件恢复（先停止商城；现有数据须加 --force 才会被替换）',
    async run([file], { force }) {
      if (!file) throw new OpsError('用法：restore <file> [--force]');
      await restoreShop(shopConfig(), fromCallerDir(file), { force }, (line) => console.log(line));
    },
  },
};
