import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import type { Reply } from '@mall/shared';
import { loadConfig } from '../config.ts';
import { boot, type Running } from '../bootstrap.ts';

/**
 * A real server over HTTP for API tests: PGlite in memory by default, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the CI's PostgreSQL pass), dropped afterwards.
 * Both start already migrated when the run's global setup (test/global-setup.ts) made a template:
 * PGlite from a dump of a migrated data directory, PostgreSQL as a copy of a migrated database.
 */
export interface TestServer {
  url: string;
  running: Running;
  api: Api;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  /** Sent form-encoded (spec §7 auth calls) unless json is set. */
  form?: Record<string, unknown>;
  json?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
}

export interface Api {
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<Reply<T> & { status: number }>;
  get<T = any>(path: string, opts?: CallOptions): Promise<Reply<T> & { status: number }>;
  post<T = any>(path: string, opts?: CallOptions): Promise<Reply<T> & { status: number }>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  let dropDatabase: (() => Promise<void>) | undefined;
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `mall_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = inject('pgTemplateDatabase');
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    SMS_DAILY_LIMIT_PER_IP: '100000',
    SMS_DAILY_LIMIT_PER_VISITOR: '100000',
    DATA_DIR: '/nonexistent-test-data-dir',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '20' } : {}),
    ...env,
  });
  const running = await boot(config, {
    inMemory: true,
    logger: false,
    pgliteSnapshot: databaseUrl ? undefined : pgliteSnapshot(),
  });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    running,
    api: makeApi(url),
    close: async () => {
      await running.close();
      await dropDatabase?.();
    },
  };
}

let snapshot: Blob | undefined;
/** The migrated PGlite of this run (read once per test file), or undefined without the global setup. */
function pgliteSnapshot(): Blob | undefined {
  const file = inject('pgliteSnapshotFile');
  if (!file) return undefined;
  snapshot ??= new Blob([fs.readFileSync(file)]);
  return snapshot;
}

export function makeApi(base: string): Api {
  const call = async (method: string, path: string, opts: CallOptions = {}) => {
    const headers: Record<string, string> = { VistorId: 'PC-test-visitor', ...opts.headers };
    if (opts.token) headers.Authorization = opts.token;
    let body: string | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = encodeForm(opts.form);
    } else if (opts.rawBody !== undefined) {
      body = opts.rawBody;
    }
    const qs = opts.query
      ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]): [string, string] => [k, String(v)]))}`
      : '';
    const res = await fetch(`${base}${path}${qs}`, { method, headers, body });
    const text = await res.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { code: -1, message: text, data: null, success: false };
    }
    return { ...parsed, status: res.status };
  };
  return {
    call,
    get: (path, opts) => call('GET', path, opts),
    post: (path, opts) => call('POST', path, opts),
  };
}

/** Form encoding of spec §7: array keys repeated (a=1&a=2). */
export function encodeForm(form: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return params.toString();
}

let mobileCounter = 0;
/** A fresh mobile number per call, unique within a test process. */
export function newMobile(): string {
  mobileCounter += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(mobileCounter).padStart(4, '0')}`;
}

/** The last SMS code sent to a number, read from the development outbox. */
export async function lastSmsCode(api: Api, mobile: string): Promise<string> {
  const res = await api.get<{ content: string }[]>('/dev/sms-outbox', { query: { mobileNumber: mobile } });
  const match = res.data?.[0]?.content.match(/\d{6}/);
  if (!match) throw new Error(`no SMS code for ${mobile}`);
  return match[0];
}

/** Signs a new number in by SMS: a member with an empty roles list. */
export async function smsSignIn(api: Api, mobile = newMobile()) {
  const sent = await api.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } });
  if (sent.code !== 0) throw new Error(`send failed: ${sent.message}`);
  const code = await lastSmsCode(api, mobile);
  const res = await api.post('/member/user/auth/registerAndLogin', {
    form: { mobileNumber: mobile, code, remember: false, clientType: 'PC_BROWSER' },
  });
  if (res.code !== 0) throw new Error(`sms login failed: ${res.message}`);
  return { mobile, ...(res.data as { accessToken: string; refreshToken: string }) };
}

let userCounter = 0;
/** A fully registered member (role `member`) with fresh tokens. */
export async function registeredMember(api: Api) {
  const first = await smsSignIn(api);
  userCounter += 1;
  const username = `u${process.pid}x${userCounter}`;
  const password = `Pw-${crypto.randomBytes(6).toString('hex')}`;
  const res = await api.post('/member/user/auth/registerAndLogin', {
    token: first.accessToken,
    form: { username, password, clientType: 'PC_BROWSER' },
  });
  if (res.code !== 0) throw new Error(`register failed: ${res.message}`);
  return { mobile: first.mobile, username, password, ...(res.data as { accessToken: string; refreshToken: string }) };
}
