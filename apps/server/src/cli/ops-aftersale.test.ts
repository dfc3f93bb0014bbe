import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  paidOrder,
  dbOf,
  makeSku,
  memberIdOf,
} from '../test/kit/index.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');
const OPS_TOKEN = 'ops-token-for-cli-tests-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server?.close());

const ops = (...args: string[]) =>
  run(path.join(serverDir, '../../node_modules/.bin/tsx'), ['src/cli/ops.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, OPS_URL: server.url, OPS_TOKEN },
  });

describe('npm run ops -- aftersale-*', () => {
  it('approves and refunds a request, lists it, and refuses a wrong state with the server message', async () => {
    const m = await registeredMember(server.api);
    const memberId = await memberIdOf(server.api, m.accessToken);
    const sku = await makeSku(dbOf(server), { price: 2000 });
    const order = await paidOrder(server, memberId, [{ ...sku, unitPrice: 2000, quantity: 1 }]);
    const applied = await server.api.post('/member/order/afterSale/apply', {
      token: m.accessToken,
      json: { orderItemId: order.items[0]!.id, type: 'REFUND_ONLY', reason: '拍错/多拍', quantity: 1 },
    });
    const no = applied.data.afterSaleNo as string;

    const approved = await ops('aftersale-approve', no);
    expect(approved.stdout).toContain('已同意');
    expect(approved.stdout).toContain('退款中');
    const refunded = await ops('aftersale-refund', no, '--json');
    expect(JSON.parse(refunded.stdout)).toMatchObject({
      afterSaleNo: no,
      status: 'COMPLETED',
      refund: { amount: 2000, status: 'SUCCESS' },
    });
    const list = await ops('aftersales', 'completed');
    expect(list.stdout).toContain(no);
    await expect(ops('aftersale-reject', no, '无质量问题')).rejects.toMatchObject({
      stderr: expect.stringContaining('已完成，不能进行此操作'),
    });
  }, 60_000);
});
