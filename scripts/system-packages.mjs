// Debian packages the tests need outside node_modules (Chromium and a Chinese font for the
// end-to-end tests; `.ci/run` adds PostgreSQL and wrk). Installs the missing ones with apt-get, as
// root or through passwordless sudo; where it cannot, it says which one command a person should run.
// Node built-ins only, so that it runs before `npm ci`.
//
//   node scripts/system-packages.mjs [--check] [--retry] [--verbose] [package ...]
//     (no packages: the end-to-end set)   --check: never install, only report (exit 1 when missing)
//     --retry: one more apt attempt after 10 s   --verbose: show apt's output as it runs
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What `npm run test:e2e` needs: Chromium at /usr/bin/chromium and a font with Chinese glyphs. */
export const E2E_PACKAGES = ['chromium', 'fonts-wqy-microhei'];

const APT_OPTIONS = [
  '-o',
  'Dpkg::Options::=--force-confdef',
  '-o',
  'Dpkg::Options::=--force-confold',
  '-o',
  'DPkg::Lock::Timeout=120',
];

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

/** Whether this is a Debian-like system (dpkg), where these packages can be checked and installed. */
export function hasDpkg() {
  return hasCommand('dpkg-query');
}

/** The packages of `packages` that dpkg does not list as installed; null when this is not a dpkg system. */
export function missingPackages(packages) {
  if (!hasDpkg()) return null;
  return packages.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || r.stdout.trim() !== 'install ok installed';
  });
}

/** The one command a person runs to install `packages`. */
export function installCommand(packages) {
  return `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
}

/** How to run apt-get here: [] as root, ['sudo', '-n'] with passwordless sudo; otherwise the reason why not. */
function privilege() {
  if (process.getuid?.() === 0) return { prefix: [] };
  if (!hasCommand('sudo')) return { reason: '不是 root，也没有 sudo (not root, and sudo is not installed)' };
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) {
    return { reason: '不是 root，sudo 需要密码 (not root, and sudo asks for a password)' };
  }
  return { prefix: ['sudo', '-n'] };
}

function cannot(packages, reason, purpose) {
  console.error(
    [
      `无法安装${purpose.zh}所需的系统软件包 (cannot install the system packages for ${purpose.en}): ${packages.join(' ')}`,
      `  原因 (why): ${reason}`,
      '请先运行一次，然后重试 (run this once, then try again):',
      `  ${installCommand(packages)}`,
    ].join('\n'),
  );
  return false;
}

/** apt-get update + install, output to `logFile` (null: the terminal); true when both succeed. */
function aptInstall(prefix, packages, logFile) {
  const fd = logFile ? fs.openSync(logFile, 'a') : 'inherit';
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args];
    const r = spawnSync(cmd, rest, { stdio: ['ignore', fd, fd] });
    return r.status === 0;
  };
  try {
    return run(['update', '-q', ...APT_OPTIONS]) && run(['install', '-y', '-q', ...APT_OPTIONS, ...packages]);
  } finally {
    if (typeof fd === 'number') fs.closeSync(fd);
  }
}

/**
 * Makes sure the Debian `packages` are installed, installing the missing ones. Prints one line when
 * it installs; returns false (after printing what to run) when they are missing and it cannot.
 */
export function ensureSystemPackages(packages = E2E_PACKAGES, opts = {}) {
  const { check = false, retry = false, verbose = false } = opts;
  const purpose = opts.purpose ?? { zh: '测试', en: 'the tests' };
  const missing = missingPackages(packages);
  if (missing === null) {
    return cannot(packages, '这台机器没有 dpkg，不是 Debian/Ubuntu (no dpkg-query: not Debian or Ubuntu)', purpose);
  }
  if (missing.length === 0) {
    if (verbose) console.log(`均已安装 (all present, nothing to install): ${packages.join(' ')}`);
    return true;
  }
  if (check) return cannot(missing, '缺少，且 --check 不安装 (missing; --check does not install)', purpose);
  const how = privilege();
  if (!how.prefix) return cannot(missing, how.reason, purpose);
  if (!hasCommand('apt-get')) return cannot(missing, '没有 apt-get (apt-get not found)', purpose);

  const via = how.prefix.length ? 'sudo apt-get' : 'apt-get';
  console.log(`安装缺少的系统软件包 (installing missing system packages with ${via}): ${missing.join(' ')}`);
  const started = Date.now();
  // apt's output goes to the terminal when verbose, else to a log shown only if apt fails.
  const logFile = verbose ? null : path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apt-install-')), 'apt.log');
  let ok = aptInstall(how.prefix, missing, logFile);
  if (!ok && retry) {
    console.log('apt-get 失败，10 秒后重试 (apt-get failed; retrying in 10 s)');
    spawnSync('sleep', ['10']);
    ok = aptInstall(how.prefix, missing, logFile);
  }
  const still = missingPackages(missing) ?? missing;
  if (!ok || still.length > 0) {
    if (logFile && fs.existsSync(logFile)) {
      const tail = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15);
      console.error(`apt-get 的最后输出 (the end of apt-get's output; all of it in ${logFile}):\n${tail.join('\n')}`);
    }
    return cannot(still.length ? still : missing, 'apt-get 失败 (apt-get failed)', purpose);
  }
  if (logFile) fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
  console.log(`已安装 (installed in ${Math.round((Date.now() - started) / 1000)} s): ${missing.join(' ')}`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const flags = new Set(args.filter((a) => a.startsWith('--')));
  const unknown = [...flags].filter((f) => !['--check', '--retry', '--verbose'].includes(f));
  if (unknown.length) {
    console.error(
      `unknown option ${unknown.join(' ')}; usage: node scripts/system-packages.mjs [--check] [--retry] [--verbose] [package ...]`,
    );
    process.exit(2);
  }
  const packages = args.filter((a) => !a.startsWith('--'));
  const ok = ensureSystemPackages(packages.length ? packages : E2E_PACKAGES, {
    check: flags.has('--check'),
    retry: flags.has('--retry'),
    verbose: flags.has('--verbose'),
  });
  process.exit(ok ? 0 : 1);
}
