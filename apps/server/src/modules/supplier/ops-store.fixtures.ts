/**
 * Stores for the store-scope API tests: a member with a password, an approved
 * application, the store's console account (createStoreAccount, as the approval makes it) and the
 * store row, written straight to the tables so that these tests do not wait on the onboarding flow.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { TestServer } from '../../test/harness.ts';
import { createStoreAccount } from '../operators/operators.service.ts';

export interface TestStore {
  id: string;
  name: string;
  memberId: string;
  operatorId: string;
  username: string;
  mobile: string;
  password: string;
}

const PASSWORD = 'Store#Pass-2026';
let passwordHash: Promise<string> | undefined;

export async function makeStore(server: TestServer, name = `店铺${crypto.randomBytes(3).toString('hex')}`): Promise<TestStore> {
  const db = server.running.app.ctx.db;
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const username = `sup_${crypto.randomBytes(4).toString('hex')}`;
  const mobile = `139${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  return db.transaction(async (tx) => {
    const [member] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO members (username, mobile, password_hash, roles)
          VALUES (${username}, ${mobile}, ${hash}, ARRAY['member','supplier']) RETURNING id`,
    );
    const [app] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO supplier_applications (member_id, status, step, company_name, store_name, submitted_at, reviewed_at)
          VALUES (${member!.id}, 'APPROVED', 3, ${name + '有限公司'}, ${name}, now(), now()) RETURNING id`,
    );
    const operatorId = await createStoreAccount(tx, { storeName: name });
    const [store] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO suppliers (member_id, application_id, operator_id, store_name, store_logo, company_name)
          VALUES (${member!.id}, ${app!.id}, ${operatorId}, ${name}, '/uploads/logo.png', ${name + '有限公司'})
          RETURNING id`,
    );
    return { id: store!.id, name, memberId: member!.id, operatorId, username, mobile, password: PASSWORD };
  });
}

/** The store's console token through the supplier sign-in. */
export async function storeToken(server: TestServer, store: TestStore): Promise<string> {
  const res = await server.api.post('/ops/auth/supplier-login', {
    json: { account: store.username, password: store.password },
  });
  if (res.code !== 0) throw new Error(`supplier login failed: ${res.message}`);
  return res.data.token as string;
}

export async function setStoreStatus(server: TestServer, storeId: string, status: 'ACTIVE' | 'DISABLED') {
  await server.running.app.ctx.db.execute(sql`UPDATE suppliers SET status = ${status} WHERE id = ${storeId}`);
}
