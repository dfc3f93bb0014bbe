// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server, which serves the API and the built app on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = path.resolve(import.meta.dirname, '..');
buildWebIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
