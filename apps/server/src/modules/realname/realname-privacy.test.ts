/**
 * No database column and no log line holds an ID number in clear. The server here logs at trace
 * level into memory: the harness boots without a logger, so the test switches it on and points
 * pino at a capture stream (through the app's own logger options, redaction and all).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  idNumber,
  idNumberEndingX,
  memberIdOf,
  query,
  withWrongCheck,
} from '../../test/kit/index.ts';

const captured: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    captured.push(String(chunk));
    done();
  },
});

vi.mock('../../lib/logger.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/logger.ts')>();
  return {
    ...original,
    loggerOptions: (level: string) => ({ ...(original.loggerOptions(level) as object), stream: capture }),
  };
});
vi.mock('../../bootstrap.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../bootstrap.ts')>();
  return { ...original, boot: (config: any, opts: any) => original.boot(config, { ...opts, logger: true }) };
});

let server: TestServer;
const numbers = [
  idNumber('110105', '19491231', '002'),
  idNumberEndingX('440305', '19900307'),
  idNumber('650102', '19880808', '021'),
];
/** The 17 digits before the check character: a clear number shows them whatever its last character. */
const bodies = numbers.map((n) => n.slice(0, 17));

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'trace' });
  const m = await registeredMember(server.api);
  const token = m.accessToken;
  const id = (
    await server.api.post('/member/user/realName/add', { token, json: { name: '张三', idNumber: numbers[0] } })
  ).data.id;
  await server.api.post('/member/user/realName/add', {
    token,
    json: { name: '李四', idNumber: numbers[1]!.toLowerCase() },
  });
  // Refusals too: a duplicate, a wrong check character, a number in a query string, a malformed body.
  await server.api.post('/member/user/realName/add', { token, json: { name: '张三', idNumber: numbers[0] } });
  await server.api.post('/member/user/realName/add', {
    token,
    json: { name: '张三', idNumber: withWrongCheck(numbers[2]!) },
  });
  await server.api.post('/member/user/realName/update', { token, json: { id, idNumber: numbers[2] } });
  await server.api.get('/member/user/realName/list', { token, query: { idNumber: numbers[2]! } });
  await server.api.post('/member/user/realName/add', {
    token,
    rawBody: `{"idNumber":"${numbers[2]}"`,
    headers: { 'content-type': 'application/json' },
  });
  await server.api.post('/member/user/realName/add', { json: { name: '张三', idNumber: numbers[1] } });
  await memberIdOf(server.api, token);
});
afterAll(() => server?.close());

describe('ID numbers at rest and in logs', () => {
  it('no text, json or bytea column of any table holds a number in clear', async () => {
    const columns = await query<{ table_name: string; column_name: string; data_type: string }>(
      server,
      sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
          JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
            AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea') OR c.data_type = 'ARRAY')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const found: string[] = [];
    let realNameRows = 0;
    for (const col of columns) {
      const ident = sql.raw(`"${col.table_name}"."${col.column_name}"`);
      const table = sql.raw(`"${col.table_name}"`);
      const asText = col.data_type === 'bytea' ? sql`encode(${ident}, 'escape')` : sql`${ident}::text`;
      const [hit] = await query<{ n: number }>(
        server,
        sql`SELECT count(*) AS n FROM ${table} WHERE upper(${asText}) LIKE ANY (${sql.raw(`ARRAY[${bodies.map((b) => `'%${b}%'`).join(',')}]`)})`,
      );
      if (Number(hit!.n) > 0) found.push(`${col.table_name}.${col.column_name}`);
      if (col.table_name === 'member_real_names' && col.column_name === 'id_cipher') {
        realNameRows = Number(
          (await query<{ n: number }>(server, sql`SELECT count(*) AS n FROM member_real_names`))[0]!.n,
        );
      }
    }
    expect(found).toEqual([]);
    // The search was not empty-handed by accident: the records are there, and it finds what is stored in clear.
    expect(realNameRows).toBe(2);
    const [names] = await query<{ n: number }>(
      server,
      sql`SELECT count(*) AS n FROM member_real_names WHERE name::text LIKE '%张三%'`,
    );
    expect(Number(names!.n)).toBe(1);
  });

  it('no log line holds a number in clear, though every request was logged', async () => {
    const log = captured.join('');
    expect(log).toContain('/member/user/realName/add');
    expect(log).toContain('request completed');
    for (const b of bodies) expect(log.toUpperCase()).not.toContain(b);
  });
});
