import fs from 'node:fs';
import path from 'node:path';
import { OPS_TOKEN_FILE } from '../modules/operators/index.ts';
import { SERVER_FOLDER } from '../lib/server-files.ts';

/**
 * The HTTP client of the ops CLI (cli/ops.ts and the after-sale commands of cli/ops-aftersale.ts):
 * it calls the running server's /ops API with the operator token.
 */
export interface OpsClient {
  get<T = unknown>(p: string, query?: Record<string, string | number | undefined>): Promise<T>;
  post<T = unknown>(p: string, body: unknown): Promise<T>;
  /** Prints data as JSON when --json was given, else the human text. */
  print(data: unknown, text: () => string): void;
}

/** A command of `npm run ops -- <name> ...`. */
export interface OpsCommand {
  usage: string;
  summary: string;
  run(client: OpsClient, args: string[]): Promise<void>;
}

export class OpsError extends Error {}

/** OPS_TOKEN, else the token a demo server keeps in DATA_DIR/ops-token. */
export function findOpsToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OPS_TOKEN) return env.OPS_TOKEN;
  const candidates = [
    env.DATA_DIR ?? './data',
    path.join(SERVER_FOLDER, 'data'),
    path.resolve(SERVER_FOLDER, '../../data'),
  ];
  for (const dir of candidates) {
    const file = path.join(path.resolve(dir), OPS_TOKEN_FILE);
    if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  }
  return undefined;
}

export function opsClient(opts: { baseUrl: string; token: string; json: boolean }): OpsClient {
  const call = async <T>(
    method: string,
    p: string,
    init: { query?: Record<string, string | number | undefined>; body?: unknown },
  ) => {
    const url = new URL(p, opts.baseUrl);
    for (const [k, v] of Object.entries(init.query ?? {}))
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          'x-ops-token': opts.token,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new OpsError(`无法连接服务器 ${opts.baseUrl}（${(err as Error).message}）；请先启动商城或设置 OPS_URL`);
    }
    const reply = (await res.json().catch(() => null)) as { code: number; message: string; data: T } | null;
    if (!reply) throw new OpsError(`服务器回复无法解析（HTTP ${res.status}）`);
    if (reply.code !== 0) throw new OpsError(`${reply.message}（code ${reply.code}）`);
    return reply.data;
  };
  return {
    get: (p, query) => call('GET', p, { query }),
    post: (p, body) => call('POST', p, { body }),
    print: (data, text) => console.log(opts.json ? JSON.stringify(data, null, 2) : text()),
  };
}
