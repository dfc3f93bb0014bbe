/**
 * The production build: `npm run build` bundles the server into apps/server/dist as JavaScript
 * (scripts/build-server.mjs), and that build starts with plain Node — no TypeScript loader — finds its
 * migrations and public files from dist, and answers as the sources do.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, START_WAIT_MS, startServerProcess, type Api, type ServerProcess } from './test/kit/index.ts';

const serverFolder = path.resolve(import.meta.dirname, '..');
const built = path.join(serverFolder, 'dist/main.js');

let server: ServerProcess;
let dataDir: string;
let api: Api;

beforeAll(async () => {
  execFileSync(process.execPath, [path.resolve(serverFolder, '../../scripts/build-server.mjs')], { stdio: 'pipe' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-built-'));
  server = await startServerProcess({ dataDir, logLevel: 'info', built });
  api = makeApi(server.url);
}, START_WAIT_MS + 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server', () => {
  it('is JavaScript with the workspace code inside and the packages outside', () => {
    const bundle = fs.readFileSync(built, 'utf8');
    expect(bundle).not.toMatch(/from ["']@mall\/shared["']/);
    expect(bundle).not.toMatch(/\.ts["']/);
    expect(bundle).toMatch(/from ["']fastify["']/);
    for (const tool of ['cli/seed.js', 'cli/ops.js']) expect(fs.existsSync(path.join(serverFolder, 'dist', tool))).toBe(true);
  });

  it('starts with plain Node, migrates its database and answers with its headers', async () => {
    expect(server.output()).toContain('商城已启动');
    const site = await fetch(`${server.url}/member/site/site`);
    expect(site.status).toBe(200);
    expect(((await site.json()) as { code: number }).code).toBe(0);
    expect(site.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(site.headers.get('x-request-id')).toBeTruthy();
    const health = await fetch(`${server.url}/readyz`);
    expect(health.status).toBe(200);
  });

  it('is started by npm run start:built with the Node flags every other start script gives the server', async () => {
    const scripts = path.resolve(serverFolder, '../../scripts');
    const { SERVER_NODE_FLAGS } = (await import(pathToFileURL(path.join(scripts, 'server-node-flags.mjs')).href)) as {
      SERVER_NODE_FLAGS: string[];
    };
    const packageJson = JSON.parse(fs.readFileSync(path.resolve(serverFolder, '../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(SERVER_NODE_FLAGS).toEqual(
      expect.arrayContaining(['--no-allocation-site-pretenuring', '--no-memory-reducer']),
    );
    expect(packageJson.scripts['start:built']).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });

  it('refuses bad input in Chinese as the sources do', async () => {
    const reply = await api.post('/member/user/auth/login/pw', { form: { username: '', password: 'x', clientType: 'PC_BROWSER' } });
    expect(reply.code).not.toBe(0);
    expect(reply.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
