/** createStoreAccount: the console account a store is given when its supplier is approved. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows } from '../../lib/db.ts';
import { startTestServer, type TestServer } from '../../test/kit/index.ts';
import { createStoreAccount } from './operators.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const db = () => server.running.app.ctx.db;

describe('createStoreAccount', () => {
  it('makes an operator of role supplier named store_<8 hex> that no password opens', async () => {
    const id = await db().transaction((tx) => createStoreAccount(tx, { storeName: '山野茶舍' }));
    const [op] = await rows<{ username: string; display_name: string; role_key: string; password_hash: string }>(
      db(),
      sql`SELECT username, display_name, role_key, password_hash FROM operators WHERE id = ${id}`,
    );
    expect(op).toMatchObject({ display_name: '山野茶舍', role_key: 'supplier', password_hash: '!' });
    expect(op!.username).toMatch(/^store_[0-9a-f]{8}$/);
    const login = await server.api.post('/ops/auth/login', { json: { username: op!.username, password: '!' } });
    expect(login.code).toBe(Code.BAD_CREDENTIALS);
  });

  it('rolls back with the transaction it is made in', async () => {
    let made = '';
    await expect(
      db().transaction(async (tx) => {
        made = await createStoreAccount(tx, { storeName: '回滚小店' });
        throw new Error('approval failed');
      }),
    ).rejects.toThrow('approval failed');
    expect(await rows(db(), sql`SELECT 1 FROM operators WHERE id = ${made}`)).toHaveLength(0);
  });
});
