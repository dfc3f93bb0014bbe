/**
 * A failed query is logged by its database code and message only: never the SQL, the bound
 * parameters or the failing row, which hold a buyer's name, mobile and address. The real server
 * runs as its own process (src/main.ts, the production logger configuration) on a database whose
 * addresses table has been given a constraint that refuses one address, so that saving it fails
 * inside the database with the buyer's data bound to the query.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { makeApi, smsSignIn, START_WAIT_MS, startServerProcess, type Api, type ServerProcess } from '../test/kit/index.ts';
import { openDatabase, sql } from './db.ts';
import { migrate } from './migrate.ts';

const RECEIVER = '欧阳测试人';
const MOBILE = '13912345678';
const DETAIL = '幸福路 88 号 故障演练 3 单元';

let server: ServerProcess;
let dataDir: string;
let api: Api;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-db-error-logs-'));
  const database = await openDatabase({ dataDir });
  await migrate(database);
  await database.db.execute(
    sql.raw(`ALTER TABLE addresses ADD CONSTRAINT drill_refuses_address CHECK (detail NOT LIKE '%故障演练%')`),
  );
  await database.close();

  server = await startServerProcess({ dataDir, logLevel: 'info' });
  api = makeApi(server.url);
}, START_WAIT_MS + 30_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a failed query in the log', () => {
  it('shows the database code and message, not the query, its parameters or the row', async () => {
    const { accessToken } = await smsSignIn(api);
    const body = {
      receiverName: RECEIVER,
      mobile: MOBILE,
      provinceCode: '11',
      cityCode: '1101',
      districtCode: '110105',
      detail: DETAIL,
    };
    const res = await api.post('/member/trade/address/create', { token: accessToken, json: body });
    expect(res).toMatchObject({ status: 500, code: Code.SERVER_ERROR, message: '系统繁忙，请稍后再试', data: null });
    expect(JSON.stringify(res)).not.toMatch(/INSERT|addresses|drill_refuses_address/);

    await new Promise((r) => setTimeout(r, 300)); // let the last lines reach the pipe
    const output = server.output();
    const failures = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; err?: Record<string, unknown> })
      .filter((l) => l.msg === 'unhandled error');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.err).toMatchObject({ type: 'DatabaseError', sqlState: '23514' });
    expect(failures[0]!.err!.message).toMatch(/violates check constraint "drill_refuses_address"/);
    expect(failures[0]!.err!.stack).toMatch(/^\s+at /);
    for (const secret of [RECEIVER, MOBILE, '幸福路', '故障演练', 'Failed query', 'params', 'Failing row']) {
      expect(output.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});
