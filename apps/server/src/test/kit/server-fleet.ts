import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makeApi, type Api, type TestServer } from '../harness.ts';
import { drillShop, type DrillShop } from './drill-shop.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

/**
 * Several real server processes on one PostgreSQL database, as a shop runs behind a load balancer: for
 * proofs that a rule holds across processes, not only inside one. They share the secrets, so a token
 * signed by one (or by the holding test server, where set-up goes) opens a session on all of them, and
 * the ops token; their sweepers are off, so only the test's requests change the data. Each has its own
 * data directory (uploads, the sandbox's keys), as separate machines would.
 */
export interface ServerFleet {
  servers: ServerProcess[];
  apis: Api[];
  /** The in-process test server holding the database, with the same secrets: set-up goes through it. */
  holder: TestServer;
  opsToken: string;
  /** The server that request `i` goes to: `i % servers.length`, so a race is spread evenly. */
  apiFor(i: number): Api;
  /** `count` requests at once, request `i` through `apiFor(i)`. */
  race<T>(count: number, request: (api: Api, i: number) => Promise<T>): Promise<T[]>;
  close(): Promise<void>;
}

/** PostgreSQL only (TEST_DATABASE_URL): PGlite is one process's database. */
export async function startServerFleet(prefix: string, count = 2): Promise<ServerFleet> {
  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_KEY: crypto.randomBytes(32).toString('hex'),
    OPS_TOKEN: `fleet-${crypto.randomBytes(16).toString('hex')}`,
  };
  const shop: DrillShop = await drillShop(prefix, secrets);
  if (!shop.holder) throw new Error('a server fleet needs PostgreSQL (TEST_DATABASE_URL)');
  const env = {
    ...secrets,
    SWEEP_INTERVAL_SECONDS: '0',
    SMS_DAILY_LIMIT_PER_IP: '100000',
    SMS_DAILY_LIMIT_PER_VISITOR: '100000',
  };
  const started = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => {
      const dataDir = path.join(shop.dataDir, `server-${i}`);
      fs.mkdirSync(dataDir);
      return startServerProcess({ dataDir, databaseUrl: shop.databaseUrl, logLevel: 'info', env });
    }),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const close = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await shop.close();
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await close();
    throw failed.reason;
  }
  const apis = servers.map((s) => makeApi(s.url));
  const apiFor = (i: number) => apis[i % apis.length]!;
  return {
    servers,
    apis,
    holder: shop.holder,
    opsToken: secrets.OPS_TOKEN,
    apiFor,
    race: (n, request) => Promise.all(Array.from({ length: n }, (_, i) => request(apiFor(i), i))),
    close,
  };
}
