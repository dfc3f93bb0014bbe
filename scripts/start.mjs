// `npm start`: builds the web app and the operator console when a build is missing or older than its
// sources, then runs the server, which serves the API and both apps on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAppsIfStale } from './build-web.mjs';
import { describeNode, requireSupportedNode } from './node-version.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireSupportedNode('npm start');
console.log(describeNode());
buildAppsIfStale();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
