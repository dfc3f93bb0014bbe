/**
 * The web app is built for production whatever NODE_ENV the caller's shell has (scripts/vite-production-build.ts):
 * with NODE_ENV=development the browser's chunks came out as development builds and the server's renderer
 * failed to load ("jsxDEV is not a function"). A small page is built here with the app's own Vite config
 * (client and server builds, as `npm run build` makes them) under NODE_ENV=development.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '../../../web');
const PAGE = path.join(WEB, 'src/test/build-check-page.tsx');

/** What only React's development builds carry. */
const DEVELOPMENT_MARKS = [/jsxDEV/, /\.development\.js/, /react-stack-bottom-frame/];

async function buildPage(outDir: string, ssr: boolean) {
  await build({
    configFile: path.join(WEB, 'vite.config.ts'),
    root: WEB,
    logLevel: 'silent',
    build: ssr
      ? { ssr: PAGE, outDir, emptyOutDir: true }
      : { outDir, emptyOutDir: true, rolldownOptions: { input: PAGE } },
  });
  const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
  return files.filter((f) => f.endsWith('.js')).map((f) => path.join(outDir, f));
}

describe('the web build under NODE_ENV=development', () => {
  let root: string;
  const callerNodeEnv = process.env.NODE_ENV;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-build-mode-'));
    process.env.NODE_ENV = 'development';
  });
  afterAll(() => {
    process.env.NODE_ENV = callerNodeEnv;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("makes the browser's chunks production builds", async () => {
    const chunks = await buildPage(path.join(root, 'client'), false);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      const code = fs.readFileSync(chunk, 'utf8');
      for (const mark of DEVELOPMENT_MARKS) expect(code, `${path.basename(chunk)} ${mark}`).not.toMatch(mark);
    }
  });

  it('makes a server renderer that loads and renders', async () => {
    process.env.NODE_ENV = 'development';
    const [renderer] = await buildPage(path.join(root, 'server'), true);
    const code = fs.readFileSync(renderer!, 'utf8');
    for (const mark of DEVELOPMENT_MARKS) expect(code, String(mark)).not.toMatch(mark);
    const page = (await import(pathToFileURL(renderer!).href)) as { renderBuildCheck: () => string };
    expect(page.renderBuildCheck()).toBe('<p class="build-check">构建检查</p>');
  });
});
