import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the server's own files and its neighbours' builds are. The server runs from its sources
 * (src/…, through tsx) and from its build (dist/…, one bundle whose modules all sit at dist's depth), so
 * paths are taken from the server's folder (the one holding its package.json), never from the
 * depth of the file that asks.
 */
function serverFolder(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error('the server folder (apps/server, with its package.json) was not found');
  }
}

export const SERVER_FOLDER = serverFolder();
/** SQL migrations, applied in name order (lib/migrate.ts); read from the sources, also by the build. */
export const MIGRATIONS_DIR = path.join(SERVER_FOLDER, 'src/db/migrations');
export const PUBLIC_DIR = path.join(SERVER_FOLDER, 'public');
export const DEFAULT_WEB_DIST = path.resolve(SERVER_FOLDER, '../web/dist');
export const DEFAULT_ADMIN_DIST = path.resolve(SERVER_FOLDER, '../admin/dist');
