import crypto from 'node:crypto';
import type { Api, CallOptions } from '../harness.ts';

/**
 * Operators for API tests: made through the console's own calls with the X-Ops-Token (the system
 * operator), signed in, and their one-time password changed, as a new colleague would.
 */
export interface TestOperator {
  username: string;
  password: string;
  token: string;
  roleKey: string;
}

export const asOps = (opsToken: string): Pick<CallOptions, 'headers'> => ({ headers: { 'x-ops-token': opsToken } });
export const bearer = (token: string): Pick<CallOptions, 'headers'> => ({
  headers: { authorization: `Bearer ${token}` },
});

let counter = 0;

export async function makeOperator(api: Api, opsToken: string, roleKey: string): Promise<TestOperator> {
  counter += 1;
  const username = `op${process.pid}_${counter}_${crypto.randomBytes(2).toString('hex')}`;
  const made = await api.post('/ops/operator/create', {
    json: { username, displayName: `测试${roleKey}`, roleKey },
    ...asOps(opsToken),
  });
  if (made.code !== 0) throw new Error(`operator create failed: ${made.message}`);
  const first = await api.post('/ops/auth/login', { json: { username, password: made.data.oneTimePassword } });
  if (first.code !== 0) throw new Error(`operator login failed: ${first.message}`);
  const password = `Ops-${crypto.randomBytes(8).toString('hex')}`;
  const changed = await api.post('/ops/auth/password', {
    json: { oldPassword: made.data.oneTimePassword, newPassword: password },
    ...bearer(first.data.token),
  });
  if (changed.code !== 0) throw new Error(`password change failed: ${changed.message}`);
  return { username, password, token: first.data.token, roleKey };
}
