// Where a server file sits and which imports between places are allowed: shared by the lint rule
// (module-boundaries.js) and its test, which also draws the graph of modules and looks for cycles.
import path from 'node:path';

export const serverSrc = path.resolve(import.meta.dirname, '../src');

/** Files that start the app or put it together: they may use every module's public face and flows. */
const COMPOSITION = new Set(['app.ts', 'bootstrap.ts', 'main.ts', 'routes.ts']);

/**
 * The place of a file under apps/server/src: `module:<name>`, `flows`, `base` (lib, db, config: no
 * business, imported by all), `composition` (start-up, seed, cli, routes.ts: the registrar) or null.
 */
export function placeOf(file) {
  const relative = path.relative(serverSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second, third] = relative.split(path.sep);
  if (top === 'modules') return third === undefined ? null : `module:${second}`;
  if (top === 'flows') return 'flows';
  if (top === 'lib' || top === 'db' || top === 'config.ts') return 'base';
  if (top === 'seed' || top === 'cli' || COMPOSITION.has(top)) return 'composition';
  return null;
}

/** A module's public face: its index.ts and its services. */
export function isPublicFace(file) {
  const name = path.basename(file);
  return name === 'index.ts' || name.endsWith('.service.ts');
}

/** Tests, the test kit and the demo data build state directly, as a person's setup would: not held. */
const isSetUp = (file) => {
  const parts = path.relative(serverSrc, file).split(path.sep);
  return /(\.test|test-kit|\.fixtures)\.ts$/.test(file) || parts.includes('test') || parts[0] === 'seed';
};

/**
 * Why `from` may not import `target` (both absolute paths), or null when it may:
 * - 'private': another module's file that is not its public face;
 * - 'upward': a module reaching flows or composition code, or lib/db reaching a module or flows.
 * Tests, the test kit and the demo data (seed/) are not held: they put any layer together.
 */
export function violation(from, target) {
  if (isSetUp(from)) return null;
  const here = placeOf(from);
  const there = placeOf(target);
  if (!here || !there || here === there) return null;
  if (here === 'base') return there === 'base' ? null : 'upward';
  if (here.startsWith('module:')) {
    if (there === 'flows' || there === 'composition') return 'upward';
    if (there.startsWith('module:') && !isPublicFace(target)) return 'private';
    return null;
  }
  // flows and composition: modules only through their public face; the registrar may take routes.
  if (there.startsWith('module:') && !isPublicFace(target)) {
    const registrar = path.relative(serverSrc, from) === 'routes.ts';
    if (!(registrar && target.endsWith('.routes.ts'))) return 'private';
  }
  if (here === 'flows' && there === 'composition') return 'upward';
  return null;
}
